/**
 * Co-simulation: the generated RTL compiled by Verilator into a shared library, loaded with JNA,
 * run in lockstep with the Java model; and the small step/poke/peek interface both implement.
 */
package org.ppbus.cosim;
