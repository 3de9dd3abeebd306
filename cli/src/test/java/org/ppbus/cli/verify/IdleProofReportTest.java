package org.ppbus.cli.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ppbus.verilog.proof.LivenessProof;
import org.ppbus.verilog.proof.RtlFaultProof;

/** The idle bound's verdict names what ran: a proof on G, or the segment bound it follows from. */
class IdleProofReportTest {
    private static final RtlFaultProof.Verdict GAP =
            new RtlFaultProof.Verdict("the bus idle at most G cycles while a request waits", true, -1);
    private static final RtlFaultProof.Verdict MEALS =
            new RtlFaultProof.Verdict("each other granted at most M times while one waits", true, -1);

    private static LivenessProof.Strengthening by(LivenessProof.IdleMethod method) {
        return new LivenessProof.Strengthening(529, List.of(), true, method, 6, List.of(1, 2), 7, 15, 15);
    }

    @Test
    void aBoundFromTheSegmentsIsNotCalledProvenOnG() {
        assertEquals(
                "FOLLOWS from the segment bound below (G = nR)",
                IdleProofReport.proven(by(LivenessProof.IdleMethod.SEGMENTS), GAP));
        assertEquals(
                "PROVEN in every reachable state",
                IdleProofReport.proven(by(LivenessProof.IdleMethod.SEGMENTS), MEALS));
        assertEquals(
                "PROVEN in every reachable state", IdleProofReport.proven(by(LivenessProof.IdleMethod.INDUCTION), GAP));
        assertEquals("PROVEN in every reachable state", IdleProofReport.proven(null, GAP));
    }
}
