package org.ppbus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ppbus.link.Direction;
import org.ppbus.protocol.RuleSet;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.Symbols;
import org.ppbus.testkit.Search;

/**
 * The fork on its way back to an arbiter, which H reads on every link of every state the search
 * checks, is first decided from the channels' and queues' fork counts (nothing listed where they are
 * zero). Here it is compared, on every state and link of a search, with the answer read from the
 * symbols themselves: the client's output queue, head first, then the channel's pipeline. The
 * searches cover timed channels at L = 1 and 2, asynchronous FIFOs, +heal, re-entry, and a
 * duplicate on its way. None of them reaches a state with a fork in a client's output queue, so
 * the queue's half of the count is checked here only where it is zero; it is the count I2's fork
 * conservation reads too ({@code CcNetwork.forksInTransit}).
 */
@Search
class ForkReturningTest {
    @ParameterizedTest(name = "n = {0}, L = {1}, {2}, fifo {3}, faults {4}")
    @CsvSource({
        "3, 1, fixed, 0, 0",
        "3, 2, fixed, 0, 0",
        "3, 1, fixed, 4, 0",
        "3, 1, fixed+heal, 0, 3",
        "7, 1, fixed, 0, 0",
        "3, 2, fixed+heal, 0, 0",
        "3, 1, literal+F1+F2, 0, 0",
        "3, 2, fixed+heal, 0, 1",
    })
    void theCountsAgreeWithTheSymbols(int n, int latency, String rules, int fifo, int faults) {
        SearchOptions o = SearchOptions.of(n, latency, RuleSet.parse(rules))
                .withoutLiveness()
                .withMaxStates(n == 7 ? 30_000 : 60_000);
        o = fifo == 0 ? o : o.withFifo(fifo);
        o = faults == 0 ? o : o.withFaults(faults).withActive(3);
        o = rules.startsWith("literal") ? o.withReentry(7) : o;
        StateSearch search = new StateSearch(o);
        search.run(() -> 0);
        SearchModel m = new SearchModel(o);
        CcNetwork net = m.net;
        int returning = 0;
        for (long[] s : search.statesFound()) {
            m.stepper.restore(s); // cycle 0 is the next one, so the state is the one after cycle -1
            for (int link = 0; link < net.wiring().links(); link++) {
                int listed = listed(net, link);
                assertEquals(listed, net.view(-1).forkReturning(link), "link " + link);
                returning += listed != 0 ? 1 : 0;
            }
        }
        assertTrue(returning > 0, "some state has a fork on its way back");
    }

    private static int listed(CcNetwork net, int link) {
        for (int code : net.queued(Direction.C2A, link)) {
            if (Symbols.carriesFork(Direction.C2A, code)) {
                return code;
            }
        }
        for (int code : net.inFlight(Direction.C2A, link, -1)) {
            if (Symbols.carriesFork(Direction.C2A, code)) {
                return code;
            }
        }
        return 0;
    }
}
