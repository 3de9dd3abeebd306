package org.ppbus.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExternalToolTest {
    /**
     * A tool's lines reach the caller while it runs, not when it ends: a line printed 1.5 s before
     * the end arrives before the end (the build of a large design streams its progress this way),
     * and every line, the unterminated last one too, arrives once and in order.
     */
    @Test
    void linesStreamWhileTheToolRuns(@TempDir Path dir) throws IOException {
        List<String> lines = new ArrayList<>();
        List<Long> at = new ArrayList<>();
        ExternalTool.Result r = ExternalTool.run(dir, 30, line -> {
            lines.add(line);
            at.add(System.nanoTime());
        }, "sh", "-c", "echo first; sleep 1.5; echo second; printf third");
        long end = System.nanoTime();
        assertEquals(0, r.exitCode());
        assertEquals(List.of("first", "second", "third"), lines);
        assertEquals("first\nsecond\nthird", r.output());
        assertTrue(end - at.get(0) > 1_000_000_000L, "the first line came only at the end");
    }
}
