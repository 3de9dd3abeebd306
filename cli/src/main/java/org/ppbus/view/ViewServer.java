package org.ppbus.view;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.ppbus.cli.options.Cli;
import org.ppbus.cli.options.ReplayFile;
import org.ppbus.cli.options.RunOption;
import org.ppbus.cli.options.UsageException;
import org.ppbus.registry.Algorithms;
import org.ppbus.testbench.Reports;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;
import org.ppbus.testbench.SymbolTap;

/**
 * The web view's server ({@code ppbus view}): the page and its script from the jar, and a small
 * JSON interface to the Java model. {@code POST /api/run} runs a simulation and keeps its frames;
 * {@code /api/frames?from=A&to=B} gives cycles A to B's. It serves nothing else: no file of the
 * machine's. Jetty serves it on a bounded pool of threads, with bounded headers and bodies and an
 * idle timeout on every connection, so that a client that stalls mid-request holds nothing the
 * others need; {@link ViewGate} decides whom it answers and {@link ViewLimits} how much one run
 * may ask. Requests that change the run take turns; the others read what the last one published.
 */
public final class ViewServer implements AutoCloseable {
    /** The page's files, from the jar, by path. */
    private static final Map<String, String> ASSETS =
            Map.of("/", "index.html", "/view.js", "view.js", "/view.css", "view.css");

    private final ViewHttp http;
    private final Object turn = new Object(); // held by a request that changes the run
    private volatile List<Frame.Packed> frames = List.of();
    private volatile List<TimeSpaceRecorder.Edge> edges = List.of(); // a message-passing run's req and gnt edges
    private volatile int nodes; // the run's processors, 0 before the first

    /** The request trace the user named on the command line (--trace), or null: the one file it may read. */
    private final Path trace;

    public ViewServer(String bind, int port) throws IOException {
        this(bind, port, null);
    }

    public ViewServer(String bind, int port, Path trace) throws IOException {
        this(bind, port, trace, ViewHttp.IDLE_MILLIS);
    }

    /** As above, freeing a stalled connection after idleMillis. */
    public ViewServer(String bind, int port, Path trace, long idleMillis) throws IOException {
        this.trace = trace;
        this.http = new ViewHttp(bind, port, this::answer, idleMillis);
    }

    /** Where the page is: on a wildcard bind, this machine's loopback address. */
    public URI address() {
        return http.address();
    }

    /** Whether the server listens beyond this machine. */
    public boolean exposed() {
        return http.exposed();
    }

    /**
     * The answer to one request that {@link ViewHttp} let through; an error names an opened trace as
     * "the trace", never by the server's scratch path.
     */
    private ViewHttp.Answer answer(ViewHttp.Call call) throws IOException, ViewHttp.BadRequest {
        try {
            return answered(call);
        } catch (ViewHttp.BadRequest e) {
            throw new ViewHttp.BadRequest(named(e.getMessage()));
        } catch (IOException | RuntimeException e) {
            throw new IOException(named(String.valueOf(e.getMessage())), e);
        }
    }

    private String named(String message) {
        Path d = scratchDir;
        return d == null ? message : message.replace(d.resolve("opened.trace").toString(), "the trace");
    }

    private ViewHttp.Answer answered(ViewHttp.Call call) throws IOException, ViewHttp.BadRequest {
        String path = call.path();
        if (ASSETS.containsKey(path)) {
            String name = ASSETS.get(path);
            String type = name.endsWith(".html")
                    ? "text/html; charset=utf-8"
                    : name.endsWith(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8";
            return new ViewHttp.Answer(200, type, ViewPage.asset(name));
        }
        if (call.changes()) {
            synchronized (turn) {
                return ViewHttp.Answer.json(200, change(call));
            }
        }
        String body = read(call);
        return body == null ? ViewHttp.Answer.json(404, error("not found: " + path)) : ViewHttp.Answer.json(200, body);
    }

    /** A request that changes the run, taken in turn. */
    private String change(ViewHttp.Call c) throws IOException, ViewHttp.BadRequest {
        if (c.path().equals("/api/run")) {
            return run(form(c.query()), null, null);
        }
        if (c.path().equals("/api/open")) {
            return open(c);
        }
        return live(c.path().substring("/api/live/".length()), c.query());
    }

    /** A request that reads what the last run published, or null for an unknown path. */
    private String read(ViewHttp.Call c) throws IOException, ViewHttp.BadRequest {
        return switch (c.path()) {
            case "/api/algorithms" -> ViewPage.JSON.writeValueAsString(Algorithms.names());
            case "/api/requests" -> requests(c.query());
            case "/api/frames" -> window(c.query());
            default -> null;
        };
    }

    /** The run the page's form asks for, checked where every run's settings are. */
    private SimulationConfig form(Map<String, String> q) throws ViewHttp.BadRequest {
        SimulationConfig c = settings(q);
        Optional<String> tooMuch = ViewLimits.refusal(c);
        if (tooMuch.isPresent()) {
            throw new ViewHttp.BadRequest(tooMuch.get());
        }
        return c;
    }

    /** The form's settings, each read by the parser the command line uses. */
    private SimulationConfig settings(Map<String, String> q) throws ViewHttp.BadRequest {
        try {
            return RunOption.kBusDesign(SimulationConfig.defaults().toBuilder()
                            .algorithm(q.getOrDefault(
                                    "algorithm", Algorithms.campos().name()))
                            .nodes(integer(q, "nodes", 7))
                            .buses(integer(q, "buses", 1))
                            .demand(integer(q, "demand", 1))
                            .groups(integer(q, "groups", 0))
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
            throw new ViewHttp.BadRequest(e.getMessage());
        }
    }

    /**
     * Replay mode: a report or a trace the page sent (POST, its text), run with the form's settings
     * where the file gives none, and opened on its violation or its divergence.
     */
    private String open(ViewHttp.Call x) throws IOException, ViewHttp.BadRequest {
        byte[] body = x.body();
        if (body.length > ReplayFile.MAX_BYTES) {
            throw new ViewHttp.BadRequest("the file is larger than " + (ReplayFile.MAX_BYTES >> 20) + " MB");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(java.nio.ByteBuffer.wrap(body))
                    .toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new ViewHttp.BadRequest("not a ppbus report or request trace: not UTF-8 text");
        }
        SimulationConfig base = settings(x.query()).toBuilder()
                .workload(SimulationConfig.defaults().workload())
                .build();
        ReplayFile.Opened o;
        try {
            o = ReplayFile.of(text, base, scratch());
            o.config().validated();
        } catch (UsageException | IllegalArgumentException e) {
            throw new ViewHttp.BadRequest(e.getMessage());
        }
        Optional<String> tooMuch = ViewLimits.refusal(o.config());
        if (tooMuch.isPresent()) {
            throw new ViewHttp.BadRequest(tooMuch.get());
        }
        return run(o.config(), o.divergence(), o.what());
    }

    /** The server's own file an opened trace is written to, in a folder removed on close. */
    private Path scratch() throws IOException {
        if (scratchDir == null) {
            scratchDir = Files.createTempDirectory("ppbus-view");
            // Removed on close; if the JVM halts first (an interrupt), by the JDK's own hook, which
            // deletes in the reverse order: the file, then the folder.
            scratchDir.toFile().deleteOnExit();
            scratchDir.resolve("opened.trace").toFile().deleteOnExit();
        }
        return scratchDir.resolve("opened.trace");
    }

    private volatile Path scratchDir;

    /** Runs {@code c} and keeps its frames; {@code opened} says what file it replays, or null. */
    private String run(SimulationConfig c, ReplayFile.Divergence divergence, String opened)
            throws IOException, ViewHttp.BadRequest {
        stopLive(); // a run replaces a live one
        boolean plane = FrameRecorder.draws(c.algorithmSpec());
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
    private static SimulationResult simulate(SimulationConfig c, SymbolTap tap) throws ViewHttp.BadRequest {
        try {
            return new Simulation(c).tap(tap).run();
        } catch (IllegalArgumentException e) {
            // Bad input, as the command line reads it (a trace that does not fit the run), found
            // where the run resolves its workload.
            throw new ViewHttp.BadRequest(e.getMessage());
        } catch (IOException | UncheckedIOException e) {
            throw new ViewHttp.BadRequest("the trace " + c.workload() + " cannot be read: " + e.getMessage());
        }
    }

    /** The workload: uniform, or the trace given to {@code ppbus view} (the page cannot name a file). */
    private String workload(Map<String, String> q) throws ViewHttp.BadRequest {
        if (!"1".equals(q.get("trace"))) {
            return SimulationConfig.defaults().workload();
        }
        if (trace == null) {
            throw new ViewHttp.BadRequest("no trace: start ppbus view with --trace FILE to replay one");
        }
        return trace.toString();
    }

    private LiveRun live; // the live run, while the page drives one

    /**
     * The live mode: {@code start} a run with the form's settings, make a processor {@code hungry},
     * {@code step} k cycles (the reply has the cycles run, a violation, and a message-passing run's
     * new messages and edges).
     */
    private String live(String what, Map<String, String> q) throws IOException, ViewHttp.BadRequest {
        if (what.equals("start")) {
            SimulationConfig c;
            try {
                SimulationConfig f = settings(q);
                c = f.toBuilder()
                        .workload(SimulationConfig.defaults().workload())
                        .cycles(ViewLimits.mostCycles(f))
                        .build()
                        .validated();
            } catch (IllegalArgumentException e) {
                throw new ViewHttp.BadRequest(e.getMessage());
            }
            stopLive();
            live = new LiveRun(c);
            ObjectNode run = awaited(live::opened);
            publish();
            return ViewPage.JSON.writeValueAsString(run);
        }
        if (live == null) {
            throw new ViewHttp.BadRequest("no live run: start one first");
        }
        if (what.equals("hungry")) {
            int node = integer(q, "node", -1);
            if (node < 0 || node >= live.config().nodes()) {
                throw new ViewHttp.BadRequest("node: 0 to " + (live.config().nodes() - 1) + ", got " + node);
            }
            live.hungry(node);
            return ViewPage.JSON.writeValueAsString(
                    Reports.mapper().createObjectNode().put("cycles", live.cycles()));
        }
        if (!what.equals("step")) {
            throw new ViewHttp.BadRequest("live: start, hungry or step, not " + what);
        }
        int k = integer(q, "k", 1);
        if (k < 1 || k > 10_000) {
            throw new ViewHttp.BadRequest("step: 1 to 10000 cycles at once, got " + k);
        }
        ObjectNode o = awaited(() -> live.stepped(k));
        publish();
        if (live.failure() != null) {
            throw new ViewHttp.BadRequest(live.failure());
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

    private static <T> T awaited(Wait<T> w) throws ViewHttp.BadRequest {
        try {
            return w.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ViewHttp.BadRequest("interrupted");
        }
    }

    /** Cycles {@code from} to {@code to} (at most 200), for the waveform panel. */
    private String window(Map<String, String> q) throws IOException, ViewHttp.BadRequest {
        List<Frame.Packed> f = frames;
        if (f.isEmpty()) {
            throw new ViewHttp.BadRequest("no run yet: start one first");
        }
        int from = Math.max(0, integer(q, "from", 0));
        int to = Math.min(f.size() - 1, integer(q, "to", 0));
        if (to - from > 200) {
            throw new ViewHttp.BadRequest("frames: at most 200 at once, asked " + (to - from + 1));
        }
        return ViewPage.JSON.writeValueAsString(to < from ? List.of() : f.subList(from, to + 1));
    }

    /** A processor's requests up to the last frame: [raised, granted, released] each, -1 for not yet. */
    private String requests(Map<String, String> q) throws IOException, ViewHttp.BadRequest {
        List<Frame.Packed> f = frames;
        List<TimeSpaceRecorder.Edge> e = edges;
        int n = nodes;
        if (n == 0) {
            throw new ViewHttp.BadRequest("no run yet: start one first");
        }
        int node = integer(q, "node", -1);
        if (node < 0 || node >= n) {
            throw new ViewHttp.BadRequest("node: 0 to " + (n - 1) + ", got " + node);
        }
        return ViewPage.JSON.writeValueAsString(
                ViewPage.requests(f.isEmpty() ? Requests.ofEdges(e, node) : Requests.of(f, node)));
    }

    /** A whole number the page sent, read as the command line reads {@code --key}. */
    private static int integer(Map<String, String> q, String key, int otherwise) throws ViewHttp.BadRequest {
        String v = q.get(key);
        try {
            return v == null ? otherwise : Cli.parseInt(key, v);
        } catch (UsageException e) {
            throw new ViewHttp.BadRequest(e.getMessage());
        }
    }

    /** A number the page sent, read as the command line reads {@code --key}. */
    private static double number(Map<String, String> q, String key, double otherwise) throws ViewHttp.BadRequest {
        String v = q.get(key);
        try {
            return v == null ? otherwise : Cli.parseDouble(key, v);
        } catch (UsageException e) {
            throw new ViewHttp.BadRequest(e.getMessage());
        }
    }

    private static String error(String message) {
        return ViewHttp.error(message);
    }

    @Override
    public void close() {
        http.close();
        synchronized (turn) {
            stopLive();
        }
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
