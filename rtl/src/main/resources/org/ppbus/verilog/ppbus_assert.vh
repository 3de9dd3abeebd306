// The checks' macros, included by every ppbus module that checks itself: one macro per kind of
// property, one named instance per property, usable by simulators (Icarus, Verilator) and by
// Yosys (read_verilog -formal, which defines FORMAL).
//
// PPBUS_CHECKS is defined where the port properties are compiled: in simulation and under FORMAL.
// PPBUS_SIMULATION is defined in simulation only (neither SYNTHESIS nor FORMAL): the units' own
// checks and the observation ports they read, which print and stop and which Yosys cannot prove.
// Synthesis (SYNTHESIS defined) sees neither.
//
// `PPBUS_ASSERT(label, name, cond, what, value)
//     A property of the design, checked at every rising clk outside rst. In simulation a failure
//     prints one line, "ASSERTION <name> FAILED in <where>: <what> (<value in binary>) at time <t>",
//     and stops the simulation ($stop). Under FORMAL it is "label: assert (cond)", checked in every
//     cycle after the reset. label is the identifier, name the same as a string (Verilog-2001 has
//     no stringification). <where> is the instance path (%m), also under Verilator: the modules
//     that use these two macros are instantiated once in a design. The enclosing module must have
//     clk and rst.
// `PPBUS_ASSERT_INPUT(label, name, cond, what, value)
//     A property of the module's inputs, the user's side of its contract. In simulation a failure
//     is reported as the user's error ("... FAILED in <where>: user error: <what> ..."). Under
//     FORMAL it is asserted, so that a proof of the user's design checks the user's logic, or
//     assumed where PPBUS_ASSUME_INPUTS is defined (a proof with this module at the top).
// `PPBUS_ASSERT_FAILED(name, module)
//     The first half of a failure's line, for checks too rich for one condition (the units' own,
//     inside `ifdef PPBUS_SIMULATION).
//     <where> is the instance path (%m) under Icarus and other simulators, and the module's name in
//     a build that defines VERILATOR, since there %m is a literal per instance, which would give
//     every instance of a unit a copy of its code. Use it inside the failing branch of a check:
//         `PPBUS_ASSERT_FAILED("a_name", "ppbus_module");
//         $display("what went wrong (%b) at time %0t", value, $time);
//         $stop;
// `PPBUS_PARAMETER_CHECK(label, module, cond, what)
//     A check of the module's parameters, made once at time 0 in simulation (PPBUS_SIMULATION): a
//     failure prints "PARAMETER ERROR in <module>: <what>" and ends the simulation ($finish).
//     Synthesis and proofs see nothing. module is the module's name as a string (not %m, which
//     would give every instance under Verilator its own code).
`ifndef PPBUS_ASSERT_VH
`define PPBUS_ASSERT_VH

`ifdef FORMAL
`define PPBUS_CHECKS
`elsif SYNTHESIS
`else
`define PPBUS_CHECKS
`define PPBUS_SIMULATION
`endif

`ifdef VERILATOR
`define PPBUS_ASSERT_FAILED(name, module) $write("ASSERTION %0s FAILED in %0s: ", name, module)
`else
`define PPBUS_ASSERT_FAILED(name, module) $write("ASSERTION %0s FAILED in %m: ", name)
`endif

`ifdef PPBUS_SIMULATION
`define PPBUS_PARAMETER_CHECK(label, module, cond, what) \
    initial begin : label \
        if (!(cond)) begin \
            $display("PARAMETER ERROR in %0s: %0s", module, what); \
            $finish; \
        end \
    end
`else
`define PPBUS_PARAMETER_CHECK(label, module, cond, what)
`endif

`ifdef FORMAL
`define PPBUS_ASSERT(label, name, cond, what, value) \
    always @(posedge clk) if (!rst) label: assert (cond);
`ifdef PPBUS_ASSUME_INPUTS
`define PPBUS_ASSERT_INPUT(label, name, cond, what, value) \
    always @(posedge clk) if (!rst) label: assume (cond);
`else
`define PPBUS_ASSERT_INPUT(label, name, cond, what, value) \
    always @(posedge clk) if (!rst) label: assert (cond);
`endif
`else
`define PPBUS_ASSERT(label, name, cond, what, value) \
    always @(posedge clk) begin : label \
        if (!rst && !(cond)) begin \
            $write("ASSERTION %0s FAILED in %m: ", name); \
            $display("%0s (%b) at time %0t", what, value, $time); \
            $stop; \
        end \
    end
`define PPBUS_ASSERT_INPUT(label, name, cond, what, value) \
    always @(posedge clk) begin : label \
        if (!rst && !(cond)) begin \
            $write("ASSERTION %0s FAILED in %m: ", name); \
            $display("user error: %0s (%b) at time %0t", what, value, $time); \
            $stop; \
        end \
    end
`endif
`endif
