package org.ppbus.check;

/**
 * How many meals one processor may start while another stays hungry, per algorithm, derived from
 * the channel latency L and the shortest hold H (docs/ERRATA.md L1 and docs/PROTOCOL.md give the
 * derivations). Under the handshake a processor granted in cycle g has gnt high for H cycles,
 * lowers req in cycle g+H+1 and can be granted again in cycle g+H+2 at the earliest, so
 * P = H + 2 is the shortest time between two meals of one processor.
 */
public final class OvertakeBound {
    /** Not checked: the algorithm promises freedom from starvation only. */
    public static final int NONE = Integer.MAX_VALUE;

    private OvertakeBound() {
    }

    /**
     * The bound for an algorithm.
     *
     * @param algorithm the algorithm's name
     * @param latencyCycles the channel latency L
     * @param minHoldCycles the shortest hold any processor may use (1 for geometric holds)
     */
    public static int of(String algorithm, int latencyCycles, int minHoldCycles) {
        long period = (long) minHoldCycles + 2;
        return switch (algorithm) {
            // The reclaim reaches the neighbour 2L cycles after the req edge; until then it re-enters
            // on parked forks once per period, and after it it cannot start another meal (ERRATA L1).
            case "campos-carvalho" -> Math.max(1, ceilDiv(2L * latencyCycles, period));
            // One request edge between the two: the neighbour learns after L cycles, and may still
            // eat once after that on a permission or clean fork it already holds.
            case "chandy-misra", "carvalho-roucairol" -> ceilDiv(latencyCycles, period) + 1;
            // Every meal needs the hungry processor's own answer, stamped; only requests sent
            // before the hungry one's request arrived can be older, and at most two fit.
            case "lamport", "ricart-agrawala" -> 2;
            // The token or the central queue serves each waiting processor once per round.
            case "central-rr", "coordinator", "token-ring" -> 1;
            // The seeds claim freedom from starvation and no overtaking bound for the rest: a Raymond
            // or Li–Hudak request still travelling can be passed by any node nearer the token;
            // Maekawa is "not FCFS"; Thambu–Wong serves in order of arrival at the holder, after
            // routes of different lengths.
            default -> NONE;
        };
    }

    private static int ceilDiv(long a, long b) {
        return (int) Math.min(Integer.MAX_VALUE - 1, (a + b - 1) / b);
    }
}
