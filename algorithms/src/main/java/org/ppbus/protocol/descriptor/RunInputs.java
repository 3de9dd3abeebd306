package org.ppbus.protocol.descriptor;

import java.util.Objects;
import org.ppbus.protocol.ProtocolObserver;
import org.ppbus.protocol.RuleSet;

/**
 * What a run (the simulator, the co-simulation) offers every algorithm beyond the wiring and the
 * latency. An algorithm's descriptor turns it into its own settings record ({@link
 * AlgorithmOptions}), reading only what it uses; the caller never needs to know which.
 *
 * @param rules the {@code --rules} asked for (fixed unless the algorithm takes rules)
 * @param observer who hears the protocol's symbols, where an algorithm has them
 * @param evaluateEveryUnit every unit is evaluated every cycle (faults and some checks need it)
 */
public record RunInputs(RuleSet rules, ProtocolObserver observer, boolean evaluateEveryUnit) {
    public RunInputs {
        Objects.requireNonNull(rules, "rules");
        Objects.requireNonNull(observer, "observer");
    }

    /** The fixed rules from the cold start, observed by nobody. */
    public static RunInputs defaults() {
        return new RunInputs(RuleSet.FIXED, ProtocolObserver.NONE, false);
    }
}
