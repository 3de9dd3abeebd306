package org.ppbus.testbench;

import org.ppbus.check.Property;
import org.ppbus.check.Violation;
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
 * @param overtakeBound the fairness bound checked ({@link org.ppbus.protocol.Algorithm#NO_BOUND} when none is)
 * @param maxOvertakes the most meals one processor started while another stayed hungry (-1 when not checked)
 */
public record SimulationResult(SimulationConfig config, int order, int points, long cycles, long loadCycles,
                               Statistics.Summary summary, Violation violation, long mutexViolations, int ungranted,
                               boolean interrupted, int maxQueueDepth, boolean quiescentAtEnd, RequestTrace trace,
                               FaultOutcome fault, int overtakeBound, int maxOvertakes) {
    /** The run stopped on a deadlock (I7): someone waits and nothing moves. */
    public boolean deadlock() {
        return violation != null && violation.property() == Property.DEADLOCK;
    }

    /** The run stopped on a livelock: symbols keep moving and nobody eats (I6, or under load). */
    public boolean livelock() {
        return violation != null
                && (violation.property() == Property.LIVELOCK || violation.property() == Property.IDLE_LIVELOCK);
    }
}
