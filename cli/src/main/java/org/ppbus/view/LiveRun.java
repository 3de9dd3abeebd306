package org.ppbus.view;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.ppbus.bus.Demand;
import org.ppbus.bus.Need;
import org.ppbus.bus.Processors;
import org.ppbus.check.Violation;
import org.ppbus.link.Direction;
import org.ppbus.testbench.Reports;
import org.ppbus.testbench.Simulation;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.testbench.SimulationResult;
import org.ppbus.testbench.SymbolTap;
import org.ppbus.workload.Driver;

/**
 * The web view's live mode: an ordinary run of any algorithm ({@link Simulation}, with the page's
 * settings: algorithm, n, L, load, hold, seed, rules, fault) on its own thread, which stops after
 * every cycle until the page asks for more. A processor asks when the user clicks it, and, with a
 * load above 0, when a draw from the seeded generator says so (each thinking processor with
 * probability load a cycle, as the uniform workload); once granted it holds the bus as the
 * workload's hold says, and lets go.
 */
final class LiveRun implements SymbolTap, Driver, AutoCloseable {
    /** How long the page waits for the cycles it asked for (the model runs many per millisecond). */
    private static final long STEP_WAIT_MS = 20_000;

    private final SimulationConfig config;
    private final FrameRecorder frames; // a plane's run, or null
    private final TimeSpaceRecorder messages; // any other algorithm's, or null
    private final SplittableRandom draws;
    private final TreeSet<Integer> clicked = new TreeSet<>();
    private final Thread thread;
    private long allowed = 1; // cycles the run may finish: cycle 0, the cold start, at once
    private long done; // cycles finished
    private boolean ended; // the run is over: a violation, its last cycle, or close
    private boolean closed;
    private Violation violation;
    private String failure; // the run stopped on an error, said in one line

    LiveRun(SimulationConfig config) {
        this.config = config;
        boolean plane = FrameRecorder.draws(config.algorithmSpec());
        this.frames = plane ? new FrameRecorder() : null;
        this.messages = plane ? null : new TimeSpaceRecorder();
        this.draws = new SplittableRandom(config.seed());
        Simulation sim = new Simulation(config)
                .tap(plane ? frames : messages)
                .tap(this)
                .drivenBy(LiveRun::askedOnlyByTheDriver, this)
                .stopWhen(this::isClosed);
        this.thread = new Thread(() -> run(sim), "ppbus-view-live");
        thread.setDaemon(true);
        thread.start();
    }

    /** The workload's holds and needs, but no rise of its own: this driver raises req. */
    private static Demand askedOnlyByTheDriver(Demand d) {
        return new Demand() {
            @Override
            public long nextRise(int node, long earliestCycle) {
                return NEVER;
            }

            @Override
            public int holdCycles(int node, long cycle) {
                return d.holdCycles(node, cycle);
            }

            @Override
            public Need need(int node, long cycle) {
                return d.need(node, cycle);
            }
        };
    }

    private void run(Simulation sim) {
        String failed = null;
        Violation v = null;
        try {
            SimulationResult r = sim.run();
            v = r.violation();
        } catch (Exception | StackOverflowError | OutOfMemoryError e) {
            // Ended, so that the page's next step hears why instead of waiting for a dead thread.
            failed = "the live run stopped: " + e.getMessage();
            System.err.println("ppbus view: " + failed);
        }
        synchronized (this) {
            violation = v != null ? v : violation;
            failure = failed;
            ended = true;
            notifyAll();
        }
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    /** The processor asks from the next cycle on (a click); a processor already asking is left as it is. */
    synchronized void hungry(int node) {
        clicked.add(node);
    }

    private int toldMessages; // the messages and edges the page has had
    private int toldEdges;

    /** Waits for cycle 0 and describes the run as the page opens it. */
    ObjectNode opened() throws InterruptedException {
        started();
        ObjectNode run = ViewPage.run(config, (int) cycles(), "live: " + ViewPage.title(config), null);
        run.put("live", true);
        return news(run);
    }

    /** Runs k more cycles; the reply has the cycles run, the violation, and the new messages and edges. */
    ObjectNode stepped(int k) throws InterruptedException {
        step(k);
        ObjectNode o = Reports.mapper().createObjectNode();
        ViewPage.violated(o, violation());
        o.put("cycles", cycles());
        return news(o);
    }

    /** A message-passing run's messages and edges since the page's last reply. */
    private synchronized ObjectNode news(ObjectNode o) {
        if (messages != null) {
            List<TimeSpaceRecorder.Sent> m = messagesFrom(toldMessages);
            List<TimeSpaceRecorder.Edge> e = edgesFrom(toldEdges);
            toldMessages += m.size();
            toldEdges += e.size();
            ViewPage.timeSpace(o, config, m, e, Long.MAX_VALUE);
        }
        return o;
    }

    /** Lets k more cycles run and waits for them; returns the cycles finished so far. */
    synchronized long step(int k) throws InterruptedException {
        allowed = done + k;
        notifyAll();
        long deadline = System.currentTimeMillis() + STEP_WAIT_MS;
        while (done < allowed && !ended && System.currentTimeMillis() < deadline) {
            wait(Math.max(1, deadline - System.currentTimeMillis()));
        }
        return done;
    }

    /** Waits for cycle 0 (the cold start). */
    synchronized void started() throws InterruptedException {
        long deadline = System.currentTimeMillis() + STEP_WAIT_MS;
        while (done < 1 && !ended && System.currentTimeMillis() < deadline) {
            wait(Math.max(1, deadline - System.currentTimeMillis()));
        }
    }

    synchronized long cycles() {
        return done;
    }

    synchronized Violation violation() {
        return violation;
    }

    synchronized String failure() {
        return failure;
    }

    /** The frames of the cycles finished, for the page (a plane's run). */
    synchronized List<Frame.Packed> frames() {
        return frames == null ? List.of() : List.copyOf(frames.frames().subList(0, (int) done));
    }

    /** The messages sent from message {@code from} on, and the edges from edge {@code fromEdge} on. */
    synchronized List<TimeSpaceRecorder.Sent> messagesFrom(int from) {
        return messages == null
                ? List.of()
                : new ArrayList<>(
                        messages.messages().subList(from, messages.messages().size()));
    }

    synchronized List<TimeSpaceRecorder.Edge> edgesFrom(int from) {
        return messages == null
                ? List.of()
                : new ArrayList<>(
                        messages.edges().subList(from, messages.edges().size()));
    }

    SimulationConfig config() {
        return config;
    }

    boolean plane() {
        return frames != null;
    }

    // ---- on the run's thread ----

    /** After each cycle: the cycle is done; the run waits here until the page allows the next. */
    @Override
    public synchronized void endOfCycle(long cycle) {
        done = cycle + 1;
        notifyAll();
        while (done >= allowed && !closed) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                closed = true;
            }
        }
    }

    /** Heard before the violating cycle's end, so that the step that ran it replies with it. */
    @Override
    public synchronized void violated(Violation v) {
        if (violation == null) {
            violation = v;
        }
    }

    /** The clicks, and the background load's draws, become req rising in the next cycle. */
    @Override
    public synchronized void endOfCycle(long cycle, boolean quiescent, Processors processors) {
        for (int i = 0; i < config.nodes(); i++) {
            boolean thinking = !processors.req(i) && !processors.dead(i);
            boolean asks = clicked.remove(i) | (config.load() > 0 && draws.nextDouble() < config.load());
            if (thinking && asks) {
                processors.raiseAt(i, cycle + 1);
            }
        }
    }

    @Override
    public void symbol(Direction direction, int link, int code, long cycle) {}

    @Override
    public void grant(int node, boolean high, long cycle) {}

    @Override
    public synchronized void close() {
        closed = true;
        notifyAll();
    }
}
