/**
 * What several message-passing algorithms share and none is: their base class {@code
 * MessagePassingFabric} (the req/gnt handshake, message channels, faults into them), Lamport clocks
 * and their wrapped stamps, quorum systems and k-coteries as data, and the silence timers of the
 * timeout-based ones.
 */
package org.ppbus.protocol.baseline.parts;
