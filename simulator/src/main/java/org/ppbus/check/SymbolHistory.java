package org.ppbus.check;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import org.ppbus.link.Direction;
import org.ppbus.protocol.cc.Symbols;

/** The last few thousand symbols driven anywhere, for violation reports. */
final class SymbolHistory {
    private static final int SIZE = 4096;
    private final long[] cycle = new long[SIZE];
    private final int[] link = new int[SIZE];
    private final byte[] code = new byte[SIZE];
    private final boolean[] c2a = new boolean[SIZE];
    private long count;

    void add(Direction direction, int l, int c, long t) {
        int i = (int) (count % SIZE);
        cycle[i] = t;
        link[i] = l;
        code[i] = (byte) c;
        c2a[i] = direction == Direction.C2A;
        count++;
    }

    /** The most recent (up to max) symbols on links accepted by the filter, oldest first. */
    List<String> recent(IntPredicate linkFilter, int max, IntFunction<String> linkName) {
        List<String> out = new ArrayList<>();
        long first = Math.max(0, count - SIZE);
        for (long k = count - 1; k >= first && out.size() < max; k--) {
            int i = (int) (k % SIZE);
            if (linkFilter.test(link[i])) {
                String sym = c2a[i] ? Symbols.c2aName(code[i]) : Symbols.a2cName(code[i]);
                out.add(0, "  cycle " + cycle[i] + " " + linkName.apply(link[i]) + (c2a[i] ? " c2a " : " a2c ") + sym);
            }
        }
        return out;
    }
}
