package org.ppbus.view;

import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.IntFunction;
import org.ppbus.check.Violation;
import org.ppbus.cli.options.ReplayFile;
import org.ppbus.link.Direction;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.cc.Symbols;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.descriptor.MessageKind;
import org.ppbus.testbench.Reports;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.verilog.SignalNames;

/**
 * The web view's page, served by {@code ppbus view} or written whole by {@code simulate --html}:
 * one home for the run's description the script reads and for the self-contained file.
 */
final class ViewPage {
    private ViewPage() {}

    /** The page's JSON, compact: a window of frames a step, or a whole run in a file. */
    static final ObjectWriter JSON = Reports.mapper().writer().without(SerializationFeature.INDENT_OUTPUT);

    /** A run's heading on the page: the algorithm and the settings that shape it. */
    static String title(SimulationConfig c) {
        return c.algorithm() + ", n = " + c.nodes() + ", L = " + c.latencyCycles() + ", load " + c.load() + ", hold "
                + c.holdCycles() + ", seed " + c.seed()
                + (c.algorithmSpec().has(Feature.RULES) ? ", rules " + c.rules().label() : "");
    }

    /** One of the page's files, from the jar. */
    static byte[] asset(String name) throws IOException {
        try (InputStream in = ViewPage.class.getResourceAsStream("/org/ppbus/view/" + name)) {
            if (in == null) {
                throw new IOException("the jar lacks the view's " + name);
            }
            return in.readAllBytes();
        }
    }

    /**
     * The run as the script reads it: n, the points, the cycles recorded, each link's client and
     * arbiter, and the run's violation (its cycle, the invariant and the message) where it had one:
     * the page opens on that cycle.
     */
    static ObjectNode run(SimulationConfig cfg, int cycles, String title, Violation violation) {
        Wiring w = Wiring.forNodes(cfg.nodes());
        int buses = FrameRecorder.draws(cfg.algorithmSpec()) ? cfg.sharing().buses() : 1;
        ObjectNode root = Reports.mapper().createObjectNode();
        root.put("kind", "plane");
        root.put("title", title);
        root.put("buses", buses);
        root.put("latency", cfg.latencyCycles());
        ArrayNode ports = root.putArray("arbiterClients"); // arbiter j's port m is client arbiterClients[j][m]
        for (int a = 0; a < w.points(); a++) {
            ArrayNode clients = ports.addArray();
            for (int client : w.clientsOf(a)) {
                clients.add(client);
            }
        }
        if (buses > 1) {
            // A plane per bus, each seating the processors at other clients: seats[b][c] is the processor.
            ArrayNode seats = root.putArray("seats");
            for (int b = 0; b < buses; b++) {
                ArrayNode plane = seats.addArray();
                for (int c = 0; c < w.nodes(); c++) {
                    for (int i = 0; i < w.nodes(); i++) {
                        if (CcPlanes.client(w.nodes(), buses, b, i) == c) {
                            plane.add(i);
                        }
                    }
                }
            }
        }
        violated(root, violation);
        root.put("nodes", w.nodes());
        root.put("points", w.points());
        root.put("cycles", cycles);
        ArrayNode links = root.putArray("links");
        ArrayNode channels = root.putArray("channels"); // channel 2l is link l's c2a, 2l + 1 its a2c
        for (int l = 0; l < w.links(); l++) {
            int c = w.linkClient(l);
            int a = w.linkArbiter(l);
            links.addArray().add(c).add(a);
            channels.add(SignalNames.c2a(c, a)).add(SignalNames.a2c(a, c));
        }
        ObjectNode names = root.putObject("symbolNames"); // per direction, a code's name
        for (Direction d : Direction.values()) {
            ArrayNode codes = names.putArray(Integer.toString(d.ordinal()));
            for (int code = 0; code < 4; code++) {
                codes.add(Symbols.name(d, code));
            }
        }
        return root;
    }

    /** A processor's requests as the page lists them: [raised, granted, released], -1 for not yet. */
    static ArrayNode requests(List<Requests.Request> list) {
        ArrayNode out = Reports.mapper().createArrayNode();
        for (Requests.Request r : list) {
            out.addArray().add(r.raised()).add(r.granted()).add(r.released());
        }
        return out;
    }

    /** A run's violation, where it has one: its cycle, the invariant and the message; the page opens on it. */
    static ObjectNode violated(ObjectNode root, Violation violation) {
        if (violation != null) {
            ObjectNode v = root.putObject("violation");
            v.put("cycle", violation.cycle());
            v.put("invariant", violation.property().label());
            v.put("message", violation.message());
        }
        return root;
    }

    /** The run with where a co-simulation's RTL diverged from it, when the page replays such a report. */
    static ObjectNode diverged(ObjectNode run, ReplayFile.Divergence d) {
        if (d != null) {
            ObjectNode o = run.putObject("divergence");
            o.put("cycle", d.cycle());
            o.put("signal", d.signal());
            o.put("expected", d.expected());
            o.put("actual", d.actual());
        }
        return run;
    }

    /**
     * A message-passing run for the time-space diagram: its kind, L, the message kinds' names by type
     * code, every message (sender, receiver, type, sent, received or -1) and every req and gnt edge.
     */
    static ObjectNode timeSpace(ObjectNode run, SimulationConfig c, TimeSpaceRecorder rec) {
        return timeSpace(run, c, rec.messages(), rec.edges(), Long.MAX_VALUE);
    }

    /**
     * The same from lists of messages and edges, with only what was sent (and the edges) up to cycle
     * {@code last}: a long run's window, or a live run's latest step.
     */
    static ObjectNode timeSpace(
            ObjectNode run,
            SimulationConfig c,
            List<TimeSpaceRecorder.Sent> sentList,
            List<TimeSpaceRecorder.Edge> edgeList,
            long last) {
        run.put("kind", "timespace");
        ArrayNode kinds = run.putArray("messageKinds");
        ArrayNode tokens = run.putArray("tokenKinds"); // the kinds that carry a token, drawn apart
        List<MessageKind> declared = c.algorithmSpec().messages().at(c.nodes());
        for (int k = 0; k < declared.size(); k++) {
            kinds.add(declared.get(k).name());
            if (declared.get(k).token()) {
                tokens.add(k);
            }
        }
        ArrayNode messages = run.putArray("messages");
        for (TimeSpaceRecorder.Sent m : sentList) {
            if (m.sent() > last) {
                break;
            }
            messages.addArray()
                    .add(m.from())
                    .add(m.to())
                    .add(m.type())
                    .add(m.sent())
                    .add(m.arrives());
        }
        ArrayNode edges = run.putArray("edges");
        for (TimeSpaceRecorder.Edge e : edgeList) {
            if (e.cycle() > last) {
                break;
            }
            edges.addArray().add(e.node()).add(e.cycle()).add(String.valueOf(e.what()));
        }
        return run;
    }

    /**
     * The page with its style, its script and the run's frames inside: it replays the run from a
     * file, with the network off. A {@code </} in the data is escaped so that it cannot end the script.
     */
    static String standalone(ObjectNode run, List<Frame.Packed> frames, IntFunction<List<Requests.Request>> requestsOf)
            throws IOException {
        ObjectNode data = Reports.mapper().createObjectNode();
        data.set("run", run);
        data.set("frames", Reports.mapper().valueToTree(frames));
        ArrayNode requests = data.putArray("requests"); // every processor's, as the server gives one's
        for (int i = 0; i < run.get("nodes").asInt(); i++) {
            requests.add(requests(requestsOf.apply(i)));
        }
        String json = JSON.writeValueAsString(data).replace("</", "<\\/");
        String page = new String(asset("index.html"), StandardCharsets.UTF_8);
        String css = new String(asset("view.css"), StandardCharsets.UTF_8);
        String js = new String(asset("view.js"), StandardCharsets.UTF_8);
        return page.replace("<link rel=\"stylesheet\" href=\"view.css\">", "<style>\n" + css + "</style>")
                .replace(
                        "<script src=\"view.js\"></script>",
                        "<script>window.PPBUS_EMBEDDED = " + json + ";</script>\n<script>\n" + js + "</script>");
    }
}
