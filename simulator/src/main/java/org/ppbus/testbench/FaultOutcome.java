package org.ppbus.testbench;

import java.util.Arrays;
import org.ppbus.check.Violation;
import org.ppbus.link.ChannelId;
import org.ppbus.link.Direction;
import org.ppbus.link.FaultInjector;
import org.ppbus.link.FaultPlan;
import org.ppbus.plane.Wiring;
import org.ppbus.protocol.cc.Symbols;
import org.ppbus.protocol.descriptor.CrashDerivation;

/**
 * What an injected fault did. The protocol has no recovery, so the product is detection: the
 * verdict names the first invariant that noticed, and the latency is the cycles from the fault to
 * that detection. A fault that no checker noticed and after which every request was still served
 * is {@code masked}; one whose run left requests unserved without a named violation is
 * {@code requests-unserved}. An algorithm that repairs a lost message itself (Misra's ring) has
 * {@code recovered} it when the repair came after the loss and the run was clean; its latency is
 * then the cycles from the loss to the repair. A fault after which service stood still (a processor
 * waiting, nobody eating) longer than in the same run without the fault, by more than the deadlock
 * bound, until a timer repaired it, has {@code recovered} too, with {@code stallCycles} the length of that stall (-1 for none):
 * service went on, but not unaffected. A run never passes silently.
 */
public record FaultOutcome(
        Hit hit, String verdict, long detectedAt, long latency, Survival survival, long stallCycles) {

    /**
     * Where the fault struck and what it did: the plan as written, whether it was injected, the
     * cycle, the channel (or {@code nNODE} for a crash), what was sent and what arrived instead.
     */
    public record Hit(String plan, boolean injected, long cycle, String channel, String sent, String delivered) {}

    /** A fault that never struck: the run offered it nothing to hit. */
    static FaultOutcome notInjected(String plan) {
        return new FaultOutcome(new Hit(plan, false, -1, "", "", ""), "not-injected", -1, -1, null, -1);
    }

    /**
     * A fault that struck, with the verdict found at {@code detectedAt} (-1 for none); the latency
     * is the cycles from the fault to then.
     */
    static FaultOutcome struck(Hit hit, String verdict, long detectedAt) {
        return new FaultOutcome(hit, verdict, detectedAt, detectedAt < 0 ? -1 : detectedAt - hit.cycle(), null, -1);
    }

    public String plan() {
        return hit.plan();
    }

    public boolean injected() {
        return hit.injected();
    }

    public long cycle() {
        return hit.cycle();
    }

    public String channel() {
        return hit.channel();
    }

    public String sent() {
        return hit.sent();
    }

    public String delivered() {
        return hit.delivered();
    }

    /**
     * After a crash-stop: the live processors all of whose requests from the crash on were served,
     * those with one never served, the share of the requests from the crash on that were served, and
     * what the algorithm's structure says about them ({@code derived}, null where ppbus derives nothing).
     */
    public record Survival(
            int crashed, long cycle, int[] survivors, int[] cutOff, double servedAfterCrash, CrashDerivation derived) {

        Survival withDerived(CrashDerivation d) {
            return new Survival(crashed, cycle, survivors, cutOff, servedAfterCrash, d);
        }

        /**
         * Whether the run agrees with the derivation (null without one). It speaks only of processors
         * that asked after the crash: one that never asked is neither a survivor nor cut off.
         */
        public Boolean derivationHolds() {
            if (derived == null) {
                return null;
            }
            boolean holds = Arrays.stream(derived.survive()).noneMatch(i -> contains(cutOff, i))
                    && Arrays.stream(derived.cutOff()).noneMatch(i -> contains(survivors, i));
            return holds
                    && Arrays.stream(derived.atMostOneOf())
                                    .filter(i -> contains(survivors, i))
                                    .count()
                            <= 1;
        }

        private static boolean contains(int[] a, int x) {
            return Arrays.stream(a).anyMatch(y -> y == x);
        }
    }

    /** A crash whose survivors contradict what its algorithm derives: a failure of the model or of the derivation. */
    public boolean contradictsDerivation() {
        return survival != null && Boolean.FALSE.equals(survival.derivationHolds());
    }

    /**
     * A crash-stop. Only safety is checked after it, so the verdict is {@code mutex-violation}, or
     * {@code masked} when every request was served, or {@code requests-unserved}.
     */
    static FaultOutcome crash(String planText, FaultPlan resolved, Violation v, int ungranted, Survival survival) {
        Hit hit = new Hit(planText, true, resolved.cycle(), "n" + resolved.crashedNode(), "every output", "nothing");
        FaultOutcome f = struck(hit, verdict(v, ungranted), v == null ? -1 : v.cycle());
        return new FaultOutcome(hit, f.verdict, f.detectedAt, f.latency, survival, -1);
    }

    /**
     * A crash the run never reached: it ended (at its last cycle, or at a violation) before the
     * crash's cycle. Nothing crashed, so there is nothing to say of survivors; the channel still
     * names the node, which is how the report tells this apart from a symbol fault that hit nothing.
     */
    static FaultOutcome crashNotReached(String planText, FaultPlan resolved) {
        Hit hit = new Hit(planText, false, resolved.cycle(), "n" + resolved.crashedNode(), "", "");
        return new FaultOutcome(hit, "not-injected", -1, -1, null, -1);
    }

    /** What the report says of a fault that was not injected. */
    public String notInjectedWhy() {
        return hit.channel().isEmpty()
                ? "never hit a symbol"
                : "the run ended before cycle " + hit.cycle() + ", so node "
                        + hit.channel().substring(1) + " never crashed";
    }

    /**
     * A symbol fault. {@code recoveredAt} is the cycle the network's invariants held again after its
     * own repair (+heal), or -1: a clean run with a repair after the fault has {@code recovered}, with
     * the latency from the fault to the repair.
     */
    static FaultOutcome of(FaultInjector f, Wiring w, Violation v, int ungranted, long recoveredAt) {
        if (f.firedAt() < 0) {
            return notInjected(f.plan().toString());
        }
        int link = f.firedChannel();
        int client = w.linkClient(link);
        int arbiter = w.linkArbiter(link);
        Direction direction = f.firedDirection();
        String channel = new ChannelId.Link(direction, client, arbiter).toString();
        String sent = name(direction, f.originalCode());
        String delivered = switch (f.plan().kind()) {
            case DROP -> "nothing";
            case DUPLICATE -> sent + " twice";
            case DELAY -> sent + " " + f.extraDelay() + " cycles late";
            default -> name(direction, f.deliveredCode());
        };
        String verdict = verdict(v, ungranted);
        long at = v == null ? -1 : v.cycle();
        if (verdict.equals("masked") && recoveredAt > f.firedAt()) {
            verdict = "recovered";
            at = recoveredAt;
        }
        return struck(new Hit(f.plan().toString(), true, f.firedAt(), channel, sent, delivered), verdict, at);
    }

    /**
     * The verdict in the light of the same run without the fault: when that twin fails too, no
     * later than this run, the failure was there before the fault and is reported as
     * {@code pre-existing}.
     */
    public FaultOutcome against(SimulationResult twin) {
        boolean twinFails = twin.violation() != null;
        if (!injected() || detectedAt < 0 || !twinFails || twin.violation().cycle() > detectedAt) {
            return this;
        }
        return new FaultOutcome(hit, "pre-existing", detectedAt, latency, survival, stallCycles);
    }

    /**
     * The faulty run's verdict in the light of its twin, the same run without the fault: a failure
     * the twin shares no later is {@code pre-existing} ({@link #against}); a masked fault after which
     * service stood still (a processor waiting, nobody eating) longer than the twin ever did, by
     * more than the deadlock bound, was not masked but recovered from, when that stretch ended.
     */
    public static FaultOutcome judged(SimulationResult faulty, SimulationResult twin) {
        FaultOutcome f = faulty.fault().against(twin);
        long[] stall = faulty.stallAfterFault();
        boolean stood = f.injected()
                && f.verdict().equals("masked")
                && stall != null
                && stall[1] - stall[0] + 1
                        > twin.longestStall() + faulty.config().stallCycles();
        return stood ? f.withStall(stall) : f;
    }

    private FaultOutcome withStall(long[] stall) {
        long end = stall[1] + 1;
        return new FaultOutcome(hit, "recovered", end, end - hit.cycle(), survival, stall[1] - stall[0] + 1);
    }

    private static String name(Direction direction, int code) {
        return code == 0 ? "idle" : Symbols.name(direction, code);
    }

    static String verdict(Violation v, int ungranted) {
        if (v == null) {
            return ungranted == 0 ? "masked" : "requests-unserved";
        }
        return switch (v.property()) {
            case MUTUAL_EXCLUSION, BUS_EXCLUSION, WHOLE_DEMAND, GROUP_EXCLUSION -> "mutex-violation";
            case FORK_CONSERVATION -> v.found() == 0 ? "token-lost" : "token-duplicated";
            case REQUEST_TOKENS -> v.found() == 0 ? "request-token-lost" : "request-token-duplicated";
            case PRECEDENCE -> "precedence-cycle";
            case DEMOTION -> "priority-corrupted";
            case BOUNDED_QUEUES -> "queue-overflow";
            case ANOMALY -> "protocol-anomaly";
            case DEADLOCK -> "deadlock-detected";
            case LIVELOCK, IDLE_LIVELOCK -> "livelock-detected";
            case FAIRNESS, STARVATION -> "starvation-detected";
            case REPAIR -> "not-repaired"; // the state search's verdict; a run does not give it
            // A queue that would overflow stops the unit itself: the run is refused there.
            case REFUSED -> Violation.OUTPUT_QUEUE.equals(v.where()) ? "queue-overflow" : "refused";
        };
    }
}
