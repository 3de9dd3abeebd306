package org.ppbus.protocol.descriptor;

/** What an algorithm offers beyond req, gnt and its messages. */
public enum Feature {
    /** Its links carry the 2-bit symbols of the hardware contract, which cosim and traces compare. */
    SYMBOLS,
    /** It takes {@code --rules}. */
    RULES,
    /** {@code --fault} can inject into its channels the contract's symbol faults (drop, duplicate, corrupt, delay). */
    FAULTS,
    /** {@code --fault} can lose a message on one of its channels, or crash a node (its messages are lost). */
    MESSAGE_FAULTS,
    /** The audit's A3 reproduction ({@code --reenter-without-thinking}) applies. */
    REENTRY,
    /** The rtl module generates Verilog for it. */
    RTL,
    /** It serves k > 1 identical buses, at most k processors in at once (k-exclusion, {@code --buses}). */
    K_BUSES,
    /** A request may need h of the k buses at once (h-out-of-k, {@code --demand}). */
    DEMAND,
    /** Requests carry a group; one group at a time may share the bus (group mutual exclusion, {@code --groups}). */
    GROUPS
}
