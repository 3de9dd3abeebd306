package org.ppbus.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * Runs many independent jobs (simulations, lockstep runs) on a pool of threads: the one runner
 * under soak, sweep, faults and results. Jobs are deterministic, so the thread count changes only
 * the wall time. A stop request (Ctrl-C) ends the batch early: the jobs that finished are kept.
 */
public final class Batch {
    /** One job; it should return soon after {@code stop} turns true. */
    @FunctionalInterface
    public interface Job<R> {
        R run(BooleanSupplier stop) throws Exception;
    }

    /** A finished job: its index in the batch, its result and how long it ran. */
    public record Done<R>(int index, R result, double seconds) {}

    /** Receives finished jobs. */
    @FunctionalInterface
    public interface Sink<R> {
        void accept(Done<R> done) throws Exception;
    }

    private final int threads;
    private final BooleanSupplier stop;

    public Batch(int threads, BooleanSupplier stop) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.threads = threads;
        this.stop = stop;
    }

    public int threads() {
        return threads;
    }

    public boolean stopped() {
        return stop.getAsBoolean();
    }

    /**
     * Runs the jobs. {@code whenDone} sees each job as it finishes, one at a time, on the worker's
     * thread (to save a result at once); {@code inOrder} sees them in the jobs' order on the calling
     * thread, up to the first that did not finish. A result for which {@code unfinished} holds
     * was cut short by the stop and counts as not finished.
     *
     * @return how many jobs {@code inOrder} saw
     */
    public <R> int run(List<Job<R>> jobs, Predicate<R> unfinished, Sink<R> whenDone, Sink<R> inOrder) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        Object lock = new Object();
        try {
            List<Future<Done<R>>> futures = new ArrayList<>();
            for (int i = 0; i < jobs.size(); i++) {
                int index = i;
                futures.add(pool.submit(() -> {
                    long t0 = System.nanoTime();
                    R r = stop.getAsBoolean() ? null : jobs.get(index).run(stop);
                    Done<R> d = new Done<>(index, r, (System.nanoTime() - t0) / 1e9);
                    if (r != null && !unfinished.test(r)) {
                        synchronized (lock) {
                            whenDone.accept(d);
                        }
                    }
                    return d;
                }));
            }
            int seen = 0;
            for (; seen < futures.size() && !stop.getAsBoolean(); seen++) {
                Done<R> d = get(futures.get(seen));
                if (d.result() == null || unfinished.test(d.result())) {
                    break;
                }
                inOrder.accept(d);
            }
            return seen;
        } finally {
            pool.shutdownNow();
        }
    }

    /** Runs the jobs and returns their results in order, up to the first that did not finish. */
    public <R> List<R> results(List<Job<R>> jobs, Predicate<R> unfinished) throws Exception {
        List<R> out = new ArrayList<>();
        run(jobs, unfinished, d -> {}, d -> out.add(d.result()));
        return out;
    }

    private static <T> T get(Future<T> f) throws Exception {
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception x ? x : e;
        }
    }
}
