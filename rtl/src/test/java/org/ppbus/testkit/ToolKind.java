package org.ppbus.testkit;

import java.lang.annotation.Annotation;
import java.util.List;

/**
 * The kinds of tool-driven test, each with its annotation (which also tags the test for the second
 * stage of {@code ./run-tests}) and the programs it runs. The one home of "which test needs what".
 */
public enum ToolKind {
    SIMULATOR(Simulator.class, "iverilog", "vvp"),
    FORMAL(Formal.class, "yosys", "yosys-abc"),
    SYNTHESIS(PlaceAndRoute.class, "yosys", "yosys-abc", "nextpnr-ice40"),
    VERILATOR(Verilator.class, "verilator"),
    WAVEFORM(Waveform.class, "vcd2fst", "gtkwave", "xvfb-run"),
    BROWSER(Browser.class, "chromium", "chromedriver"),
    SEARCH(Search.class);

    private final Class<? extends Annotation> annotation;
    private final List<String> programs;

    ToolKind(Class<? extends Annotation> annotation, String... programs) {
        this.annotation = annotation;
        this.programs = List.of(programs);
    }

    public Class<? extends Annotation> annotation() {
        return annotation;
    }

    /** The programs on PATH this kind of test runs; none for the state search, which is only slow. */
    public List<String> programs() {
        return programs;
    }
}
