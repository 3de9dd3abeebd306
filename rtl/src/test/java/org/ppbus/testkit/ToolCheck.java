package org.ppbus.testkit;

import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.ppbus.verilog.ExternalTool;

/**
 * Before each test marked with a {@link ToolKind}'s annotation (on the method or its class): the
 * programs it needs are on PATH, or the test stops. {@code ./run-tests} installs them; in CI
 * (CI=true) a missing program fails the test, elsewhere the test is skipped with the install command.
 */
public final class ToolCheck implements BeforeAllCallback, BeforeEachCallback {
    /** The tag every tool-driven test carries: {@code ./run-tests --fast} runs the others. */
    public static final String TOOL_TAG = "tool";

    /** A class marked as a whole is checked before its {@code @BeforeAll} methods run. */
    @Override
    public void beforeAll(ExtensionContext context) {
        require(programs(context.getTestClass().orElse(null)));
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        Set<String> programs = programs(context.getTestClass().orElse(null));
        programs.addAll(programs(context.getTestMethod().orElse(null)));
        require(programs);
    }

    /** The programs of every kind the class or method is marked with. */
    private static Set<String> programs(AnnotatedElement element) {
        Set<String> programs = new LinkedHashSet<>();
        for (ToolKind kind : ToolKind.values()) {
            if (element != null && AnnotationSupport.isAnnotated(element, kind.annotation())) {
                programs.addAll(kind.programs());
            }
        }
        return programs;
    }

    /** Stops the test (CI: fails it) when one of the programs is not on PATH. */
    public static void require(Iterable<String> programs) {
        List<String> missing = new ArrayList<>();
        for (String p : programs) {
            if (!ExternalTool.available(p)) {
                missing.add(p);
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        Set<String> packages = new LinkedHashSet<>();
        missing.forEach(p -> packages.add(ExternalTool.packageOf(p)));
        String msg = String.join(", ", missing) + " missing: apt-get install " + String.join(" ", packages);
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new AssertionError(msg + " (in CI a missing tool is a failure)");
        }
        Assumptions.abort(msg);
    }
}
