package org.ppbus.cli.verify;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import org.ppbus.verilog.Contract;
import org.ppbus.verilog.proof.LivenessProof;
import org.ppbus.verilog.proof.RtlFaultProof;

/**
 * How {@code verify --rtl --liveness} decided its idle bound at L = 1, in the text report and in
 * the JSON's {@code waitBound.idleProof}: the strengthening invariants pdr proved (or broke) and
 * the k-induction that used them.
 */
final class IdleProofReport {
    private IdleProofReport() {}

    /** The lines after the verdicts; nothing where the invariants were not tried. */
    static void print(PrintStream out, LivenessProof.Strengthening s, Contract.WaitBound b, Path keep) {
        if (s == null) {
            return;
        }
        if (!s.proven()) {
            out.printf(
                    Locale.ROOT,
                    "  strengthening invariants: %s, so none is assumed and pdr decides the idle bound%n",
                    s.broken().isEmpty()
                            ? "not all of the " + s.invariants() + " proven"
                            : s.broken().size() + " of " + s.invariants() + " broken by pdr (first: "
                                    + s.broken().get(0) + ")");
            return;
        }
        out.printf(
                Locale.ROOT,
                "  strengthening invariants: all %d PROVEN by pdr from the reset, then assumed by k-induction%n",
                s.invariants());
        if (s.method() != LivenessProof.IdleMethod.PDR && s.length() < 0) {
            out.printf("  idle bound: the k-induction was stopped before it closed%n");
            return;
        }
        switch (s.method()) {
            case INDUCTION ->
                out.printf(
                        Locale.ROOT,
                        "  idle bound G = %d: by k-induction of length %d (Yosys sat -tempinduct%s)%n",
                        b.gap(),
                        s.length(),
                        rerun(keep, "idle-induction-" + b.gap()));
            case SEGMENTS -> {
                out.printf(
                        Locale.ROOT,
                        "  idle bound G = nR = %d: at most R = %d idle cycles with the same requests, by k-induction of"
                                + " length %d%s; req only grows while the bus is idle, so at most n segments"
                                + " (Yosys sat -tempinduct%s)%n",
                        b.gap(),
                        s.segment(),
                        s.length(),
                        s.segmentsRefuted().isEmpty()
                                ? ""
                                : ", R = " + FaultProofStep.runs(s.segmentsRefuted()) + " refuted",
                        rerun(keep, "idle-segments-" + s.segment()));
                if (s.directGap() > 0) {
                    out.printf(
                            Locale.ROOT,
                            "  idle bound G = %d directly: undecided, the induction at length %d when its time ran out%n",
                            s.directGap(),
                            s.directLength());
                }
            }
            case PDR -> out.printf("  idle bound: neither induction closed, so pdr decides it%n");
        }
    }

    /**
     * How a proven verdict reads: proven on its own, or, for the idle bound where the segments
     * proved it, following from them (G = nR, argued below it), since no proof ran on G itself.
     */
    static String proven(LivenessProof.Strengthening s, RtlFaultProof.Verdict v) {
        return s != null && s.fromSegments(v)
                ? "FOLLOWS from the segment bound below (G = nR)"
                : "PROVEN in every reachable state";
    }

    private static String rerun(Path keep, String folder) {
        return keep == null ? "" : "; rerun: cd " + keep.resolve(folder) + " && yosys -s induct.ys";
    }

    /** {@code waitBound.idleProof}, or null where the invariants were not tried. */
    static void json(ObjectNode waitBound, LivenessProof.Strengthening s) {
        if (s == null) {
            waitBound.putNull("idleProof");
            return;
        }
        ObjectNode o = waitBound.putObject("idleProof");
        o.put("invariants", s.invariants());
        o.put("invariantsProven", s.proven());
        ArrayNode broken = o.putArray("invariantsBroken");
        s.broken().forEach(broken::add);
        o.put(
                "method",
                switch (s.method()) {
                    case INDUCTION -> "k-induction";
                    case SEGMENTS -> "segments";
                    case PDR -> "pdr";
                });
        if (s.method() == LivenessProof.IdleMethod.SEGMENTS) {
            o.put("segmentMaxCycles", s.segment());
        } else {
            o.putNull("segmentMaxCycles");
        }
        ArrayNode refuted = o.putArray("segmentsRefuted");
        s.segmentsRefuted().forEach(refuted::add);
        if (s.length() > 0) {
            o.put("inductionLength", s.length());
        } else {
            o.putNull("inductionLength");
        }
        if (s.directGap() > 0) {
            o.put("directGapUndecided", s.directGap());
        } else {
            o.putNull("directGapUndecided");
        }
    }
}
