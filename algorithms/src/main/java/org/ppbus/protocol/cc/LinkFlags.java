package org.ppbus.protocol.cc;

/** Bit flags of one client–arbiter link as held at either end (docs/SPEC.md §3.4). */
public final class LinkFlags {
    private LinkFlags() {}

    /** Client: holds the arbiter's fork. */
    public static final int FORK = 1;
    /** Client or arbiter: holds the link's request token. */
    public static final int REQ = 2;
    /** Client: an unserved StrongRequest. Arbiter: may still send one StrongRequest. */
    public static final int SREQ = 4;
    /** Client: the held fork is dirty. */
    public static final int DIRTY = 8;

    public static String describe(int flags) {
        StringBuilder sb = new StringBuilder();
        if ((flags & FORK) != 0) {
            sb.append("fork ");
        }
        if ((flags & REQ) != 0) {
            sb.append("req ");
        }
        if ((flags & SREQ) != 0) {
            sb.append("sreq ");
        }
        if ((flags & DIRTY) != 0) {
            sb.append("dirty ");
        }
        return sb.length() == 0 ? "-" : sb.toString().trim();
    }
}
