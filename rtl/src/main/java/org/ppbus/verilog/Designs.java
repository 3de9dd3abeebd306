package org.ppbus.verilog;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.registry.Algorithms;

/**
 * The designs ppbus can emit: one generator per algorithm whose descriptor has
 * {@link Feature#RTL} (a test keeps the two in step).
 */
public final class Designs {
    /** Emits one algorithm's design. */
    interface Generator {
        GeneratedDesign generate(int nodes, int latencyCycles, RuleSet rules, String toolVersion);
    }

    static final Map<Algorithm, Generator> GENERATORS = generators();

    private Designs() {}

    private static Map<Algorithm, Generator> generators() {
        Map<Algorithm, Generator> g = new HashMap<>();
        g.put(CcNetwork.ALGORITHM, (n, l, r, v) -> new CcVerilogGenerator(v).generate(Wiring.forNodes(n), l, r));
        for (Algorithm wired : WiredVerilogGenerator.SPECS.keySet()) {
            g.put(wired, (n, l, r, v) -> new WiredVerilogGenerator(v).generate(wired, n));
        }
        return Map.copyOf(g);
    }

    /** The algorithms with RTL, in the registry's order. */
    public static List<Algorithm> algorithms() {
        return Algorithms.with(Feature.RTL);
    }

    /** The fewest processors the algorithm's design is emitted for (a wired arbiter's own minimum, else 1). */
    public static int minNodes(Algorithm algorithm) {
        WiredVerilogGenerator.Spec spec = WiredVerilogGenerator.SPECS.get(algorithm);
        return spec == null ? 1 : spec.minNodes();
    }

    public static List<String> names() {
        return algorithms().stream().map(Algorithm::name).toList();
    }

    /** The design of a named algorithm with its default (fixed) rules. */
    public static GeneratedDesign generate(String algorithm, int nodes, int latencyCycles, String toolVersion) {
        return generate(Algorithms.named(algorithm), nodes, latencyCycles, RuleSet.FIXED, toolVersion);
    }

    /**
     * @throws IllegalArgumentException when the algorithm has no RTL, or takes no rule set and
     *     another than the fixed one is asked for
     */
    public static GeneratedDesign generate(
            Algorithm algorithm, int nodes, int latencyCycles, RuleSet rules, String toolVersion) {
        Generator g = GENERATORS.get(algorithm);
        if (g == null || !algorithm.has(Feature.RTL)) {
            throw new IllegalArgumentException("algorithm " + algorithm.name() + " has no RTL (RTL exists for "
                    + String.join(", ", names()) + ")");
        }
        if (!algorithm.has(Feature.RULES) && !rules.equals(RuleSet.FIXED)) {
            throw new IllegalArgumentException("a rule set applies to "
                    + String.join(
                            ", ",
                            Algorithms.with(Feature.RULES).stream()
                                    .map(Algorithm::name)
                                    .toList()) + " only");
        }
        return g.generate(nodes, latencyCycles, rules, toolVersion);
    }
}
