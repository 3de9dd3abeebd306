package org.ppbus.testbench;

import static org.ppbus.testbench.SimulationConfig.namesWith;
import static org.ppbus.testbench.SimulationConfig.require;

import org.ppbus.link.FaultKind;
import org.ppbus.link.FaultPlan;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Feature;

/** Which faults a run may inject, by what its algorithm supports: part of {@link SimulationConfig#validated}. */
final class FaultAdmission {
    private FaultAdmission() {}

    /** Throws a {@link ConfigException} on {@code fault} (a {@code --fault} text) that this run cannot take. */
    static void check(String fault, Algorithm a, int nodes) {
        FaultPlan plan;
        try {
            plan = FaultPlan.parse(fault);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("fault", "", e.getMessage());
        }
        if (plan != null && plan.crash()) {
            if (!plan.random()) {
                require(
                        plan.crashedNode() < nodes,
                        "fault",
                        "a crash",
                        "names node " + plan.crashedNode() + ", outside 0.." + (nodes - 1));
            }
        } else if (plan != null && a.has(Feature.MESSAGE_FAULTS)) {
            require(
                    plan.kind() == FaultKind.DROP && (plan.random() || plan.onMessages())
                            || plan.kind() == FaultKind.DELAY && plan.onMessages(),
                    "fault",
                    "fault injection",
                    "into " + a.name()
                            + "'s messages is drop:random, drop:CYCLE@m_FROM_TO, delay:CYCLE@m_FROM_TO[+D] or crash:NODE@CYCLE, got "
                            + plan);
        } else {
            require(
                    plan == null || a.has(Feature.FAULTS) && !plan.onMessages(),
                    "fault",
                    "fault injection",
                    plan != null && plan.onMessages()
                            ? "of lost and late messages is implemented for " + namesWith(Feature.MESSAGE_FAULTS)
                                    + " only"
                            : "is implemented for "
                                    + namesWith(Feature.FAULTS) + " (symbols) and "
                                    + namesWith(Feature.MESSAGE_FAULTS)
                                    + " (messages) only");
        }
        if (plan != null && !plan.crash() && plan.onMessages() && !plan.random()) {
            for (int x : plan.messageNodes()) {
                require(x < nodes, "fault", "fault injection", "names node " + x + ", outside 0.." + (nodes - 1));
            }
        }
    }
}
