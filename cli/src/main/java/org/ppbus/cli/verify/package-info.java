/**
 * The steps of {@code ppbus verify}: reading the request, the state search's outcome and replay,
 * and the proofs on the RTL (one gnt, faults, liveness, the wired and k-bus designs) with their
 * reports.
 */
package org.ppbus.cli.verify;
