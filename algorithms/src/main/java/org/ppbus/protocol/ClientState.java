package org.ppbus.protocol;

/** The client's philosopher state; gnt is high exactly while the client is EATING. */
public enum ClientState {
    THINKING,
    HUNGRY,
    EATING
}
