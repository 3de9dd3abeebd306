package org.ppbus.cli.report;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.bus.Sharing;
import org.ppbus.cli.options.Version;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.testbench.SimulationConfig;
import org.ppbus.verilog.Designs;
import org.ppbus.verilog.GeneratedDesign;
import org.ppbus.verilog.PlanesVerilogGenerator;

/**
 * A row of the hardware architect's table: an algorithm with RTL on one bus, or campos-carvalho-k
 * on k buses. Each knows its RTL, the run that measures its waits, and its wires.
 */
public record SizedDesign(Algorithm algorithm, int buses) {
    /** The k of campos-carvalho-k's rows. */
    public static final List<Integer> K_BUSES = List.of(2, 3);

    /** Every algorithm with RTL on one bus, then campos-carvalho-k at each k of {@code kBuses}. */
    static List<SizedDesign> all(List<Integer> kBuses) {
        List<SizedDesign> out = new ArrayList<>();
        for (Algorithm a : Designs.algorithms()) {
            out.add(new SizedDesign(a, 1));
        }
        for (int k : kBuses) {
            out.add(new SizedDesign(CcPlanes.ALGORITHM, k));
        }
        return out;
    }

    /** The row's name: the algorithm's, with k where there is more than one bus. */
    String label() {
        return buses == 1 ? algorithm.name() : algorithm.name() + " (k = " + buses + ")";
    }

    GeneratedDesign generate(int nodes) {
        return buses == 1
                ? Designs.generate(algorithm.name(), nodes, 1, Version.VERSION)
                : new PlanesVerilogGenerator(Version.VERSION).generate(nodes, 1, buses);
    }

    /** The run that measures the waits: the algorithm on its buses. */
    SimulationConfig.Builder run(SimulationConfig.Builder b) {
        return b.algorithm(algorithm.name()).sharing(new Sharing(buses, 1, 0));
    }

    /** Wires that leave a node on these buses. */
    double wiresPerNode(int nodes) {
        return algorithm.wires().perNode(nodes, new Sharing(buses, 1, 0));
    }

    int overtakeBound(int latency, int hold) {
        return algorithm.overtakeBound(latency, hold, new Sharing(buses, 1, 0));
    }
}
