package org.ppbus.testbench;

import java.util.List;
import org.ppbus.check.CheckList;
import org.ppbus.check.Property;
import org.ppbus.check.Violation;
import org.ppbus.stats.BusUse;
import org.ppbus.stats.Statistics;
import org.ppbus.workload.RequestTrace;

/**
 * The outcome of a run.
 *
 * @param cycles cycles simulated, drain included
 * @param loadCycles cycles in which new requests could rise
 * @param violation the first violation, or null
 * @param ungranted processors still waiting when the run ended
 * @param interrupted the run was stopped early (Ctrl-C); the report covers the cycles simulated
 * @param maxQueueDepth the deepest output queue seen (I8 allows 2)
 * @param trace every request raised, replayable
 * @param overtakeBound the fairness bound checked ({@link org.ppbus.protocol.descriptor.Algorithm#NO_BOUND} when none is)
 * @param maxOvertakes the most meals one processor started while another stayed hungry (-1 when not checked)
 * @param starvationBound the most meals the others may start while one processor waits, where starvation
 *     is checked in meals ({@link Long#MAX_VALUE} when it is not: an overtaking bound is checked instead)
 * @param maxServedWhileWaiting the most meals the others started while one processor waited
 * @param checks exactly the checks the run made, each with its bound, and apart the watchdogs it was too short for
 *     ({@link org.ppbus.check.Checker#checks})
 * @param offeredLoad bus time asked for per cycle ({@link org.ppbus.workload.Workload#offeredLoad}), NaN for none
 * @param longestStall the longest stretch in which a processor waited and nobody ate ({@link org.ppbus.check.Stalls})
 * @param stallAfterFault the longest such stretch from an injected symbol or message fault on, {first, last}, or null
 * @param shared how a run that shares its buses used them (K1–K3, concurrency, utilisation per bus), or null
 */
public record SimulationResult(
        SimulationConfig config,
        int order,
        int points,
        long cycles,
        long loadCycles,
        Statistics.Summary summary,
        Violation violation,
        long mutexViolations,
        int ungranted,
        boolean interrupted,
        int maxQueueDepth,
        boolean quiescentAtEnd,
        RequestTrace trace,
        FaultOutcome fault,
        int overtakeBound,
        int maxOvertakes,
        long starvationBound,
        long maxServedWhileWaiting,
        CheckList checks,
        double offeredLoad,
        long longestStall,
        long[] stallAfterFault,
        BusUse.Summary shared) {
    /** The run stopped on a deadlock (I7): someone waits and nothing moves. */
    public boolean deadlock() {
        return violation != null && violation.property() == Property.DEADLOCK;
    }

    /** The run stopped on a livelock: symbols keep moving and nobody eats (I6, or under load). */
    public boolean livelock() {
        return violation != null
                && (violation.property() == Property.LIVELOCK || violation.property() == Property.IDLE_LIVELOCK);
    }

    /** The workload asks for at least as much bus time as there is: waits measure the queue. */
    public boolean saturated() {
        return offeredLoad >= 1;
    }

    /**
     * The same result without its request trace, which is most of its size: for batches that keep
     * many results for their report (the fault matrix) and never replay them.
     */
    public SimulationResult withoutTrace() {
        return with(new RequestTrace(trace.nodes(), List.of()), fault);
    }

    /** The same result with another fault outcome (the fault judged against its twin). */
    public SimulationResult withFault(FaultOutcome judged) {
        return with(trace, judged);
    }

    /** This result with another trace and fault outcome: the one place its fields are named in order. */
    private SimulationResult with(RequestTrace trace, FaultOutcome fault) {
        return new SimulationResult(
                config,
                order,
                points,
                cycles,
                loadCycles,
                summary,
                violation,
                mutexViolations,
                ungranted,
                interrupted,
                maxQueueDepth,
                quiescentAtEnd,
                trace,
                fault,
                overtakeBound,
                maxOvertakes,
                starvationBound,
                maxServedWhileWaiting,
                checks,
                offeredLoad,
                longestStall,
                stallAfterFault,
                shared);
    }
}
