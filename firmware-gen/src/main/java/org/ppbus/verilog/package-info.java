/**
 * Verilog-2001 generation: the Campos–Carvalho units as parameterised modules and the top level
 * wired by the padded projective plane. Output is byte-identical for the same parameters.
 */
package org.ppbus.verilog;
