package org.ppbus.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ppbus.bus.Need;

/** Request traces: v1 for one bus, v2 when a request needs more buses or has a group. */
class RequestTraceTest {
    @Test
    void oneBusIsStillWrittenAndReadAsV1(@TempDir Path dir) throws IOException {
        RequestTrace t = new RequestTrace(3, List.of(new RequestTrace.Entry(1, 0, 4), new RequestTrace.Entry(2, 2, 1)));
        String text = t.text("");
        assertEquals("# ppbus request trace v1\n# nodes 3\n# cycle node hold\n1 0 4\n2 2 1\n", text);
        Path f = dir.resolve("t.trace");
        Files.writeString(f, text);
        assertEquals(t, RequestTrace.read(f));
    }

    @Test
    void needsAreWrittenAndReadAsV2(@TempDir Path dir) throws IOException {
        RequestTrace t = new RequestTrace(
                4,
                List.of(
                        new RequestTrace.Entry(1, 0, 4, false, new Need(2, Need.NO_GROUP)),
                        new RequestTrace.Entry(1, 3, 2, false, new Need(1, 5)),
                        new RequestTrace.Entry(7, 1, 3, false, Need.ONE)));
        String text = t.text("");
        assertTrue(text.startsWith("# ppbus request trace v2\n# nodes 4\n# cycle node hold h group\n"), text);
        assertTrue(text.endsWith("1 0 4 2 -\n1 3 2 1 5\n7 1 3 1 -\n"), text);
        Path f = dir.resolve("t.trace");
        Files.writeString(f, text);
        assertEquals(t, RequestTrace.read(f));
    }
}
