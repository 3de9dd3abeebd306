package org.ppbus.link;

import org.ppbus.bus.Positions;
import org.ppbus.bus.StateBits;

/**
 * The output FIFOs of one unit, one per port. Under the E1 encoding a step that must send two
 * symbols on one link (R6; R15 then R16) sends them in consecutive cycles in the order the rules
 * fired: the second waits here. Codes are 2 bits, packed four to an int.
 */
public final class PortQueues {
    /** Deeper than the protocol ever needs (I8 says 2); the checker reports anything above 2. */
    public static final int CAPACITY = 4;

    private static final int LENGTH_BITS = StateBits.widthFor(CAPACITY);

    private final int[] packed;
    private final byte[] length;
    private int nonEmpty;
    private int maxDepth;

    public PortQueues(int ports) {
        this.packed = new int[ports];
        this.length = new byte[ports];
    }

    public void push(int port, int code) {
        int len = length[port];
        if (len == CAPACITY) {
            throw new QueueOverflow(port);
        }
        packed[port] |= (code & 3) << (2 * len);
        length[port] = (byte) (len + 1);
        if (len == 0) {
            nonEmpty++;
        }
        if (len + 1 > maxDepth) {
            maxDepth = len + 1;
        }
    }

    /** Removes and returns the head, or 0 when the queue is empty. */
    public int pop(int port) {
        int len = length[port];
        if (len == 0) {
            return 0;
        }
        int head = packed[port] & 3;
        packed[port] >>>= 2;
        length[port] = (byte) (len - 1);
        if (len == 1) {
            nonEmpty--;
        }
        return head;
    }

    /** One port's queue as a single value, its length and its codes (a symmetry's key). */
    public int key(int port) {
        return length[port] | packed[port] << LENGTH_BITS;
    }

    public int depth(int port) {
        return length[port];
    }

    /** The queued codes of one port, head first. */
    public int[] contents(int port) {
        int[] r = new int[length[port]];
        for (int i = 0; i < r.length; i++) {
            r[i] = (packed[port] >>> (2 * i)) & 3;
        }
        return r;
    }

    /** How many symbols waiting at a port have a code whose bit is set in {@code codeMask}; no allocation. */
    public int count(int port, int codeMask) {
        int n = 0;
        for (int i = 0; i < length[port]; i++) {
            n += codeMask >>> ((packed[port] >>> (2 * i)) & 3) & 1;
        }
        return n;
    }

    public boolean anyPending() {
        return nonEmpty > 0;
    }

    /** Saves every port's queue: its length and its codes, widths that follow {@link #CAPACITY}. */
    public void save(StateBits w) {
        save(w, null);
    }

    /** The same with the ports renumbered: port q is saved where port {@code from[q]} is (null: in order). */
    public void save(StateBits w, int[] from) {
        for (int q = 0; q < length.length; q++) {
            int p = Positions.at(from, q);
            w.write(length[p], LENGTH_BITS);
            w.write(packed[p], 2 * CAPACITY);
        }
    }

    /** Restores what {@link #save} wrote; the depth statistic starts again from zero. */
    public void load(StateBits r) {
        nonEmpty = 0;
        for (int p = 0; p < length.length; p++) {
            length[p] = (byte) r.read(LENGTH_BITS);
            packed[p] = r.read(2 * CAPACITY);
            if (length[p] > 0) {
                nonEmpty++;
            }
        }
        maxDepth = 0;
    }

    /** The largest depth any port reached, counted right after a push. */
    public int maxDepth() {
        return maxDepth;
    }
}
