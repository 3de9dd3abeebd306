package org.ppbus.testbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.link.Direction;
import org.ppbus.testkit.Simulator;

/**
 * {@code fixed+reclaim} in the RTL: Icarus replays a Java run with a crash-stop, and every gnt and
 * channel symbol must agree. The testbench silences the dead node's outputs where they enter their
 * channels and raises its bit of the top level's {@code dead} input 2L cycles after the crash, as
 * the Java model's failure detector tells the neighbours; both halves then recover the same way.
 */
@Simulator
class ReclaimRtlTest {

    private static SimulationConfig cfg(int n, double load, long seed, int latency, String fault) {
        return cfg("fixed+reclaim", n, load, seed, latency, fault);
    }

    private static SimulationConfig cfg(String rules, int n, double load, long seed, int latency, String fault) {
        SimulationConfig.Builder b = SimulationConfig.defaults().toBuilder()
                .nodes(n)
                .load(load)
                .cycles(4_000)
                .seed(seed)
                .latencyCycles(latency)
                .rules(rules)
                .watchdogCycles(10_000);
        return (fault == null ? b : b.fault(fault)).build();
    }

    /**
     * Crashes of an ordinary node and of node 0, at several sizes and latencies (n = 10 is padded,
     * n = 4 has single-port arbiters), and the same design without a crash.
     */
    @ParameterizedTest
    @CsvSource({
        "fixed+reclaim,7,0.3,1,1,crash:3@1500",
        "fixed+reclaim,13,0.5,2,2,crash:0@900",
        "fixed+reclaim,10,0.4,3,3,crash:6@1201",
        "fixed+reclaim,4,0.5,4,1,crash:1@700",
        "fixed+reclaim,7,0.3,5,2,none",
        "fixed+heal+reclaim,7,0.3,1,1,crash:3@1500",
        "fixed+heal+reclaim,13,0.5,2,2,crash:0@900",
        "fixed+heal+reclaim,10,0.4,3,3,crash:6@1201",
        "fixed+heal+reclaim,4,0.5,4,1,crash:1@700"
    })
    void everySymbolMatchesAcrossTheCrash(
            String rules, int n, double load, long seed, int latency, String fault, @TempDir Path dir)
            throws IOException {
        RtlReplay replay =
                new RtlReplay(cfg(rules, n, load, seed, latency, fault.equals("none") ? null : fault)).record();
        SimulationResult java = replay.javaResult();
        assertEquals(0, java.mutexViolations());
        if (!fault.equals("none")) {
            assertNotNull(java.fault().survival());
            assertTrue(
                    java.fault().survival().survivors().length > 0,
                    "nobody survived: nothing to compare after the crash");
        }
        RtlReplay.Outcome o = replay.runIcarus(dir, "test");
        assertEquals(List.of(), o.mismatches());
        assertEquals(List.of(), o.rtlErrors());
        assertEquals(java.summary().entries(), o.grants());
    }

    /**
     * The comparison sees the recovery: an RTL client that never gives up, and an RTL arbiter that
     * never takes its fork back from the dead client, each diverge from the Java units. Node 0
     * crashes in the second cycle of a meal, so it holds every fork of its line: its arbiters must
     * take theirs back, and the clients of arbiter 0 that want a fork must give up.
     */
    @ParameterizedTest
    @CsvSource(
            delimiter = '#',
            value = {
                "ppbus_client#doomed_q | (|(dead_new & ~fork_q))#1'b0",
                "ppbus_arbiter#(owner_q & ~dead_new)#owner_q"
            })
    void anRtlWithoutTheRecoveryIsCaught(String module, String from, String to, @TempDir Path dir) throws IOException {
        long[] meal = {-1};
        new Simulation(cfg(13, 0.5, 2, 2, null))
                .tap(new SymbolTap() {
                    @Override
                    public void symbol(Direction d, int link, int code, long cycle) {}

                    @Override
                    public void grant(int node, boolean high, long cycle) {
                        if (node == 0 && high && cycle >= 800 && meal[0] < 0) {
                            meal[0] = cycle + 1;
                        }
                    }
                })
                .run();
        assertTrue(meal[0] > 0, "node 0 never ate after cycle 800");
        RtlReplay replay = new RtlReplay(cfg(13, 0.5, 2, 2, "crash:0@" + (meal[0] + 1))).record();
        RtlReplay.Outcome good = replay.runIcarus(dir.resolve("good"), "test");
        assertEquals(List.of(), good.mismatches());
        boolean[] applied = {false};
        RtlReplay.Outcome bad = replay.runIcarus(dir.resolve("bad"), "test", text -> {
            if (!text.contains("module " + module + " ")) {
                return text;
            }
            applied[0] |= text.contains(from);
            return text.replace(from, to);
        });
        assertTrue(applied[0], "mutation not applied to " + module);
        assertFalse(bad.mismatches().isEmpty(), "a unit without the recovery went unnoticed");
    }
}
