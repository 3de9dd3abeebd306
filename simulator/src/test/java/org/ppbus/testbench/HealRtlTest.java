package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.Symbols;
import org.ppbus.testkit.Simulator;
import org.ppbus.verilog.SignalNames;

/**
 * {@code fixed+heal} in the RTL: Icarus replays a Java run and every gnt and channel symbol must
 * agree, without faults and with one lost or duplicated symbol of every kind that a unit repairs
 * (the RTL channel is made to lose or repeat the same symbol as the Java one). Without faults the
 * heal rules still act (the beat's repeated requests, H6's held-back grants and returns), so both
 * halves are compared.
 */
@Simulator
class HealRtlTest {

    private static SimulationConfig.Builder cfg(int n, double load, long cycles, long seed, int latency) {
        return SimulationConfig.defaults().toBuilder()
                .nodes(n)
                .load(load)
                .cycles(cycles)
                .seed(seed)
                .latencyCycles(latency)
                .rules("fixed+heal");
    }

    @ParameterizedTest
    @CsvSource({"3,0.3,1,1", "7,0.2,2,2", "10,0.1,4,3", "2,0.5,5,1"})
    void withoutFaultsEverySymbolMatches(int n, double load, long seed, int latency, @TempDir Path dir)
            throws IOException {
        RtlReplay replay = new RtlReplay(cfg(n, load, 5_000, seed, latency).build()).record();
        assertNull(replay.javaResult().violation());
        RtlReplay.Outcome o = replay.runIcarus(dir, "test");
        assertEquals(List.of(), o.mismatches());
        assertEquals(List.of(), o.rtlErrors());
        assertEquals(replay.javaResult().summary().entries(), o.grants());
    }

    /**
     * Each symbol class a repair starts from: a FORK, a reclaim (Strong)REQUEST, a DIRTY_FORK, a
     * CLEAN_FORK and a client's REQUEST, the first of each driven after cycle 300 of the fault-free
     * run (within 20,000 cycles), is dropped and, separately, duplicated. The Java run must recover or mask it, and the RTL
     * must do exactly what the Java units do, symbol for symbol.
     */
    @ParameterizedTest
    @CsvSource({"7,0.3,11,1,true", "3,0.5,3,1,false", "10,0.3,4,3,false"})
    void everyRepairMatches(int n, double load, long seed, int latency, boolean clean, @TempDir Path dir)
            throws IOException {
        List<String> targets =
                firstOfEachClass(cfg(n, load, 20_000, seed, latency).build(), 300);
        // R7's CLEAN_FORK is rare (a StrongRequest must meet a clean fork); the first run has one.
        assertEquals(
                clean ? 5 : 4,
                targets.stream().filter(t -> !t.startsWith("no ")).count(),
                targets.toString());
        int run = 0;
        for (String target : targets) {
            if (target.startsWith("no ")) {
                continue;
            }
            long cycles = Long.parseLong(target.substring(0, target.indexOf('@'))) + 1_500;
            for (String kind : List.of("drop", "duplicate")) {
                SimulationConfig c = cfg(n, load, cycles, seed, latency)
                        .fault(kind + ":" + target)
                        .build();
                RtlReplay replay = new RtlReplay(c).record();
                FaultOutcome f = replay.javaResult().fault();
                assertNotNull(f);
                assertTrue(f.injected(), kind + ":" + target + " was not injected");
                assertTrue(
                        f.verdict().equals("recovered") || f.verdict().equals("masked"),
                        kind + ":" + target + " " + f.verdict());
                RtlReplay.Outcome o = replay.runIcarus(dir.resolve("r" + run++), "test");
                assertEquals(List.of(), o.mismatches(), kind + ":" + target);
                assertEquals(List.of(), o.rtlErrors(), kind + ":" + target);
                assertEquals(replay.javaResult().summary().entries(), o.grants(), kind + ":" + target);
            }
        }
    }

    /** The comparison sees the repair: an RTL client that never reads a lost fork diverges after a dropped FORK. */
    @Test
    void anRtlWithoutTheRepairIsCaught(@TempDir Path dir) throws IOException {
        SimulationConfig base = cfg(7, 0.3, 3_000, 11, 1).build();
        String fork = firstOfEachClass(base, 300).get(0);
        assertFalse(fork.startsWith("no "));
        RtlReplay replay =
                new RtlReplay(cfg(7, 0.3, 3_000, 11, 1).fault("drop:" + fork).build()).record();
        assertEquals("recovered", replay.javaResult().fault().verdict());
        String from = "& ~fork_q & ~upto_2l1 & ~regen_q)";
        boolean[] applied = {false};
        RtlReplay.Outcome bad = replay.runIcarus(dir, "test", text -> {
            applied[0] |= text.contains(from);
            return text.replace(from, "& {K{1'b0}})");
        });
        assertTrue(applied[0], "mutation not applied");
        assertFalse(bad.mismatches().isEmpty(), "a client that never regenerates went unnoticed");
    }

    /**
     * CYCLE@CHANNEL of the first symbol of each class driven at or after {@code from}: a2c FORK, a2c
     * (Strong)REQUEST, c2a DIRTY_FORK, c2a CLEAN_FORK, c2a REQUEST; "no" and the class where none is.
     */
    private static List<String> firstOfEachClass(SimulationConfig c, long from) throws IOException {
        Wiring w = Wiring.forNodes(c.nodes());
        String[] found = new String[5];
        new Simulation(c)
                .tap(new SymbolTap() {
                    @Override
                    public void symbol(Direction d, int link, int code, long cycle) {
                        int k = classOf(d, code);
                        if (cycle >= from && found[k] == null) {
                            int i = w.linkClient(link);
                            int j = w.linkArbiter(link);
                            found[k] =
                                    cycle + "@" + (d == Direction.C2A ? SignalNames.c2a(i, j) : SignalNames.a2c(j, i));
                        }
                    }

                    @Override
                    public void grant(int node, boolean high, long cycle) {}
                })
                .run();
        List<String> out = new ArrayList<>();
        String[] names = {"FORK", "(Strong)REQUEST", "DIRTY_FORK", "CLEAN_FORK", "REQUEST"};
        for (int k = 0; k < found.length; k++) {
            out.add(found[k] == null ? "no " + names[k] : found[k]);
        }
        return out;
    }

    private static int classOf(Direction d, int code) {
        if (d == Direction.A2C) {
            return code == Symbols.FORK ? 0 : 1;
        }
        return code == Symbols.DIRTY_FORK ? 2 : code == Symbols.CLEAN_FORK ? 3 : 4;
    }
}
