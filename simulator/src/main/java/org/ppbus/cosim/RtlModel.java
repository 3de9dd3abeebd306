package org.ppbus.cosim;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * One instance of a Verilated design, driven through JNA. A Verilator model may be used by one
 * thread at a time, and it may be handed from one thread to another (the shim points the runtime's
 * per-thread context at the model on every call); every call checks that no other call is under
 * way. Calls are batched: {@link #run} moves k cycles of req in and gnt and symbols out.
 */
public final class RtlModel implements AutoCloseable {
    /** The exported C functions of the shim. */
    public interface Api extends Library {
        int ppbus_nodes();

        int ppbus_req_words();

        int ppbus_gnt_words();

        int ppbus_sym_words();

        Pointer ppbus_new();

        void ppbus_free(Pointer h);

        int ppbus_trace_open(Pointer h, String path);

        void ppbus_trace_close(Pointer h);

        int ppbus_reset(Pointer h);

        int ppbus_run(Pointer h, int k, int[] req, int[] gnt, int[] sym);

        void ppbus_peek(Pointer h, int[] req, int[] gnt);

        int ppbus_got_error(Pointer h);

        int ppbus_output(byte[] buf, int cap);

        int ppbus_one_eval();
    }

    private final Api api;
    private final AtomicReference<Thread> user = new AtomicReference<>();
    private Pointer handle;
    private final int reqWords;
    private final int gntWords;
    private final int symWords;

    public RtlModel(Path library) {
        // Each library file gets its own handle; the shim hides everything but ppbus_*.
        this.api = Native.load(library.toAbsolutePath().toString(), Api.class, Map.of());
        this.handle = api.ppbus_new();
        this.reqWords = api.ppbus_req_words();
        this.gntWords = api.ppbus_gnt_words();
        this.symWords = api.ppbus_sym_words();
        if (api.ppbus_reset(handle) != 0) {
            throw new IllegalStateException("RTL reported an error during reset");
        }
    }

    /**
     * Makes one call into the model, marked as in use by this thread meanwhile; throws if another
     * thread is using it, or it is closed.
     */
    private <T> T use(Supplier<T> call) {
        if (!user.compareAndSet(null, Thread.currentThread()) && user.get() != Thread.currentThread()) {
            throw new IllegalStateException("a Verilator model is used by two threads at once");
        }
        try {
            if (handle == null) {
                throw new IllegalStateException("model closed");
            }
            return call.get();
        } finally {
            user.set(null);
        }
    }

    public int nodes() {
        return api.ppbus_nodes();
    }

    public int reqWords() {
        return reqWords;
    }

    /** Words of gnt per cycle, followed in a k-bus design by its bus vector ({@code bus[i*k + b]}). */
    public int gntWords() {
        return gntWords;
    }

    public int symWords() {
        return symWords;
    }

    /** Runs k cycles; returns the cycles completed (fewer if the RTL stopped on an assertion). */
    public int run(int k, int[] req, int[] gnt, int[] sym) {
        return use(() -> api.ppbus_run(handle, k, req, gnt, sym));
    }

    /** gnt (and bus) of the current cycle (registers), with req applied to the logic but no clock edge. */
    public void peek(int[] req, int[] gnt) {
        use(() -> {
            api.ppbus_peek(handle, req, gnt);
            return null;
        });
    }

    /** What the RTL printed since the last call ($display, and a $stop's message); empty if nothing. */
    public String output() {
        return use(() -> {
            StringBuilder all = new StringBuilder();
            byte[] buf = new byte[8192];
            int n;
            while ((n = api.ppbus_output(buf, buf.length)) > 0) {
                all.append(new String(buf, 0, n, StandardCharsets.UTF_8));
            }
            return all.toString();
        });
    }

    /**
     * Whether {@link #run} evaluates the design once per cycle (the shim could re-arm Verilator's
     * edge detector) rather than twice; without a trace open.
     */
    public boolean oneEvalPerCycle() {
        return api.ppbus_one_eval() != 0;
    }

    public boolean gotError() {
        return use(() -> api.ppbus_got_error(handle) != 0);
    }

    public void traceTo(Path vcd) {
        if (use(() -> api.ppbus_trace_open(handle, vcd.toAbsolutePath().toString())) != 0) {
            throw new IllegalStateException("could not open VCD " + vcd);
        }
    }

    public void closeTrace() {
        use(() -> {
            api.ppbus_trace_close(handle);
            return null;
        });
    }

    @Override
    public void close() {
        if (handle != null) {
            use(() -> {
                api.ppbus_free(handle);
                handle = null;
                return null;
            });
        }
    }
}
