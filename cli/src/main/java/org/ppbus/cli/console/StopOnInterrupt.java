package org.ppbus.cli.console;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Turns Ctrl-C into a request to stop: a shutdown hook sets the flag and holds the JVM open until
 * the command closes this (or a grace period passes), so that a long run can stop at its next
 * check and still write its outputs completely.
 */
public final class StopOnInterrupt implements AutoCloseable {
    private final AtomicBoolean stop = new AtomicBoolean();
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Thread hook;

    public StopOnInterrupt(int graceSeconds) {
        hook = new Thread(() -> {
            stop.set(true);
            try {
                closed.await(graceSeconds, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(hook);
    }

    public boolean requested() {
        return stop.get();
    }

    @Override
    public void close() {
        closed.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is already exiting because of the interrupt; the hook is running
        }
    }
}
