package org.ppbus.cli.verify;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import org.ppbus.cli.console.WorkFolder;
import org.ppbus.cli.options.Version;
import org.ppbus.search.SearchOptions;
import org.ppbus.verilog.proof.RtlProof;

/**
 * {@code verify --rtl}: the Yosys induction proof of "at most one gnt" on the generated RTL, and its
 * line in the report. An interrupt stops Yosys with the JVM; the proof is then undecided, and says so.
 */
public final class RtlProofStep {
    private RtlProofStep() {}

    /** The proof's result, or null when an interrupt stopped it (a line says so). */
    public static RtlProof.Result run(
            PrintStream out, SearchOptions opt, int maxSteps, Path keep, BooleanSupplier stopped) throws IOException {
        RtlProof.Result proof;
        try (WorkFolder f = WorkFolder.open(keep, "ppbus-proof")) {
            proof = RtlProof.run(opt.nodes(), opt.latency(), opt.rules(), true, maxSteps, f.dir(), Version.VERSION);
        } catch (IOException e) {
            if (!stopped.getAsBoolean()) {
                throw e;
            }
            // The JVM's stop killed Yosys (ExternalTool's reaper): not a failure of the proof.
            out.printf(
                    Locale.ROOT,
                    "rtl: at most one gnt UNDECIDED: interrupted before Yosys finished (n=%d, L=%d)%n",
                    opt.nodes(),
                    opt.latency());
            return null;
        }
        out.printf(
                Locale.ROOT,
                "rtl: at most one gnt %s (n=%d, L=%d; Yosys sat -tempinduct, %.1f s; %s)%n",
                proof.proven()
                        ? "PROVEN by induction of length " + proof.inductionLength()
                                + ", strengthened with fork conservation and 'an eater holds its forks'"
                                + (opt.rules().heal() ? " and +heal's link timing" : "")
                        : proof.baseCaseFailed()
                                ? "FAILS: a counterexample from reset (see proof.log)"
                                : "not proven: induction did not close within " + maxSteps + " steps",
                opt.nodes(),
                opt.latency(),
                proof.seconds(),
                keep != null
                        ? "files in " + keep + ", rerun: cd " + keep + " && yosys -s proof.ys"
                        : "--keep DIR keeps the files");
        return proof;
    }
}
