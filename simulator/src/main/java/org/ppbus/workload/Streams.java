package org.ppbus.workload;

import java.nio.charset.StandardCharsets;

/** Named, independent random streams derived from one run seed (DSOL's habit). */
public final class Streams {
    private Streams() {}

    /** A 64-bit seed for the stream (name, index) of a run: SplitMix64 over an FNV-1a hash. */
    public static long seedFor(long runSeed, String name, int index) {
        long h = 0xcbf29ce484222325L;
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ b) * 0x100000001b3L;
        }
        return mix(mix(runSeed ^ h) + index);
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
