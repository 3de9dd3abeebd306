/** Runs a configured simulation: processors, network, checkers and statistics on one clock. */
package org.ppbus.testbench;
