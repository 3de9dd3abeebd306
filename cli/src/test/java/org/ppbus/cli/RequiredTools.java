package org.ppbus.cli;

import org.junit.jupiter.api.Assumptions;
import org.ppbus.verilog.ExternalTool;

/**
 * The external tools a command test needs. {@code ./run-tests} installs them; in CI (CI=true) a
 * missing tool fails the test, elsewhere the test is skipped with the install command in its message.
 */
final class RequiredTools {
    private RequiredTools() {}

    static void require(String... tools) {
        for (String tool : tools) {
            if (!ExternalTool.available(tool)) {
                String msg = tool + " is missing: apt-get install " + ExternalTool.packageOf(tool);
                if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                    throw new AssertionError(msg + " (in CI a missing tool is a failure)");
                }
                Assumptions.abort(msg);
            }
        }
    }
}
