package org.ppbus.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.Reports;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;
import org.ppbus.testbench.SymbolTap;
import org.ppbus.view.Frame;
import org.ppbus.view.FrameRecorder;
import org.ppbus.view.Requests;
import org.ppbus.view.TimeSpaceRecorder;

/**
 * The web view's server ({@code ppbus view}): the page and its script from the jar, and a small
 * JSON interface to the Java model. {@code /api/run} runs a simulation and keeps its frames;
 * {@code /api/frames?from=A&to=B} gives cycles A to B's. It serves nothing else: no file of the machine's.
 */
final class ViewServer implements AutoCloseable {
    /** The page's files, from the jar, by path. */
    private static final Map<String, String> ASSETS =
            Map.of("/", "index.html", "/view.js", "view.js", "/view.css", "view.css");

    /** The longest run the page may ask for (frames are kept in memory). */
    static final long MAX_CYCLES = 100_000;

    /** The longest message-passing run the page may ask for (its messages go to the page at once). */
    static final long MAX_MESSAGE_CYCLES = 20_000;

    private final HttpServer server;
    private volatile List<Frame.Packed> frames = List.of();
    private volatile List<TimeSpaceRecorder.Edge> edges = List.of(); // a message-passing run's req and gnt edges
    private volatile int nodes; // the run's processors, 0 before the first

    /** The request trace the user named on the command line (--trace), or null: the one file it may read. */
    private final Path trace;

    ViewServer(String bind, int port) throws IOException {
        this(bind, port, null);
    }

    ViewServer(String bind, int port, Path trace) throws IOException {
        this.trace = trace;
        // Without TCP_NODELAY each small reply waits for the browser's delayed ACK: measured 44.6 ms a
        // frame against a few ms (docs/PERFORMANCE.md). The JDK's server reads this property once.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        server = HttpServer.create(new InetSocketAddress(bind, port), 0);
        server.createContext("/", this::handle);
        server.setExecutor(Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "ppbus-view");
            t.setDaemon(true);
            return t;
        }));
        server.start();
    }

    /** Where the page is. */
    URI address() {
        InetSocketAddress a = server.getAddress();
        return URI.create("http://" + a.getHostString() + ":" + a.getPort() + "/");
    }

    private void handle(HttpExchange x) throws IOException {
        try (x) {
            String path = x.getRequestURI().getPath();
            try {
                if (ASSETS.containsKey(path)) {
                    asset(x, ASSETS.get(path));
                } else if (path.equals("/api/run")) {
                    reply(x, 200, run(form(query(x)), null, null));
                } else if (path.equals("/api/open")) {
                    reply(x, 200, open(x));
                } else if (path.startsWith("/api/live/")) {
                    reply(x, 200, live(path.substring("/api/live/".length()), query(x)));
                } else if (path.equals("/api/algorithms")) {
                    reply(x, 200, ViewPage.JSON.writeValueAsString(Algorithms.names()));
                } else if (path.equals("/api/requests")) {
                    reply(x, 200, requests(query(x)));
                } else if (path.equals("/api/frames")) {
                    reply(x, 200, window(query(x)));
                } else {
                    reply(x, 404, error("not found: " + path));
                }
            } catch (BadRequest e) {
                System.err.println("ppbus view: " + path + ": " + e.getMessage());
                reply(x, 400, error(e.getMessage()));
            } catch (RuntimeException e) {
                // A run the checks let through and the model refused: one line for the page and the log.
                System.err.println("ppbus view: " + path + ": " + e);
                reply(x, 500, error("the run failed: " + e.getMessage()));
            }
        }
    }

    /** A request the page got wrong: a one-line reason, answered with 400. */
    private static final class BadRequest extends Exception {
        private static final long serialVersionUID = 1L;

        BadRequest(String message) {
            super(message, null, false, false);
        }
    }

    /** The run the page's form asks for, checked where every run's settings are. */
    private SimulationConfig form(Map<String, String> q) throws BadRequest {
        try {
            return RunOption.kBusDesign(SimulationConfig.defaults().toBuilder()
                            .algorithm(q.getOrDefault(
                                    "algorithm", Algorithms.campos().name()))
                            .nodes(integer(q, "nodes", 7))
                            .buses(integer(q, "buses", 1))
                            .latencyCycles(integer(q, "latency", 1))
                            .load(number(q, "load", 0.2))
                            .holdCycles(integer(q, "hold", 4))
                            .seed(integer(q, "seed", 1))
                            .cycles(integer(q, "cycles", 1000))
                            .rules(q.getOrDefault("rules", "fixed"))
                            .fault(q.getOrDefault("fault", "none"))
                            .workload(workload(q))
                            .drain(false)
                            .build())
                    .validated();
        } catch (IllegalArgumentException e) { // ConfigException among them
            throw new BadRequest(e.getMessage());
        }
    }

    /**
     * Replay mode: a report or a trace the page sent (POST, its text), run with the form's settings
     * where the file gives none, and opened on its violation or its divergence.
     */
    private String open(HttpExchange x) throws IOException, BadRequest {
        if (!x.getRequestMethod().equals("POST")) {
            throw new BadRequest("open: send the file's text with POST");
        }
        byte[] body = x.getRequestBody().readNBytes(ReplayFile.MAX_BYTES + 1);
        if (body.length > ReplayFile.MAX_BYTES) {
            throw new BadRequest("the file is larger than " + (ReplayFile.MAX_BYTES >> 20) + " MB");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(java.nio.ByteBuffer.wrap(body))
                    .toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new BadRequest("not a ppbus report or request trace: not UTF-8 text");
        }
        SimulationConfig base = form(query(x)).toBuilder()
                .workload(SimulationConfig.defaults().workload())
                .build();
        ReplayFile.Opened o;
        try {
            o = ReplayFile.of(text, base, scratch());
            o.config().validated();
        } catch (UsageException | IllegalArgumentException e) {
            throw new BadRequest(e.getMessage());
        }
        return run(o.config(), o.divergence(), o.what());
    }

    /** The server's own file an opened trace is written to, in a folder removed on close. */
    private Path scratch() throws IOException {
        if (scratchDir == null) {
            scratchDir = Files.createTempDirectory("ppbus-view");
        }
        return scratchDir.resolve("opened.trace");
    }

    private Path scratchDir;

    /** Runs {@code c} and keeps its frames; {@code opened} says what file it replays, or null. */
    private String run(SimulationConfig c, ReplayFile.Divergence divergence, String opened)
            throws IOException, BadRequest {
        stopLive(); // a run replaces a live one
        boolean plane = FrameRecorder.draws(c.algorithmSpec());
        // A k-bus run keeps a frame per plane each cycle.
        long most = plane ? MAX_CYCLES / c.sharing().buses() : MAX_MESSAGE_CYCLES;
        if (c.cycles() > most) {
            throw new BadRequest(
                    "cycles: at most " + most + " in the view of " + c.algorithm() + ", got " + c.cycles());
        }
        String title = ViewPage.title(c) + (opened == null ? "" : ", replaying " + opened);
        if (!plane) {
            TimeSpaceRecorder rec = new TimeSpaceRecorder();
            SimulationResult result = simulate(c, rec);
            frames = List.of();
            edges = List.copyOf(rec.edges());
            nodes = c.nodes();
            ObjectNode run =
                    ViewPage.timeSpace(ViewPage.run(c, (int) result.cycles(), title, result.violation()), c, rec);
            return ViewPage.JSON.writeValueAsString(ViewPage.diverged(run, divergence));
        }
        FrameRecorder rec = new FrameRecorder();
        SimulationResult result = simulate(c, rec);
        frames = List.copyOf(rec.frames());
        edges = List.of();
        nodes = c.nodes();
        ObjectNode run = ViewPage.run(c, frames.size(), title, result.violation());
        return ViewPage.JSON.writeValueAsString(ViewPage.diverged(run, divergence));
    }

    /** A run; a trace that cannot be read or parsed is the page's bad input, said in one line. */
    private static SimulationResult simulate(SimulationConfig c, SymbolTap tap) throws BadRequest {
        try {
            return new Simulation(c).tap(tap).run();
        } catch (IOException | UncheckedIOException e) {
            throw new BadRequest("the trace " + c.workload() + " cannot be read: " + e.getMessage());
        }
    }

    /** The workload: uniform, or the trace given to {@code ppbus view} (the page cannot name a file). */
    private String workload(Map<String, String> q) throws BadRequest {
        if (!"1".equals(q.get("trace"))) {
            return SimulationConfig.defaults().workload();
        }
        if (trace == null) {
            throw new BadRequest("no trace: start ppbus view with --trace FILE to replay one");
        }
        return trace.toString();
    }

    private LiveRun live; // the live run, while the page drives one

    /**
     * The live mode: {@code start} a run with the form's settings, make a processor {@code hungry},
     * {@code step} k cycles (the reply has the cycles run, a violation, and a message-passing run's
     * new messages and edges).
     */
    private String live(String what, Map<String, String> q) throws IOException, BadRequest {
        if (what.equals("start")) {
            SimulationConfig c;
            try {
                SimulationConfig f = form(q);
                c = f.toBuilder()
                        .workload(SimulationConfig.defaults().workload())
                        .cycles(
                                FrameRecorder.draws(f.algorithmSpec())
                                        ? MAX_CYCLES / f.sharing().buses()
                                        : MAX_MESSAGE_CYCLES)
                        .build()
                        .validated();
            } catch (IllegalArgumentException e) {
                throw new BadRequest(e.getMessage());
            }
            stopLive();
            live = new LiveRun(c);
            ObjectNode run = awaited(live::opened);
            publish();
            return ViewPage.JSON.writeValueAsString(run);
        }
        if (live == null) {
            throw new BadRequest("no live run: start one first");
        }
        if (what.equals("hungry")) {
            int node = integer(q, "node", -1);
            if (node < 0 || node >= live.config().nodes()) {
                throw new BadRequest("node: 0 to " + (live.config().nodes() - 1) + ", got " + node);
            }
            live.hungry(node);
            return ViewPage.JSON.writeValueAsString(
                    Reports.mapper().createObjectNode().put("cycles", live.cycles()));
        }
        if (!what.equals("step")) {
            throw new BadRequest("live: start, hungry or step, not " + what);
        }
        int k = integer(q, "k", 1);
        if (k < 1 || k > 10_000) {
            throw new BadRequest("step: 1 to 10000 cycles at once, got " + k);
        }
        ObjectNode o = awaited(() -> live.stepped(k));
        publish();
        if (live.failure() != null) {
            throw new BadRequest(live.failure());
        }
        return ViewPage.JSON.writeValueAsString(o);
    }

    /** What the live run has finished, for the frames and requests the page asks for next. */
    private void publish() {
        frames = live.frames();
        edges = live.edgesFrom(0);
        nodes = live.config().nodes();
    }

    private void stopLive() {
        if (live != null) {
            live.close();
            live = null;
        }
    }

    private interface Wait<T> {
        T get() throws InterruptedException;
    }

    private static <T> T awaited(Wait<T> w) throws BadRequest {
        try {
            return w.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadRequest("interrupted");
        }
    }

    /** Cycles {@code from} to {@code to} (at most 200), for the waveform panel. */
    private String window(Map<String, String> q) throws IOException, BadRequest {
        List<Frame.Packed> f = frames;
        if (f.isEmpty()) {
            throw new BadRequest("no run yet: start one first");
        }
        int from = Math.max(0, integer(q, "from", 0));
        int to = Math.min(f.size() - 1, integer(q, "to", 0));
        if (to - from > 200) {
            throw new BadRequest("frames: at most 200 at once, asked " + (to - from + 1));
        }
        return ViewPage.JSON.writeValueAsString(to < from ? List.of() : f.subList(from, to + 1));
    }

    /** A processor's requests up to the last frame: [raised, granted, released] each, -1 for not yet. */
    private String requests(Map<String, String> q) throws IOException, BadRequest {
        List<Frame.Packed> f = frames;
        List<TimeSpaceRecorder.Edge> e = edges;
        int n = nodes;
        if (n == 0) {
            throw new BadRequest("no run yet: start one first");
        }
        int node = integer(q, "node", -1);
        if (node < 0 || node >= n) {
            throw new BadRequest("node: 0 to " + (n - 1) + ", got " + node);
        }
        return ViewPage.JSON.writeValueAsString(
                ViewPage.requests(f.isEmpty() ? Requests.ofEdges(e, node) : Requests.of(f, node)));
    }

    private static int integer(Map<String, String> q, String key, int otherwise) throws BadRequest {
        String v = q.get(key);
        try {
            return v == null ? otherwise : Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new BadRequest(
                    v.trim().matches("-?[0-9]+")
                            ? key + ": " + v.trim() + " is out of range (" + Integer.MIN_VALUE + " to "
                                    + Integer.MAX_VALUE + ")"
                            : key + ": not a whole number: '" + v + "'");
        }
    }

    private static double number(Map<String, String> q, String key, double otherwise) throws BadRequest {
        String v = q.get(key);
        try {
            return v == null ? otherwise : Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new BadRequest(key + ": not a number: '" + v + "'");
        }
    }

    private static Map<String, String> query(HttpExchange x) {
        Map<String, String> q = new HashMap<>();
        String raw = x.getRequestURI().getRawQuery();
        if (raw != null) {
            for (String kv : raw.split("&")) {
                int eq = kv.indexOf('=');
                if (eq > 0) {
                    q.put(
                            java.net.URLDecoder.decode(kv.substring(0, eq), StandardCharsets.UTF_8),
                            java.net.URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
        }
        return q;
    }

    private static String error(String message) throws IOException {
        ObjectNode o = Reports.mapper().createObjectNode();
        o.put("error", message);
        return ViewPage.JSON.writeValueAsString(o);
    }

    private static void asset(HttpExchange x, String name) throws IOException {
        String type = name.endsWith(".html")
                ? "text/html; charset=utf-8"
                : name.endsWith(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8";
        send(x, 200, type, ViewPage.asset(name));
    }

    private static void reply(HttpExchange x, int status, String json) throws IOException {
        send(x, status, "application/json; charset=utf-8", json.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange x, int status, String type, byte[] body) throws IOException {
        x.getResponseHeaders().set("Content-Type", type);
        x.getResponseHeaders().set("Cache-Control", "no-store");
        x.sendResponseHeaders(status, body.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        stopLive();
        if (scratchDir != null) {
            try {
                Files.deleteIfExists(scratchDir.resolve("opened.trace"));
                Files.deleteIfExists(scratchDir);
            } catch (IOException e) {
                System.err.println("ppbus view: cannot remove " + scratchDir + ": " + e.getMessage());
            }
        }
    }
}
