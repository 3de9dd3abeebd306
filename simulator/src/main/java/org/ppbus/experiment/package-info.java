/**
 * Experiments made of many runs: the batch runner under soak, sweep, faults and results, the fault
 * matrix, and the measurement of the paper's claims.
 */
package org.ppbus.experiment;
