/**
 * What every algorithm's run shares: the client's philosopher state, the units the scheduler steps,
 * the observer that hears the protocol, and Campos–Carvalho's rule sets. The descriptor that says
 * what an algorithm is lives in {@code protocol.descriptor}; the algorithms in {@code protocol.cc},
 * {@code protocol.baseline} and {@code protocol.wired}.
 */
package org.ppbus.protocol;
