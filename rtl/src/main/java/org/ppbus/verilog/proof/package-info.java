/**
 * Proofs on the generated RTL with Yosys and ABC: at most one gnt (induction, or pdr for the wired
 * and k-bus designs), safety under channel faults, and the liveness bound B with its idle-stretch
 * search and k-inductions, each budgeted in SAT conflicts or variables and reporting undecided
 * when a budget or the outer time guard is spent.
 */
package org.ppbus.verilog.proof;
