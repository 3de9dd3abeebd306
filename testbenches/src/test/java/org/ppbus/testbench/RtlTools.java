package org.ppbus.testbench;

import org.junit.jupiter.api.Assumptions;
import org.ppbus.verilog.ExternalTool;

/**
 * The HDL tools the RTL tests need. {@code ./run-tests} installs them; in CI (CI=true) a missing tool
 * fails the test, elsewhere the test is skipped with the install command in its message.
 */
final class RtlTools {
    private RtlTools() {}

    static void require(String tool) {
        if (ExternalTool.available(tool)) {
            return;
        }
        String msg = tool + " is missing: apt-get install " + ExternalTool.packageOf(tool);
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new AssertionError(msg + " (in CI a missing tool is a failure)");
        }
        Assumptions.abort(msg);
    }
}
