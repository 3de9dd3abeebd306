/**
 * The arbiters real buses were built with, modelled cycle for cycle on ppbus's req/gnt contract:
 * central arbiters wired to every processor (round robin, its log-depth form, the matrix of exact
 * least-recently-granted order) and the distributed ones that decide on shared wired-OR lines (the
 * VMEbus daisy chain, NuBus and Futurebus parallel contention). None sends messages; each has RTL in
 * the rtl module that the co-simulation holds to the model here.
 */
package org.ppbus.protocol.wired;
