package org.ppbus.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The view's API without a browser, over raw HTTP on loopback: a number it cannot read, or a run
 * larger than it keeps, gets a 400 that says why; it answers only its own host, starts runs only on
 * a POST from its own page, and a client that stalls mid-request does not hold up the others.
 */
class ViewApiTest {
    private static ViewServer server;

    @BeforeAll
    static void open() throws IOException {
        server = new ViewServer("127.0.0.1", 0);
    }

    @AfterAll
    static void close() {
        server.close();
    }

    /** The reply's status line and body. */
    record Reply(int status, String body) {}

    /** Sends {@code request} (CRLF line ends added) and reads the whole reply. */
    static Reply send(URI at, String request) throws IOException {
        try (Socket s = new Socket(at.getHost(), at.getPort())) {
            s.setSoTimeout(30_000);
            OutputStream out = s.getOutputStream();
            out.write(request.replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = s.getInputStream();
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int status = Integer.parseInt(text.substring(9, 12));
            return new Reply(status, text.substring(text.indexOf("\r\n\r\n") + 4));
        }
    }

    /** A request from the page: the server's own Host and Origin. */
    static Reply call(String method, String pathAndQuery) throws IOException {
        return call(server.address(), method, pathAndQuery);
    }

    /** The same request to the server at {@code a}. */
    static Reply call(URI a, String method, String pathAndQuery) throws IOException {
        String host = a.getHost() + ":" + a.getPort();
        return send(
                a,
                method + " /" + pathAndQuery + " HTTP/1.1\nHost: " + host + "\nOrigin: http://" + host
                        + "\nContent-Length: 0\nConnection: close\n\n");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "nodes=abc|--nodes expects an integer, got 'abc'",
                "cycles=99999999999999|--cycles is out of range: 99999999999999",
                "nodes=-1|nodes must be at least 1, got -1",
                "load=0.5d|--load expects a number, got '0.5d'",
                "load=0x1p-2|--load expects a number, got '0x1p-2'",
                "nodes=%EF%BC%97|--nodes expects an integer, got '\uFF17'",
                "nodes=%ZZ|the query cannot be read",
            })
    void aNumberItCannotReadIsA400ThatSaysWhyAsTheCommandLineDoes(String query, String says) throws Exception {
        Reply r = call("POST", "api/run?" + query);
        assertEquals(400, r.status(), r.body());
        assertTrue(r.body().contains(says), r.body());
    }

    /**
     * A run whose frames would not fit is refused before it starts, in one line, and the server
     * goes on answering: n = 4161 has 270,465 links, so 50,000,000 link-cycles are 184 cycles.
     */
    @Test
    void aRunLargerThanTheViewKeepsIsRefusedAndTheServerGoesOn() throws Exception {
        Reply r = call("POST", "api/run?nodes=4161&cycles=100000");
        assertEquals(400, r.status(), r.body());
        assertTrue(r.body().contains("cycles: at most 184 in the view for campos-carvalho at n = 4161"), r.body());
        Reply m = call("POST", "api/run?algorithm=lamport&nodes=1000&cycles=20000");
        assertEquals(400, m.status(), m.body());
        assertTrue(m.body().contains("cycles: at most 2000 in the view for lamport at n = 1000"), m.body());
        assertEquals(200, call("POST", "api/run?nodes=7&cycles=100").status());
    }

    /**
     * An opened trace that does not fit the run is the page's bad input: a 400 in one line that
     * calls it "the trace", never the server's scratch path (it was a 500 naming the path).
     */
    @Test
    void anOpenedTraceThatDoesNotFitIsA400ThatNamesNoPath() throws Exception {
        URI a = server.address();
        String host = a.getHost() + ":" + a.getPort();
        String trace = "# ppbus request trace v2\n# nodes 2\n1 0 4 2 -\n1 1 4 2 -\n";
        Reply r = send(
                a,
                "POST /api/open?algorithm=raymond-k&buses=2&nodes=2 HTTP/1.1\nHost: " + host + "\nOrigin: http://"
                        + host + "\nContent-Length: "
                        + trace.replace("\n", "\r\n").length() + "\nConnection: close\n\n" + trace);
        assertEquals(400, r.status(), r.body());
        assertTrue(
                r.body()
                        .contains(
                                "the trace: the request of node 0 in cycle 1 needs 2 buses at once, and this algorithm grants"),
                r.body());
        assertTrue(!r.body().contains("/"), r.body());
    }

    /** What changes the run is a POST: a GET (a link or an image on any page) is refused. */
    @Test
    void aRunIsStartedByAPostOnly() throws Exception {
        Reply r = call("GET", "api/run?nodes=7&cycles=10");
        assertEquals(405, r.status(), r.body());
        assertTrue(r.body().contains("send it with POST"), r.body());
        assertEquals(405, call("GET", "api/live/start").status());
    }

    /**
     * DNS rebinding and cross-site requests: a Host that is not the bound address (a name rebound to
     * 127.0.0.1) is refused for every path, and a POST whose Origin or Sec-Fetch-Site is another
     * site's cannot start a run; the server's own Host and Origin, and localhost, are answered.
     */
    @Test
    void itAnswersOnlyItsOwnHostAndRunsOnlyForItsOwnPage() throws Exception {
        URI a = server.address();
        String port = Integer.toString(a.getPort());
        String own = "127.0.0.1:" + port;
        assertEquals(
                403,
                send(a, "GET / HTTP/1.1\nHost: attacker.example:" + port + "\nConnection: close\n\n")
                        .status());
        assertEquals(
                403,
                send(a, "GET /api/frames HTTP/1.1\nHost: 127.0.0.1:1\nConnection: close\n\n")
                        .status());
        assertEquals(
                403,
                send(a, "GET / HTTP/1.1\nHost: 127.0.0.1\nConnection: close\n\n")
                        .status());
        assertEquals(
                200,
                send(a, "GET / HTTP/1.1\nHost: " + own + "\nConnection: close\n\n")
                        .status());
        assertEquals(
                200,
                send(a, "GET / HTTP/1.1\nHost: localhost:" + port + "\nConnection: close\n\n")
                        .status());
        String post =
                "POST /api/run?nodes=7&cycles=10 HTTP/1.1\nHost: " + own + "\nContent-Length: 0\nConnection: close\n";
        Reply foreign = send(a, post + "Origin: http://attacker.example\n\n");
        assertEquals(403, foreign.status(), foreign.body());
        assertTrue(foreign.body().contains("from the view's own page only"), foreign.body());
        assertEquals(403, send(a, post + "Sec-Fetch-Site: cross-site\n\n").status());
        assertEquals(
                200,
                send(a, post + "Origin: http://" + own + "\nSec-Fetch-Site: same-origin\n\n")
                        .status());
    }

    /**
     * A client that sends half a request and waits (headers without their end, or a body shorter
     * than its length) holds nothing the others need: the page and a run are answered while both
     * stalled connections are still open. This server's idle timeout is far beyond the guards, so
     * an answer cannot have waited for a stalled client to be dropped; the verdict reads no clock.
     */
    @Test
    void aStalledClientDoesNotHoldUpTheOthers() throws Exception {
        try (ViewServer patient = new ViewServer("127.0.0.1", 0, null, 600_000)) {
            URI a = patient.address();
            String host = "Host: 127.0.0.1:" + a.getPort() + "\r\n";
            try (Socket headers = new Socket(a.getHost(), a.getPort());
                    Socket body = new Socket(a.getHost(), a.getPort())) {
                headers.getOutputStream().write(("GET / HTTP/1.1\r\n" + host).getBytes(StandardCharsets.UTF_8));
                body.getOutputStream()
                        .write(("POST /api/open HTTP/1.1\r\n" + host + "Origin: http://127.0.0.1:" + a.getPort()
                                        + "\r\nContent-Length: 1000\r\n\r\n# ppbus")
                                .getBytes(StandardCharsets.UTF_8));
                for (String path : new String[] {"", "api/algorithms"}) {
                    assertEquals(200, call(a, "GET", path).status(), path);
                }
                assertEquals(200, call(a, "POST", "api/run?nodes=7&cycles=100").status());
                assertTrue(ViewLoadTest.stillOpen(headers), "the stalled headers were dropped first");
                assertTrue(ViewLoadTest.stillOpen(body), "the stalled upload was dropped first");
            }
        }
    }
}
