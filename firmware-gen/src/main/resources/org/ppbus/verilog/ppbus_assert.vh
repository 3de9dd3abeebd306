// The simulation checks' one macro file, included by every ppbus module that checks itself.
//
// A failed check prints one line, "ASSERTION <name> FAILED in <where>: <what> at time <t>", and
// stops the simulation ($stop). <name> is the check's named block, so a log says which one fired.
// <where> is the instance path (%m) under Icarus and other simulators, and the module's name in a
// build that defines VERILATOR, since there %m is a literal per instance, which would give every
// instance of a unit a copy of its code. The checks sit inside `ifndef SYNTHESIS: synthesis never
// sees them.
//
// Usage, inside the failing branch of a check:
//     `PPBUS_ASSERT_FAILED("a_name", "ppbus_module");
//     $display("what went wrong (%b) at time %0t", value, $time);
//     $stop;
`ifndef PPBUS_ASSERT_VH
`define PPBUS_ASSERT_VH
`ifdef VERILATOR
`define PPBUS_ASSERT_FAILED(name, module) $write("ASSERTION %0s FAILED in %0s: ", name, module)
`else
`define PPBUS_ASSERT_FAILED(name, module) $write("ASSERTION %0s FAILED in %m: ", name)
`endif
`endif
