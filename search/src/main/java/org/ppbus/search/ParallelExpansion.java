package org.ppbus.search;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.ppbus.check.Violation;
import org.ppbus.search.graph.StateGraph;

/**
 * A {@link StateSearch}'s expansions on several threads, as a pipeline. The search's own thread
 * hands out the states after the one it adds, a run of them per task, with their words read from
 * the graph; each task expands its states on a {@link SearchModel} of its own and checks every
 * successor (the state checks too, since whether a state is new is known only once it is added).
 * Meanwhile the search adds the successors of the earlier states one state at a time, in
 * breadth-first order, as a single thread does, using a state's checks only where it is new. So the
 * state numbers, the edges, the verdicts and the first counterexample are the same for any number
 * of threads; only the work past a limit or a finding, which is thrown away, differs. The tasks never
 * touch the graph, which only the search's thread reads and writes.
 */
final class ParallelExpansion implements AutoCloseable {
    /** One successor as a task computed it; {@code verdict} is null where the edge already broke. */
    record Successor(
            long[] state, long act, int symmetry, Violation onEdge, int overtaken, SearchModel.Verdict verdict) {}

    /** About this many successors per task, so that the tasks in flight hold little memory. */
    private static final int SUCCESSORS_PER_TASK = 1 << 12;

    private record Task(int start, int end, Future<List<List<Successor>>> result) {}

    private final StateGraph graph;
    private final int maxDepth;
    private final ExecutorService pool;
    private final BlockingQueue<SearchModel> models;
    private final int window; // tasks in flight at most
    private final ArrayDeque<Task> inFlight = new ArrayDeque<>();
    private int handedOut; // states below this were handed to a task
    private List<List<Successor>> current = List.of();
    private int currentStart;
    private long statesDone;
    private long successorsDone;

    ParallelExpansion(StateGraph graph, List<SearchModel> models, int maxDepth) {
        this.graph = graph;
        this.maxDepth = maxDepth;
        this.models = new ArrayBlockingQueue<>(models.size(), false, models);
        this.window = 2 * models.size();
        this.pool = Executors.newFixedThreadPool(models.size(), r -> {
            Thread t = new Thread(r, "ppbus-search");
            t.setDaemon(true);
            return t;
        });
    }

    /** The successors of state s; the search asks for the states in order, from 0. */
    List<Successor> successorsOf(int s) {
        if (s >= currentStart + current.size()) {
            handOut(s);
            Task t = inFlight.poll();
            if (t == null || t.start() != s) {
                throw new IllegalStateException("state " + s + " asked for out of order");
            }
            current = await(t.result());
            currentStart = s;
            statesDone += t.end() - t.start();
            for (List<Successor> l : current) {
                successorsDone += l.size();
            }
            handOut(t.end());
        }
        List<Successor> out = current.get(s - currentStart);
        current.set(s - currentStart, null); // the search keeps what it needs; let the rest go
        return out;
    }

    /** Hands out runs of the known states from {@code from} on, until the window is full. */
    private void handOut(int from) {
        handedOut = Math.max(handedOut, from);
        long perState = Math.max(1, successorsDone / Math.max(1, statesDone));
        int run = (int) Math.max(1, Math.min(1024, SUCCESSORS_PER_TASK / perState));
        while (inFlight.size() < window && handedOut < graph.size()) {
            int start = handedOut;
            int end = Math.min(graph.size(), start + run);
            long[][] states = new long[end - start][];
            for (int s = start; s < end; s++) {
                // A state at the depth limit is not expanded: the search stops there.
                states[s - start] = graph.depth(s) < maxDepth ? graph.get(s) : null;
            }
            inFlight.add(new Task(start, end, pool.submit(() -> expand(states))));
            handedOut = end;
        }
    }

    /** One task: its states' successors, each checked, on a model no other task holds meanwhile. */
    private List<List<Successor>> expand(long[][] states) throws InterruptedException {
        SearchModel m = models.take();
        try {
            List<List<Successor>> out = new ArrayList<>(states.length);
            for (long[] state : states) {
                List<Successor> successors = new ArrayList<>();
                if (state != null) {
                    m.expand(
                            state,
                            (next, act, symmetry, onEdge, overtaken, ifNew) -> successors.add(new Successor(
                                    next, act, symmetry, onEdge, overtaken, onEdge == null ? ifNew.get() : null)));
                }
                out.add(successors);
            }
            return out;
        } finally {
            models.put(m);
        }
    }

    private static List<List<Successor>> await(Future<List<List<Successor>>> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while expanding states", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error err) {
                throw err; // an OutOfMemoryError ends the search as it does on one thread
            }
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    /** Stops the tasks and waits for them, so that the models are free for the liveness analysis. */
    @Override
    public void close() {
        pool.shutdownNow();
        try {
            pool.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
