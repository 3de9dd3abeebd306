package org.ppbus.check;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link StateSearch}'s expansions on several threads. When the search asks for the successors of
 * a state, the threads compute those of the next states too, each thread on its own {@link
 * SearchModel}, while nothing is added to the graph: they read it (a state's words, and whether a
 * successor is already known, so that only new states are checked) but never write it. The search
 * then adds the successors one state at a time, in breadth-first order, as a single thread does, so
 * the state numbers, the edges, the verdicts and the first counterexample are the same for any
 * number of threads; only the work past a limit or a finding, which is thrown away, differs.
 */
final class ParallelExpansion implements AutoCloseable {
    /** One successor as a thread computed it; {@code verdict} is null where the state was known then, or the edge broke. */
    record Successor(long[] state, long act, Violation onEdge, int overtaken, SearchModel.Verdict verdict) {}

    /** About this many successors are computed ahead at once, to bound the memory they hold. */
    private static final int SUCCESSORS_AHEAD = 1 << 15;

    private final StateGraph graph;
    private final List<SearchModel> models;
    private final int maxDepth;
    private final ExecutorService pool;
    private Object[] ahead = new Object[0]; // per state start..end-1, its successors
    private int start;
    private int end;
    private long statesComputed;
    private long successorsComputed;

    ParallelExpansion(StateGraph graph, List<SearchModel> models, int maxDepth) {
        this.graph = graph;
        this.models = models;
        this.maxDepth = maxDepth;
        this.pool = Executors.newFixedThreadPool(models.size(), r -> {
            Thread t = new Thread(r, "ppbus-search");
            t.setDaemon(true);
            return t;
        });
    }

    /** The successors of state s, in the order one thread finds them. */
    @SuppressWarnings("unchecked")
    List<Successor> successorsOf(int s) {
        if (s < start || s >= end) {
            computeFrom(s);
        }
        List<Successor> out = (List<Successor>) ahead[s - start];
        ahead[s - start] = null;
        return out;
    }

    private void computeFrom(int s) {
        long perState = Math.max(1, successorsComputed / Math.max(1, statesComputed));
        int size = (int) Math.max(1, Math.min(4096, SUCCESSORS_AHEAD / perState));
        start = s;
        end = Math.min(graph.size(), s + size);
        ahead = new Object[end - start];
        AtomicInteger next = new AtomicInteger(start);
        List<Callable<Long>> tasks = new ArrayList<>();
        for (SearchModel m : models) {
            tasks.add(() -> expandAhead(m, next));
        }
        try {
            for (Future<Long> f : pool.invokeAll(tasks)) {
                successorsComputed += f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while expanding states", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error err) {
                throw err; // an OutOfMemoryError ends the search as it does on one thread
            }
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
        statesComputed += end - start;
    }

    /** One thread's share: the next states not yet taken, each expanded on this thread's model. */
    private long expandAhead(SearchModel m, AtomicInteger next) {
        long count = 0;
        for (int i = next.getAndIncrement(); i < end; i = next.getAndIncrement()) {
            List<Successor> out = new ArrayList<>();
            if (graph.depth(i) < maxDepth) { // deeper states are not expanded: the depth limit stops there
                m.expand(
                        graph.get(i),
                        (state, act, onEdge, overtaken, ifNew) -> out.add(new Successor(
                                state,
                                act,
                                onEdge,
                                overtaken,
                                onEdge == null && !graph.contains(state) ? ifNew.get() : null)));
            }
            ahead[i - start] = out;
            count += out.size();
        }
        return count;
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
