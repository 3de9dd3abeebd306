package org.ppbus.protocol.descriptor;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.ppbus.bus.Sharing;
import org.ppbus.plane.Wiring;

/**
 * Everything ppbus knows about one mutual-exclusion algorithm, in one place: the tools look it up
 * here instead of switching on its name. Each algorithm's class defines its descriptor; the
 * registry lists them.
 *
 * @param name the name used by {@code --algorithm}
 * @param description one line for help texts
 * @param factory builds the fabric for one run
 * @param messages the message kinds and their widths at n nodes, in the order of their type codes
 * @param wires wires that leave a node at n nodes, each counted once
 * @param fairness how many meals one processor may start while another stays hungry
 * @param claim the seed's claimed messages per entry at n nodes, or null where it gives none
 * @param features what else the algorithm supports
 * @param family the kind of algorithm, which groups it with its relatives in plots and tables
 * @param survival who a crash-stop of one node leaves served, where ppbus derives it
 * @param options turns what a run offers into the algorithm's own settings record
 * @param sharedLines the bus lines every node may drive (wired-OR), at n nodes: 0 for point-to-point
 *     wiring
 * @param starvationFree whether it promises that every request is granted at last; a fixed-priority
 *     design (the plain daisy chain) does not, and a run checks no starvation of it
 */
public record Algorithm(
        String name,
        String description,
        Factory factory,
        Messages messages,
        Wires wires,
        Fairness fairness,
        Claim claim,
        Set<Feature> features,
        Family family,
        Survival survival,
        OptionsReader options,
        Wires sharedLines,
        boolean starvationFree) {
    /** Not checked: the algorithm promises freedom from starvation only. */
    public static final int NO_BOUND = Integer.MAX_VALUE;

    /** Width of the baselines' wrapping timestamps (docs/PROTOCOL.md). */
    public static final int STAMP_BITS = 16;

    public Algorithm {
        Objects.requireNonNull(name);
        Objects.requireNonNull(factory);
        Objects.requireNonNull(family, "family");
        Objects.requireNonNull(survival, "survival");
        features = features.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(features));
    }

    public boolean has(Feature f) {
        return features.contains(f);
    }

    /** Why this algorithm cannot serve a run shared this way, or empty when it can: one line for the user. */
    public Optional<String> refusal(Sharing sharing) {
        int buses = sharing.buses();
        int demand = sharing.demand();
        int groups = sharing.groups();
        if (buses > 1 && !has(Feature.K_BUSES)) {
            return Optional.of(name + " serves one bus; --buses " + buses + " needs a k-exclusion algorithm");
        }
        if (demand > 1 && !has(Feature.DEMAND)) {
            return Optional.of(
                    name + " grants one bus per request; --demand " + demand + " needs an h-out-of-k algorithm");
        }
        if (groups > 0 && !has(Feature.GROUPS)) {
            return Optional.of(
                    name + " has no groups; --groups " + groups + " needs a group mutual exclusion algorithm");
        }
        return Optional.empty();
    }

    /** The overtaking bound for this latency and shortest hold, on one bus. */
    public int overtakeBound(int latencyCycles, int minHoldCycles) {
        return fairness.bound(latencyCycles, minHoldCycles);
    }

    /** The overtaking bound for this latency, shortest hold and sharing. */
    public int overtakeBound(int latencyCycles, int minHoldCycles, Sharing sharing) {
        return fairness.bound(latencyCycles, minHoldCycles, sharing);
    }

    /** The derivation for a crash of node {@code crashed}, or null where none is given. */
    public CrashDerivation survivalAfter(Wiring wiring, AlgorithmOptions options, int crashed) {
        return survival.after(wiring, options, crashed);
    }

    /** The algorithm's own settings for what a run offers. */
    public AlgorithmOptions optionsFor(RunInputs inputs) {
        return options.from(inputs);
    }

    /** Starts a descriptor; name, description and factory are required. */
    public static AlgorithmBuilder named(String name, String description) {
        return new AlgorithmBuilder(name, description);
    }

    /** ⌈a / b⌉ for the fairness formulas, capped below {@link Algorithm#NO_BOUND}. */
    public static int ceilDiv(long a, long b) {
        return (int) Math.min(NO_BOUND - 1, (a + b - 1) / b);
    }

    /** Bits of a node id at n nodes. */
    public static int idBits(int nodes) {
        return Math.max(1, 32 - Integer.numberOfLeadingZeros(nodes - 1));
    }
}
