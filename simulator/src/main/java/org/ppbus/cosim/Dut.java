package org.ppbus.cosim;

/**
 * A device under test seen cycle by cycle, implemented alike by the Java model ({@link JavaDut})
 * and the Verilated RTL ({@link VerilatorDut}), so that a testbench written against it runs
 * unchanged on either.
 *
 * <p>In cycle t a testbench reads {@link #gnt} (registered, so it is gnt(t)), pokes req(t), and
 * calls {@link #step}, which evaluates cycle t and clocks it; {@link #symbol} then gives what each
 * channel carried in cycle t. Channel 2ℓ is link ℓ's client-to-arbiter channel, 2ℓ+1 its reverse.
 */
public interface Dut extends AutoCloseable {
    int nodes();

    /** Channels whose symbols are visible (0 for designs without channels). */
    int channels();

    boolean gnt(int node);

    void poke(int node, boolean req);

    void step();

    int symbol(int channel);

    /** The cycle that the next {@link #step} evaluates. */
    long cycle();

    @Override
    void close();
}
