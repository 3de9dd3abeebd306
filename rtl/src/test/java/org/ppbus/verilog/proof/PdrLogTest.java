package org.ppbus.verilog.proof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ppbus.verilog.ExternalTool;
import org.ppbus.verilog.proof.RtlFaultProof.Ended;

/**
 * How the fault proof reads pdr's output, on logs of real runs of yosys-abc 0.23 on the triangle's
 * fixed+heal model under a drop and a duplicate (pdr -a -v -r -n -c): one proven in frame 17, one
 * stopped by pdr's limit of 2 s after frame 6 with its summary, and one with a limit of 6 s that
 * aborted on pdr's own assertion in its 'down' step after frame 8 instead of printing a summary.
 */
class PdrLogTest {
    private static final List<String> PROPERTIES = List.of("at most one gnt", "fork held only by its OWNER");

    private static String log(String name) throws IOException {
        try (InputStream in = PdrLogTest.class.getResourceAsStream("pdr/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static RtlFaultProof.Result judged(String name, int exitCode, boolean atLimit) throws IOException {
        String text = log(name);
        return PdrLog.judge(PdrLog.parse(text, PROPERTIES, 1.0), new ExternalTool.Result(exitCode, text), atLimit);
    }

    @Test
    void aProofThatClosedIsDecided() throws IOException {
        RtlFaultProof.Result r = judged("proven.log", 0, false);
        assertEquals(Ended.DECIDED, r.ended());
        assertTrue(r.proven());
        assertEquals(17, r.frameReached());
        assertEquals(229, r.latches(), "the registers after scorr, the second print_stats");
    }

    @Test
    void pdrsOwnTimeLimitLeavesTheProofUndecidedWithItsFrame() throws IOException {
        RtlFaultProof.Result r = judged("timed-out.log", 0, true);
        assertEquals(Ended.TIME_LIMIT, r.ended());
        assertTrue(
                r.verdicts().stream().noneMatch(v -> v.proven() || v.broken()),
                r.verdicts().toString());
        assertEquals(6, r.frameReached());
    }

    /** pdr's abort when its limit strikes inside 'down' is the same undecided proof, at the limit only. */
    @Test
    void pdrsAbortAtItsLimitIsUndecidedAndElsewhereAnError() throws IOException {
        RtlFaultProof.Result r = judged("aborted-at-limit.log", 134, true);
        assertEquals(Ended.TIME_LIMIT, r.ended());
        assertEquals(8, r.frameReached());
        IOException e = assertThrows(IOException.class, () -> judged("aborted-at-limit.log", 134, false));
        assertTrue(e.getMessage().contains("exit code 134") && e.getMessage().contains("micResult"), e.getMessage());
    }

    /** An interrupt kills the tool with the JVM (ExternalTool's shutdown hook): SIGKILL, 128 + 9. */
    @Test
    void aKillFromOutsideIsAStoppedProof() throws IOException {
        RtlFaultProof.Result r = judged("aborted-at-limit.log", 137, false);
        assertEquals(Ended.STOPPED, r.ended());
        assertEquals(8, r.frameReached());
    }

    @Test
    void framesAreReadFromProgressLinesOnly() {
        assertEquals(6, PdrLog.frameOf("  6 : 0 8 57 144 358 571 380      7   222      2.00 sec  CEX =   0"));
        assertEquals(-1, PdrLog.frameOf("Frame Clauses                     Max Queue Flops Cex      Time"));
        assertEquals(-1, PdrLog.frameOf("proof     : i/o =  271/    2  lat =  229  and =   2265  lev = 53"));
    }

    /**
     * The model's latches as read and after scorr, from the proof script's two print_stats lines
     * (a wired round robin's proof, where scorr alone proves the property and leaves none).
     */
    @Test
    void theLatchesAreReadBeforeAndAfterScorr() {
        String log = "proof-after-reset : i/o =    7/    1  lat =   14  and =    111  lev = 14\n"
                + "proof-after-reset : i/o =    7/    1  lat =    0  and =      0  lev =  0\n";
        assertEquals(14, PdrLog.latchesRead(log));
        assertEquals(0, PdrLog.parse(log, PROPERTIES, 1.0).latches());
        assertEquals(-1, PdrLog.latchesRead(""));
    }
}
