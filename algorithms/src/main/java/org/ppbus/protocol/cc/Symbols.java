package org.ppbus.protocol.cc;

import java.util.stream.IntStream;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;

/** The 2-bit E1 codes of docs/SPEC.md (contract). Code 0 is idle in both directions. */
public final class Symbols {
    private Symbols() {}

    public static final int IDLE = 0;

    /** Arbiter → client. */
    public static final int FORK = 1;

    public static final int A_REQUEST = 2;
    public static final int STRONG_REQUEST = 3;

    /** Client → arbiter. */
    public static final int CLEAN_FORK = 1;

    public static final int DIRTY_FORK = 2;
    public static final int C_REQUEST = 3;

    /**
     * Wires that leave a node, each counted once: every remote link has two 2-bit channels, 4 wires;
     * the link to the node's own arbiter stays inside.
     */
    static double wiresPerNode(int nodes) {
        Wiring w = Wiring.forNodes(nodes);
        long remote =
                IntStream.range(0, w.links()).filter(link -> !w.isLocal(link)).count();
        return 4.0 * remote / w.nodes();
    }

    public static String a2cName(int code) {
        return switch (code) {
            case IDLE -> "idle";
            case FORK -> "FORK";
            case A_REQUEST -> "REQUEST";
            case STRONG_REQUEST -> "STRONG_REQUEST";
            default -> throw new IllegalArgumentException("not a 2-bit code: " + code);
        };
    }

    public static String c2aName(int code) {
        return switch (code) {
            case IDLE -> "idle";
            case CLEAN_FORK -> "CLEAN_FORK";
            case DIRTY_FORK -> "DIRTY_FORK";
            case C_REQUEST -> "REQUEST";
            default -> throw new IllegalArgumentException("not a 2-bit code: " + code);
        };
    }

    /** True for codes that carry an arbiter's fork in the given direction. */
    public static boolean carriesFork(Direction direction, int code) {
        return direction == Direction.C2A ? code == CLEAN_FORK || code == DIRTY_FORK : code == FORK;
    }

    /** The codes that carry a fork in the given direction, as a bit mask (bit c for code c). */
    static int forkCodes(Direction direction) {
        int mask = 0;
        for (int code = 0; code < 4; code++) {
            mask |= carriesFork(direction, code) ? 1 << code : 0;
        }
        return mask;
    }

    /** A code's name in the given direction. */
    public static String name(Direction direction, int code) {
        return direction == Direction.C2A ? c2aName(code) : a2cName(code);
    }
}
