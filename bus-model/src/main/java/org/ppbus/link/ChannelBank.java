package org.ppbus.link;

import java.util.function.IntPredicate;
import org.ppbus.bus.Scheduler;
import org.ppbus.bus.StateBits;

/**
 * All channels of one direction. A symbol driven on a channel in cycle t is consumed by the
 * receiver when it arrives; code 0 is idle. Two kinds of channel share this interface:
 * {@link #timed}, the hardware contract's pipelines of L cycles, and {@link #fifo}, asynchronous
 * FIFOs whose deliveries the exhaustive search chooses. Wrappers in front of either change what
 * arrives: {@link #withFaults} injects one fault, {@link #silencing} loses what a crashed sender
 * drives, and the search's {@link ChosenFaults} wraps a bank to drop or repeat the symbol it chooses.
 */
public interface ChannelBank {
    int channels();

    int latencyCycles();

    /** Drives a non-idle symbol in cycle t. */
    void drive(int channel, long cycle, int code);

    /** The symbol arriving in cycle t (0 if idle), consumed by this call. */
    int take(int channel, long cycle);

    /**
     * The symbols still in the channel after cycle t's evaluation, oldest first (the next to
     * arrive first); idle stages are skipped.
     */
    int[] inFlight(int channel, long cycle);

    /** Number of non-idle symbols in all channels. */
    int inFlightTotal();

    /**
     * Counts, per channel, the symbols in flight whose code has its bit set in {@code codeMask}
     * (bit c for code c), for {@link #countedInFlight}.
     */
    void countCodes(int codeMask);

    /** How many symbols of the counted codes a channel holds after cycle t: {@link #inFlight}, counted in O(1). */
    int countedInFlight(int channel, long cycle);

    /** Saves what will arrive after cycle t, for the exhaustive search. */
    default void save(long afterCycle, StateBits w) {
        save(afterCycle, w, null);
    }

    /**
     * The same with the channels renumbered: channel c is saved where channel {@code from[c]} is
     * (a symmetry of the search's states; null keeps the order).
     */
    void save(long afterCycle, StateBits w, int[] from);

    /** Restores what {@link #save} wrote, as the channels stand before cycle t is evaluated. */
    void load(long atCycle, StateBits r);

    /** Called once at the end of every cycle, after every unit was evaluated. */
    default void endOfCycle() {}

    /**
     * The hardware contract's channels: each a pipeline of {@code latencyCycles} stages, so a
     * symbol driven in cycle t is seen in cycle t + L. Driving wakes the receiver for the arrival.
     */
    static ChannelBank timed(int channels, int latencyCycles, int[] receiverUnit, Scheduler scheduler) {
        return new TimedChannels(channels, latencyCycles, receiverUnit, scheduler);
    }

    /** Asynchronous FIFO channels of the given capacity (at most 15), for the search only. */
    static FifoChannels fifo(int channels, int capacity) {
        return new FifoChannels(channels, capacity);
    }

    /** The same channels, where a symbol driven on a channel the predicate names is lost (a crashed sender). */
    static ChannelBank silencing(ChannelBank inner, IntPredicate silenced) {
        return new SilencedChannels(inner, silenced);
    }

    /** The same channels with one fault injected; {@code direction} names this bank for the plan. */
    static ChannelBank withFaults(ChannelBank inner, FaultInjector fault, Direction direction) {
        return new FaultyChannels(inner, fault, direction);
    }
}
