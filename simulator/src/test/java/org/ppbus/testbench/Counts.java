package org.ppbus.testbench;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.Symbols;

/**
 * Message counts over a slice of a harness's symbol log, computed here from the definitions of
 * docs/SPEC.md §0 and docs/SPEC.md (contract) rather than taken from the statistics code.
 */
record Counts(long total, long remote, long combinedRemote, Map<String, Long> kinds) {

    static Counts of(Wiring w, List<long[]> symbols, int from) {
        long total = 0;
        long remote = 0;
        long combined = 0;
        Map<String, Long> kinds = new HashMap<>();
        Map<Long, Long> lastFork = new HashMap<>(); // (link, dir) -> cycle of last fork symbol
        int k = w.lineSize();
        for (int i = from; i < symbols.size(); i++) {
            long[] s = symbols.get(i);
            long cycle = s[0];
            boolean c2a = s[1] == 1;
            int link = (int) s[2];
            int code = (int) s[3];
            int client = link / k;
            int arbiter = w.arbitersOf(client)[link % k];
            boolean local = client == arbiter;
            total++;
            String name = c2a ? Symbols.c2aName(code) : Symbols.a2cName(code);
            kinds.merge((c2a ? "c2a " : "a2c ") + name, 1L, Long::sum);
            long key = link * 2L + (c2a ? 1 : 0);
            boolean fork = c2a ? code == Symbols.DIRTY_FORK : code == Symbols.FORK;
            boolean request = c2a ? code == Symbols.C_REQUEST : code == Symbols.A_REQUEST;
            boolean joins = request && lastFork.getOrDefault(key, -10L) == cycle - 1;
            if (fork) {
                lastFork.put(key, cycle);
            }
            if (!local) {
                remote++;
                if (!joins) {
                    combined++;
                }
            }
        }
        return new Counts(total, remote, combined, kinds);
    }

    long kind(String k) {
        return kinds.getOrDefault(k, 0L);
    }
}
