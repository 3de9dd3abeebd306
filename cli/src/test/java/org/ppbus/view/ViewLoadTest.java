package org.ppbus.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The view under load, on loopback only and bounded in count and time: 200 clients at once, 20 of
 * them stalled mid-request (10 in their headers, 10 in a body), three over a bound (a run larger
 * than the view keeps, a header over 8 KB, a body over 8 MB), the other 167 asking for the page, the
 * algorithms and small runs. Every one of the 167 is answered while all 20 stalled connections are
 * still open (the server's idle timeout is set far beyond the test's guard, so no answer can have
 * waited for a stalled client to be dropped), the over-bound ones get their refusal, and the heap
 * after the load is where it was after a first round (no run or connection is kept). The verdict
 * counts answers and open connections; it reads no clock. The answer times are printed for
 * docs/VERIFICATION.md, "The web view under load".
 */
class ViewLoadTest {
    private static final int CLIENTS = 200;
    private static final int STALLED = 20;

    /** Longer than any guard below: a stalled connection is never dropped while the test runs. */
    private static final long IDLE_MILLIS = 600_000;

    @Test
    void twoHundredClientsWithTwentyStalledAreAllAnsweredAndTheHeapStaysFlat() throws Exception {
        try (ViewServer server = new ViewServer("127.0.0.1", 0, null, IDLE_MILLIS)) {
            URI a = server.address();
            round(a);
            long before = heapAfterGc();
            List<Long> millis = round(a);
            long after = heapAfterGc();
            long most = millis.stream().mapToLong(Long::longValue).max().orElseThrow();
            System.out.printf(
                    "view under load: %d answered, slowest %d ms, heap after GC %d MB then %d MB%n",
                    millis.size(), most, before >> 20, after >> 20);
            assertEquals(CLIENTS - STALLED - 3, millis.size());
            assertTrue(
                    after - before < (32L << 20),
                    "the heap grew from " + (before >> 20) + " to " + (after >> 20) + " MB");
        }
    }

    /** One round of the load; the answer times of the clients that were not stalled or over a bound. */
    private static List<Long> round(URI a) throws Exception {
        String host = "Host: 127.0.0.1:" + a.getPort() + "\r\n";
        String origin = "Origin: http://127.0.0.1:" + a.getPort() + "\r\n";
        List<Socket> stalled = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try {
            for (int i = 0; i < STALLED; i++) {
                Socket s = new Socket(a.getHost(), a.getPort());
                stalled.add(s);
                String half = i % 2 == 0
                        ? "GET / HTTP/1.1\r\n" + host
                        : "POST /api/open HTTP/1.1\r\n" + host + origin + "Content-Length: 100000\r\n\r\n# ppbus";
                s.getOutputStream().write(half.getBytes(StandardCharsets.UTF_8));
                s.getOutputStream().flush();
            }
            Future<Integer> tooLong = pool.submit(() -> status(
                    a,
                    "POST /api/run?nodes=4161&cycles=100000 HTTP/1.1\r\n" + host + origin
                            + "Content-Length: 0\r\nConnection: close\r\n\r\n"));
            Future<Integer> bigHeader = pool.submit(() -> status(
                    a, "GET / HTTP/1.1\r\n" + host + "X-Pad: " + "x".repeat(9_000) + "\r\nConnection: close\r\n\r\n"));
            Future<Integer> bigBody = pool.submit(() -> status(
                    a,
                    "POST /api/open HTTP/1.1\r\n" + host + origin + "Content-Length: " + (9 << 20)
                            + "\r\nConnection: close\r\n\r\n"));
            List<Future<Long>> answered = new ArrayList<>();
            for (int i = 0; i < CLIENTS - STALLED - 3; i++) {
                String request = switch (i % 3) {
                    case 0 -> "GET / HTTP/1.1\r\n" + host + "Connection: close\r\n\r\n";
                    case 1 -> "GET /api/algorithms HTTP/1.1\r\n" + host + "Connection: close\r\n\r\n";
                    default ->
                        "POST /api/run?nodes=7&cycles=50&seed=" + i + " HTTP/1.1\r\n" + host + origin
                                + "Content-Length: 0\r\nConnection: close\r\n\r\n";
                };
                answered.add(pool.submit(() -> {
                    long t0 = System.nanoTime();
                    int status = status(a, request);
                    assertEquals(200, status, request);
                    return (System.nanoTime() - t0) / 1_000_000;
                }));
            }
            List<Long> millis = new ArrayList<>();
            for (Future<Long> f : answered) {
                millis.add(f.get(60, TimeUnit.SECONDS));
            }
            for (Socket s : stalled) {
                assertTrue(stillOpen(s), "a stalled connection was dropped before the others were answered");
            }
            assertEquals(400, tooLong.get(60, TimeUnit.SECONDS));
            assertEquals(431, bigHeader.get(60, TimeUnit.SECONDS));
            assertEquals(413, bigBody.get(60, TimeUnit.SECONDS));
            return millis;
        } finally {
            pool.shutdownNow();
            for (Socket s : stalled) {
                s.close();
            }
        }
    }

    /** True when the server has neither answered nor closed the connection. */
    static boolean stillOpen(Socket s) throws IOException {
        s.setSoTimeout(50);
        try {
            s.getInputStream().read(); // an answer or the end of the stream: the server let go of it
            return false;
        } catch (SocketTimeoutException e) {
            return true;
        }
    }

    private static int status(URI a, String request) throws IOException {
        try (Socket s = new Socket(a.getHost(), a.getPort())) {
            s.setSoTimeout(60_000);
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.UTF_8));
            out.flush();
            byte[] head = s.getInputStream().readNBytes(12);
            return Integer.parseInt(new String(head, StandardCharsets.US_ASCII).substring(9, 12));
        }
    }

    private static long heapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
