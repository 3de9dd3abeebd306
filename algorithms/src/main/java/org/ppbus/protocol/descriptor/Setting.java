package org.ppbus.protocol.descriptor;

import java.util.Objects;
import java.util.function.Supplier;
import org.ppbus.bus.Fabric;
import org.ppbus.bus.Sharing;
import org.ppbus.link.MessageObserver;
import org.ppbus.plane.Wiring;

/**
 * What a factory gets: the wiring, the channel latency, where grants and messages go, and
 * the algorithm's own settings ({@link Algorithm#optionsFor}).
 */
public record Setting(
        Wiring wiring,
        int latencyCycles,
        Fabric.GrantSink grants,
        MessageObserver messages,
        AlgorithmOptions options,
        Sharing sharing) {
    public Setting {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(sharing, "sharing");
    }

    /** One bus. */
    public Setting(
            Wiring wiring,
            int latencyCycles,
            Fabric.GrantSink grants,
            MessageObserver messages,
            AlgorithmOptions options) {
        this(wiring, latencyCycles, grants, messages, options, Sharing.SINGLE);
    }

    /** One bus, for an algorithm without settings of its own. */
    public Setting(Wiring wiring, int latencyCycles, Fabric.GrantSink grants, MessageObserver messages) {
        this(wiring, latencyCycles, grants, messages, AlgorithmOptions.NONE);
    }

    public int nodes() {
        return wiring.nodes();
    }

    /** k, the buses of the run. */
    public int buses() {
        return sharing.buses();
    }

    /** The algorithm's settings if they are of this type, else the defaults. */
    public <T extends AlgorithmOptions> T options(Class<T> type, Supplier<T> defaults) {
        return type.isInstance(options) ? type.cast(options) : defaults.get();
    }
}
