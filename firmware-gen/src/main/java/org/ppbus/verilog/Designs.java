package org.ppbus.verilog;

import java.util.List;
import org.ppbus.plane.Wiring;

/** The designs ppbus can emit, by algorithm name. */
public final class Designs {
    public static final List<String> ALGORITHMS = List.of("campos-carvalho", "central-rr");

    private Designs() {}

    public static GeneratedDesign generate(String algorithm, int nodes, int latencyCycles, String toolVersion) {
        return switch (algorithm) {
            case "campos-carvalho" -> new CcVerilogGenerator(toolVersion).generate(Wiring.forNodes(nodes), latencyCycles);
            case "central-rr" -> new RoundRobinVerilogGenerator(toolVersion).generate(nodes);
            default -> throw new IllegalArgumentException("unknown algorithm '" + algorithm + "' ("
                    + String.join(", ", ALGORITHMS) + ")");
        };
    }
}
