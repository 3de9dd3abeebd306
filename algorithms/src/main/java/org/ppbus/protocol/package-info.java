/**
 * What every algorithm shares: the client's philosopher state and the {@code Algorithm}
 * descriptor that the registry lists. The algorithms live in {@code protocol.cc} and
 * {@code protocol.baseline}.
 */
package org.ppbus.protocol;
