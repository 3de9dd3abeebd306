/**
 * Verilog-2001 generation: the Campos–Carvalho units as parameterised modules and the top level
 * wired by the padded projective plane, the wired and k-bus designs, their testbenches, contract,
 * FuseSoC core and Wishbone interconnect, and the external tools' runner and synthesis. Output is
 * byte-identical for the same parameters. The proofs on this RTL are in {@code proof}.
 */
package org.ppbus.verilog;
