package org.ppbus.view;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.SizeLimitHandler;
import org.eclipse.jetty.util.BlockingArrayQueue;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.ppbus.cli.options.ReplayFile;
import org.ppbus.testbench.Reports;

/**
 * The web view's HTTP side, on Jetty: a bounded pool of threads and of waiting requests, bounded
 * headers and bodies, and an idle timeout on every connection, so that a client that stalls
 * mid-request holds one thread until the timeout and nothing the others need. Before a request
 * reaches the view, {@link ViewGate} decides whether it is answered at all, and a request that
 * changes the run must be a POST. What the view answers is {@link ViewServer}'s.
 */
final class ViewHttp implements AutoCloseable {
    /** The paths that change the run: POST only, from the view's own page. */
    private static final List<String> CHANGES = List.of("/api/run", "/api/open", "/api/live/");

    /** How long a connection may send or take nothing before it is closed. */
    static final long IDLE_MILLIS = 5_000;

    /** The most threads at work at once, and the most requests waiting for one. */
    private static final int THREADS = 16;

    private static final int QUEUED = 256;

    /** The largest request header; a larger one is answered 431. */
    private static final int HEADER_BYTES = 8 * 1024;

    /** One request as the view reads it: its path, its query, its body (read before its turn) and whether it changes the run. */
    record Call(String path, Map<String, String> query, byte[] body, boolean changes) {}

    /** A reply: its status, content type and body. */
    record Answer(int status, String type, byte[] body) {
        static Answer json(int status, String json) {
            return new Answer(status, "application/json; charset=utf-8", json.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The view: the answer to a call the gate let through. */
    interface View {
        Answer answer(Call call) throws IOException, BadRequest;
    }

    /** A request the page got wrong: a one-line reason, answered with 400. */
    static final class BadRequest extends Exception {
        private static final long serialVersionUID = 1L;

        BadRequest(String message) {
            super(message, null, false, false);
        }
    }

    private final Server server;
    private final ServerConnector connector;
    private final ViewGate gate;
    private final InetAddress bound;
    private final View view;

    ViewHttp(String bind, int port, View view) throws IOException {
        this(bind, port, view, IDLE_MILLIS);
    }

    /** As above, with the idle timeout that frees a stalled connection (a test may lengthen it). */
    ViewHttp(String bind, int port, View view, long idleMillis) throws IOException {
        this.view = view;
        bound = InetAddress.getByName(bind);
        QueuedThreadPool pool =
                new QueuedThreadPool(THREADS, 4, 60_000, new BlockingArrayQueue<>(QUEUED, QUEUED, QUEUED));
        pool.setName("ppbus-view");
        pool.setDaemon(true);
        server = new Server(pool);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendDateHeader(false);
        http.setRequestHeaderSize(HEADER_BYTES);
        connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
        connector.setHost(bound.getHostAddress());
        connector.setPort(port);
        connector.setIdleTimeout(idleMillis);
        // Without TCP_NODELAY each small reply waits for the browser's delayed ACK (docs/PERFORMANCE.md).
        connector.setAcceptedTcpNoDelay(true);
        server.addConnector(connector);
        SizeLimitHandler limit = new SizeLimitHandler(ReplayFile.MAX_BYTES, -1);
        limit.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                respond(response, callback, answer(request));
                return true;
            }
        });
        server.setHandler(limit);
        try {
            server.start();
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e.getMessage(), e);
        }
        gate = ViewGate.of(bound, connector.getLocalPort());
    }

    /** Where the page is: on a wildcard bind, this machine's loopback address. */
    URI address() {
        String host = bound.isAnyLocalAddress() ? "127.0.0.1" : ViewGate.literal(bound);
        return URI.create("http://" + host + ":" + connector.getLocalPort() + "/");
    }

    /** Whether the server listens beyond this machine: on every address, or on one that is not loopback. */
    boolean exposed() {
        return !bound.isLoopbackAddress();
    }

    private Answer answer(Request request) {
        String path = request.getHttpURI().getPath();
        boolean changes = CHANGES.stream().anyMatch(c -> c.endsWith("/") ? path.startsWith(c) : path.equals(c));
        Optional<String> refused = gate.refusal(
                request.getHeaders().get(HttpHeader.HOST),
                request.getHeaders().get(HttpHeader.ORIGIN),
                request.getHeaders().get("Sec-Fetch-Site"),
                changes);
        if (refused.isPresent()) {
            System.err.println("ppbus view: " + path + ": refused: " + refused.get());
            return Answer.json(403, error(refused.get()));
        }
        if (changes && !request.getMethod().equals("POST")) {
            return Answer.json(405, error(path + ": send it with POST"));
        }
        try {
            // A body is read before the request takes its turn: a client that stalls mid-upload then
            // holds one of the pool's threads until the idle timeout, never the others' runs.
            byte[] body = request.getMethod().equals("POST") ? body(request) : new byte[0];
            return view.answer(new Call(path, query(request), body, changes));
        } catch (BadRequest e) {
            System.err.println("ppbus view: " + path + ": " + e.getMessage());
            return Answer.json(400, error(e.getMessage()));
        } catch (IOException | RuntimeException | OutOfMemoryError e) {
            // A run the checks let through and the model refused: one line for the page and the log.
            System.err.println("ppbus view: " + path + ": " + e);
            return Answer.json(500, error("the run failed: " + e.getMessage()));
        }
    }

    /** A request's body, at most {@link ReplayFile#MAX_BYTES} and one more to tell it was larger. */
    private static byte[] body(Request request) throws BadRequest {
        try (InputStream in = Request.asInputStream(request)) {
            return in.readNBytes(ReplayFile.MAX_BYTES + 1);
        } catch (IOException | RuntimeException e) {
            // Past the size limit (Jetty's SizeLimitHandler) or the idle timeout of a stalled upload.
            throw new BadRequest("the request's body could not be read: " + oneLine(e));
        }
    }

    private static Map<String, String> query(Request request) throws BadRequest {
        Map<String, String> q = new HashMap<>();
        try {
            Fields f = Request.extractQueryParameters(request, StandardCharsets.UTF_8);
            f.forEach(field -> q.put(field.getName(), field.getValue()));
        } catch (RuntimeException e) {
            throw new BadRequest("the query cannot be read: " + oneLine(e));
        }
        return q;
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    /** The JSON of a one-line error. */
    static String error(String message) {
        ObjectNode o = Reports.mapper().createObjectNode();
        o.put("error", message);
        return o.toString();
    }

    private static void respond(Response response, Callback callback, Answer a) {
        response.setStatus(a.status());
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, a.type());
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, a.body().length);
        response.write(true, ByteBuffer.wrap(a.body()), callback);
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            System.err.println("ppbus view: stopping the server: " + e.getMessage());
        }
    }
}
