package org.ppbus.verilog.proof;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.Symbols;
import org.ppbus.verilog.SignalNames;
import org.ppbus.verilog.SymbolCodes;

/**
 * The strengthening invariants of the idle bound's k-induction ({@link IdleInduction}): facts about
 * every reachable state of the fixed-rules RTL at L = 1, each written against the registers the
 * liveness harness reads ({@link FaultHarness} with {@link LivenessGoal.Invariants}). Alone, the
 * idle counter is not inductive: an arbitrary state can hold two forks of one arbiter, or two
 * tokens on one link, and idle for ever. These rule such states out. None is assumed before ABC's
 * pdr has proven it from the reset (a true invariant removes no reachable run); on a design that
 * breaks one (the paper's literal rules break 22 at n = 3) the induction does not run.
 *
 * <p>They were found one induction counterexample at a time (docs/VERIFICATION.md 2a). Per link
 * (arbiter a's port m, client c's slot s): its fork is in one place exactly when OWNER is set; its
 * request tokens (a CleanFORK carries one, a StrongRequest may go without) number one or two; who
 * must be hungry; the order of symbols on the link; requests go only to the OWNER; the client's
 * dirty and strong bits. Per arbiter: OWNER one-hot, its priority rows transitive. Per triple of
 * processors: no cycle in the precedence between them (the graph H of the paper is acyclic). Per
 * processor and for the harness: an eater holds its forks, the counters agree with req and gnt.
 */
final class LivenessInvariants {
    private LivenessInvariants() {}

    /** One invariant: a name for the reports and its Verilog condition. */
    record Invariant(String name, String condition) {}

    private static final int FORK = Symbols.FORK;
    private static final int A_REQUEST = Symbols.A_REQUEST;
    private static final int STRONG = Symbols.STRONG_REQUEST;
    private static final int CLEAN = Symbols.CLEAN_FORK;
    private static final int DIRTY = Symbols.DIRTY_FORK;
    private static final int C_REQUEST = Symbols.C_REQUEST;

    private static final String THINKING = "2'd0";
    private static final String HUNGRY = "2'd1";
    private static final String EATING = "2'd2";

    /** The harness's one-cycle-late past_valid: false in the first cycle after the reset. */
    static final String PAST2 = "past2_q";

    /**
     * Whether the invariants are stated for this network: L = 1 (one channel stage, so a link holds
     * one symbol in flight) and a whole plane (a padded one has one-port arbiters, which keep no
     * strong bits and no priorities).
     */
    static boolean stated(Wiring w, int latency) {
        return latency == 1 && w.fictitious().isEmpty();
    }

    /** The registers the invariants read beyond the liveness harness's own: request, dirty, strong bits and priorities. */
    static void expose(FormalHarness.Wires wires, Wiring w) {
        for (int c = 0; c < w.nodes(); c++) {
            int k = w.arbitersOf(c).length;
            wires.add("u_client_" + c + ".req_q", "creq_" + c, k);
            wires.add("u_client_" + c + ".dirty_q", "cdirty_" + c, k);
            wires.add("u_client_" + c + ".sreq_q", "csreq_" + c, k);
        }
        for (int a = 0; a < w.points(); a++) {
            int p = w.clientsOf(a).length;
            if (p == 0) {
                continue;
            }
            for (int r = 0; r < p - 1; r++) {
                wires.add("u_arbiter_" + a + ".prio_q[" + r + "]", "prio_" + a + "_" + r, p);
            }
            wires.add("u_arbiter_" + a + ".req_q", "areq_" + a, p);
            wires.add("u_arbiter_" + a + ".sreq_q", "asreq_" + a, p);
        }
    }

    /** Every invariant, per link, per arbiter, per triple of processors, per processor, then the harness's. */
    static List<Invariant> of(Wiring w, int hold) {
        List<Invariant> inv = new ArrayList<>();
        for (int a = 0; a < w.points(); a++) {
            int[] cs = w.clientsOf(a);
            for (int m = 0; m < cs.length; m++) {
                link(inv, new Link(a, m, cs[m], w.slotOf(cs[m], a)), WaitCounters.bits(hold));
            }
        }
        Map<Long, String> precedes = new HashMap<>();
        for (int a = 0; a < w.points(); a++) {
            arbiter(inv, w, a, precedes);
        }
        int n = w.nodes();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                for (int h = j + 1; h < n; h++) {
                    String up = precedes.get(pair(i, j)) + " && " + precedes.get(pair(j, h)) + " && "
                            + precedes.get(pair(h, i));
                    String down = precedes.get(pair(j, i)) + " && " + precedes.get(pair(h, j)) + " && "
                            + precedes.get(pair(i, h));
                    inv.add(new Invariant("H acyclic " + i + "," + j + "," + h, "!(" + up + ") && !(" + down + ")"));
                }
            }
        }
        processors(inv, w, WaitCounters.bits(hold));
        return inv;
    }

    /** Arbiter a's port m, wired to client c's slot s, and the names of what the harness reads on it. */
    private record Link(int a, int m, int c, int s) {
        String a2c() {
            return "st_" + SignalNames.a2c(a, c);
        }

        String c2a() {
            return "st_" + SignalNames.c2a(c, a);
        }

        /** The symbol waiting in the client's queue for this link. */
        String cq() {
            return "{cq1_" + c + "[" + s + "], cq0_" + c + "[" + s + "]}";
        }

        /** The symbol waiting in the arbiter's queue for this link. */
        String aq() {
            return "{aq1_" + a + "[" + m + "], aq0_" + a + "[" + m + "]}";
        }

        String at(String prefix, int index) {
            return prefix + "[" + index + "]";
        }

        String fork() {
            return at("fork_" + c, s);
        }

        String owner() {
            return at("owner_" + a, m);
        }

        String name(String what) {
            return what + " a" + a + " port " + m;
        }

        String creq() {
            return at("creq_" + c, s);
        }

        String cdirty() {
            return at("cdirty_" + c, s);
        }

        String csreq() {
            return at("csreq_" + c, s);
        }

        String areq() {
            return at("areq_" + a, m);
        }

        String asreq() {
            return at("asreq_" + a, m);
        }

        String hungry() {
            return "state_" + c + " == " + HUNGRY;
        }

        /** The client's fork on its way back, in the channel or queued. */
        String returning() {
            return "(" + is(c2a(), CLEAN, DIRTY) + " || " + is(cq(), CLEAN, DIRTY) + ")";
        }
    }

    /** {@code signal} holds one of {@code codes}. */
    private static String is(String signal, int... codes) {
        return IntStream.of(codes)
                .mapToObj(code -> signal + " == " + SymbolCodes.literal(code))
                .collect(Collectors.joining(" || ", "(", ")"));
    }

    /** The terms as 3-bit numbers, added. */
    private static String sum(String... terms) {
        return "("
                + java.util.Arrays.stream(terms).map(t -> "{2'b0, " + t + "}").collect(Collectors.joining(" + ")) + ")";
    }

    private static void link(List<Invariant> inv, Link l, int heldBits) {
        String a2c = l.a2c();
        String c2a = l.c2a();
        String cq = l.cq();
        String aq = l.aq();
        String forks = sum(l.fork(), is(a2c, FORK), is(c2a, CLEAN, DIRTY), is(cq, CLEAN, DIRTY), is(aq, FORK));
        inv.add(new Invariant(l.name("fork conservation"), forks + " == {2'b0, " + l.owner() + "}"));
        // A request token is at the client, at the arbiter, or travelling as a Request or CleanFORK
        // (which carries it); a StrongRequest asks again without it, so with one counted there are two.
        String[] tokens = {l.creq(), l.areq(), is(c2a, C_REQUEST, CLEAN), is(cq, C_REQUEST, CLEAN)};
        String[] withPlain = concat(tokens, is(a2c, A_REQUEST), is(aq, A_REQUEST));
        String[] withAny = concat(tokens, is(a2c, A_REQUEST, STRONG), is(aq, A_REQUEST, STRONG));
        inv.add(new Invariant(l.name("one token"), sum(withPlain) + " <= 3'd1"));
        inv.add(new Invariant(l.name("at most two tokens"), sum(withAny) + " <= 3'd2"));
        inv.add(new Invariant(l.name("a token somewhere"), sum(withAny) + " >= 3'd1"));
        order(inv, l, heldBits);
    }

    /** Who asks whom, who is hungry, the order of symbols on the link and the client's bits. */
    private static void order(List<Invariant> inv, Link l, int heldBits) {
        String a2c = l.a2c();
        String c2a = l.c2a();
        String cq = l.cq();
        String aq = l.aq();
        String asking = "(" + is(a2c, A_REQUEST, STRONG) + " || " + is(aq, A_REQUEST, STRONG) + ")";
        String clientAsks = "(" + is(c2a, C_REQUEST) + " || " + is(cq, C_REQUEST) + ")";
        inv.add(new Invariant(
                l.name("requests go to the OWNER"), "!" + asking + " || " + l.owner() + " || " + l.returning()));
        inv.add(new Invariant(l.name("a request without the fork"), "!" + clientAsks + " || !" + l.fork()));
        inv.add(new Invariant(l.name("a requester is hungry"), "!" + clientAsks + " || " + l.hungry()));
        inv.add(new Invariant(
                l.name("a fork sent to the hungry"),
                "!(" + is(a2c, FORK) + " || " + is(aq, FORK) + ") || " + l.hungry()));
        inv.add(new Invariant(
                l.name("a CleanFORK from the hungry"),
                "!(" + is(c2a, CLEAN) + " || " + is(cq, CLEAN) + ") || " + l.hungry()));
        inv.add(new Invariant(l.name("a strong bit with its token"), "!" + l.csreq() + " || " + l.creq()));
        inv.add(new Invariant(
                l.name("a waiting token is the hungry's"), "!" + l.areq() + " || " + l.owner() + " || " + l.hungry()));
        inv.add(new Invariant(
                l.name("an OWNER's token keeps its strong bit"),
                "!(" + l.owner() + " && " + l.areq() + ") || " + l.asreq()));
        // The OWNER holding its fork clean can still be asked strongly, unless it has been already.
        inv.add(new Invariant(
                l.name("a clean holder can be asked strongly"),
                "!(" + l.owner() + " && " + l.fork() + " && !" + l.cdirty() + ") || " + l.asreq() + " || "
                        + is(a2c, STRONG) + " || " + is(aq, STRONG) + " || " + l.csreq()));
        inv.add(new Invariant(
                l.name("no request behind a queued fork"),
                "!(" + is(aq, FORK) + " && " + is(a2c, A_REQUEST, STRONG) + ")"));
        inv.add(new Invariant(
                l.name("no request behind a queued return"),
                "!(" + is(cq, CLEAN, DIRTY) + " && " + is(c2a, C_REQUEST) + ")"));
        inv.add(new Invariant(
                l.name("a DirtyFORK carries no token"),
                "!(" + is(c2a, DIRTY) + " || " + is(cq, DIRTY) + ") || !" + l.areq()));
        inv.add(new Invariant(
                l.name("a StrongRequest leaves no token"),
                "!(" + is(a2c, STRONG) + " || " + is(aq, STRONG) + ") || !" + l.areq()));
        inv.add(new Invariant(
                l.name("a holder keeps its fork"),
                "!" + PAST2 + " || held_q_" + l.c() + " == " + heldBits + "'d0 || " + l.fork() + " || " + is(c2a, DIRTY)
                        + " || " + is(cq, DIRTY)));
        inv.add(new Invariant(l.name("dirty only when held"), "!" + l.cdirty() + " || " + l.fork()));
        inv.add(new Invariant(l.name("strong only when held"), "!" + l.csreq() + " || " + l.fork()));
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static long pair(int i, int j) {
        return ((long) i << 32) | j;
    }

    /**
     * OWNER one-hot; the priority rows transitive; and, into {@code precedes}, for each pair of
     * its clients the condition that the first precedes the second in H: a holder of a dirty fork
     * (held, or on its way back) comes after the other, and otherwise the priority row decides.
     */
    private static void arbiter(List<Invariant> inv, Wiring w, int a, Map<Long, String> precedes) {
        int[] cs = w.clientsOf(a);
        int p = cs.length;
        if (p == 0) {
            return;
        }
        inv.add(new Invariant("OWNER one-hot a" + a, "(owner_" + a + " & (owner_" + a + " - 1'b1)) == " + p + "'d0"));
        IntFunction<String> dirtyHolder = m -> {
            int c = cs[m];
            int s = w.slotOf(c, a);
            Link l = new Link(a, m, c, s);
            return "((" + l.fork() + " && cdirty_" + c + "[" + s + "]) || " + is(l.c2a(), Symbols.DIRTY_FORK) + " || "
                    + is(l.cq(), Symbols.DIRTY_FORK) + ")";
        };
        for (int x = 0; x < p; x++) {
            for (int y = x + 1; y < p; y++) {
                String e =
                        "(" + dirtyHolder.apply(y) + " || (!" + dirtyHolder.apply(x) + " && " + ranks(a, x, y) + "))";
                precedes.put(pair(cs[x], cs[y]), e);
                precedes.put(pair(cs[y], cs[x]), "!" + e);
            }
        }
        for (int x = 0; x < p; x++) {
            for (int y = x + 1; y < p; y++) {
                for (int z = y + 1; z < p; z++) {
                    String xy = ranks(a, x, y);
                    String yz = ranks(a, y, z);
                    String xz = ranks(a, x, z);
                    inv.add(new Invariant(
                            "priority transitive a" + a + " ports " + x + "," + y + "," + z,
                            "!(" + xy + " && " + yz + " && !" + xz + ") && !(!" + xy + " && !" + yz + " && " + xz
                                    + ")"));
                }
            }
        }
    }

    /** Port x outranks port y (x below y): row x of the upper triangle, bit y - x - 1. */
    private static String ranks(int a, int x, int y) {
        return "prio_" + a + "_" + x + "[" + (y - x - 1) + "]";
    }

    /** Per processor, then the harness's own registers. */
    private static void processors(List<Invariant> inv, Wiring w, int heldBits) {
        int n = w.nodes();
        String heldZero = heldBits + "'d0";
        for (int i = 0; i < n; i++) {
            int k = w.arbitersOf(i).length;
            String all = k + "'d" + ((1L << k) - 1);
            String none = k + "'d0";
            String held = "held_q_" + i + " == " + heldZero;
            String state = "state_" + i;
            inv.add(new Invariant("state valid " + i, state + " != 2'd3"));
            inv.add(new Invariant(
                    "an eater holds its forks " + i, state + " != " + EATING + " || fork_" + i + " == " + all));
            inv.add(new Invariant("a non-thinker asks " + i, state + " == " + THINKING + " || req_q[" + i + "]"));
            inv.add(new Invariant(
                    "an asker does not think " + i,
                    "!" + PAST2 + " || !req_q[" + i + "] || " + state + " != " + THINKING));
            inv.add(new Invariant(
                    "a holder holds nothing clean " + i, held + " || (fork_" + i + " & ~cdirty_" + i + ") == " + none));
            inv.add(new Invariant(
                    "an eater's forks are dirty " + i, state + " != " + EATING + " || cdirty_" + i + " == " + all));
            inv.add(new Invariant(
                    "a thinker holds nothing clean " + i,
                    state + " != " + THINKING + " || (fork_" + i + " & ~cdirty_" + i + ") == " + none));
            inv.add(new Invariant("a holder is not hungry " + i, held + " || " + state + " != " + HUNGRY));
        }
        int cb = WaitCounters.bits(n);
        String holders = IntStream.range(0, n)
                .mapToObj(i -> "{" + (cb - 1) + "'d0, held_q_" + i + " != " + heldZero + "}")
                .collect(Collectors.joining(" + "));
        inv.add(new Invariant("one holder", "!" + PAST2 + " || (" + holders + ") <= " + cb + "'d1"));
        inv.add(new Invariant(
                "reset state",
                PAST2 + " || ("
                        + IntStream.range(0, n)
                                .mapToObj(i -> "state_" + i + " == " + THINKING + " && fork_" + i + " == "
                                        + w.arbitersOf(i).length + "'d0")
                                .collect(Collectors.joining(" && "))
                        + ")"));
        inv.add(new Invariant("idle with a request", "idle_q == 0 || req_q != 0"));
        inv.add(new Invariant(
                "idle with no holder",
                "idle_q == 0 || ("
                        + IntStream.range(0, n)
                                .mapToObj(i -> "held_q_" + i + " == " + heldZero)
                                .collect(Collectors.joining(" && "))
                        + ")"));
    }
}
