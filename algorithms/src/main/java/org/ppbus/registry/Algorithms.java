package org.ppbus.registry;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import org.ppbus.bus.Sharing;
import org.ppbus.protocol.baseline.AgrawalJalote;
import org.ppbus.protocol.baseline.Baldoni;
import org.ppbus.protocol.baseline.BanerjeeChrysanthis;
import org.ppbus.protocol.baseline.BulgannawarVaidya;
import org.ppbus.protocol.baseline.CarvalhoRoucairol;
import org.ppbus.protocol.baseline.CenciGroups;
import org.ppbus.protocol.baseline.CentralCoordinator;
import org.ppbus.protocol.baseline.ChandyMisra;
import org.ppbus.protocol.baseline.ChangSinghalLiu;
import org.ppbus.protocol.baseline.Cohorts;
import org.ppbus.protocol.baseline.Kakugawa;
import org.ppbus.protocol.baseline.Lamport;
import org.ppbus.protocol.baseline.LiHudak;
import org.ppbus.protocol.baseline.LodhaKshemkalyani;
import org.ppbus.protocol.baseline.LukWong;
import org.ppbus.protocol.baseline.Maekawa;
import org.ppbus.protocol.baseline.MaekawaGrid;
import org.ppbus.protocol.baseline.Makki;
import org.ppbus.protocol.baseline.ManabeTajima;
import org.ppbus.protocol.baseline.Misra;
import org.ppbus.protocol.baseline.NesterenkoMizuno;
import org.ppbus.protocol.baseline.Raymond;
import org.ppbus.protocol.baseline.RaymondK;
import org.ppbus.protocol.baseline.RicartAgrawala;
import org.ppbus.protocol.baseline.Sanders;
import org.ppbus.protocol.baseline.ThambuWong;
import org.ppbus.protocol.baseline.TokenRing;
import org.ppbus.protocol.baseline.TreeQuorum;
import org.ppbus.protocol.baseline.WuShu;
import org.ppbus.protocol.cc.CcNetwork;
import org.ppbus.protocol.cc.CcPlanes;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.protocol.descriptor.Feature;
import org.ppbus.protocol.wired.CentralMatrix;
import org.ppbus.protocol.wired.CentralRoundRobin;
import org.ppbus.protocol.wired.DaisyChain;
import org.ppbus.protocol.wired.ParallelContention;

/**
 * Every algorithm ppbus runs, in the order of reports and help texts. Adding one is its class,
 * with its {@link Algorithm} descriptor, and one line: here for ppbus's own, or in a library's
 * {@link AlgorithmProvider} services file (docs/ARCHITECTURE.md).
 */
public final class Algorithms {
    private static final List<Algorithm> BUILT_IN = List.of(
            CcNetwork.ALGORITHM,
            CentralRoundRobin.ALGORITHM,
            CentralCoordinator.ALGORITHM,
            WuShu.ALGORITHM,
            TokenRing.ALGORITHM,
            Misra.ALGORITHM,
            Lamport.ALGORITHM,
            RicartAgrawala.ALGORITHM,
            LodhaKshemkalyani.ALGORITHM,
            CarvalhoRoucairol.ALGORITHM,
            Raymond.ALGORITHM,
            ChandyMisra.ALGORITHM,
            Maekawa.PLANE,
            MaekawaGrid.ALGORITHM,
            LukWong.ALGORITHM,
            AgrawalJalote.ALGORITHM,
            Cohorts.ALGORITHM,
            TreeQuorum.ALGORITHM,
            Sanders.ALGORITHM,
            NesterenkoMizuno.ALGORITHM,
            LiHudak.ALGORITHM,
            ChangSinghalLiu.ALGORITHM,
            BanerjeeChrysanthis.ALGORITHM,
            BanerjeeChrysanthis.WITH_MONITOR,
            ThambuWong.ALGORITHM,
            // More than one bus (docs/SPEC.md, "More than one bus"): after the single-bus ones, so
            // that their order, and the colours of the plots, stay as they were.
            RaymondK.ALGORITHM,
            ManabeTajima.ALGORITHM,
            CenciGroups.ALGORITHM,
            Kakugawa.MAJ,
            Kakugawa.DIV,
            Kakugawa.MAJ_R,
            Kakugawa.COHORTS,
            Baldoni.ALGORITHM,
            BulgannawarVaidya.ALGORITHM,
            Makki.ALGORITHM,
            CcPlanes.ALGORITHM,
            // The arbiters real buses were built with (docs/SPEC.md, "The hardware architect's
            // table"): last, so that the order and colours of the plots above stay as they were.
            CentralRoundRobin.PREFIX,
            CentralMatrix.ALGORITHM,
            DaisyChain.PLAIN,
            DaisyChain.FAIR,
            ParallelContention.ALGORITHM);

    /** ppbus's own, then those the class path provides, each name once. */
    private static final List<Algorithm> ALL = withProvided(BUILT_IN);

    private Algorithms() {}

    private static List<Algorithm> withProvided(List<Algorithm> builtIn) {
        List<Algorithm> all = new ArrayList<>(builtIn);
        Set<String> names = new HashSet<>();
        builtIn.forEach(a -> names.add(a.name()));
        for (AlgorithmProvider p : ServiceLoader.load(AlgorithmProvider.class)) {
            for (Algorithm a : p.algorithms()) {
                if (!names.add(a.name())) {
                    throw new IllegalStateException("two algorithms are named '" + a.name() + "' (the second from "
                            + p.getClass().getName() + ")");
                }
                all.add(a);
            }
        }
        return List.copyOf(all);
    }

    /** The protocol of the paper, and the default everywhere. */
    public static Algorithm campos() {
        return CcNetwork.ALGORITHM;
    }

    public static List<Algorithm> all() {
        return ALL;
    }

    public static List<String> names() {
        return ALL.stream().map(Algorithm::name).toList();
    }

    /**
     * The algorithms a comparison of this sharing runs by default: on the paper's single bus those
     * of the single bus (an algorithm for k buses, h-requests or groups is run there only when
     * named), and otherwise every algorithm that can serve it.
     */
    public static List<Algorithm> serving(Sharing s) {
        return ALL.stream()
                .filter(a -> s.shared()
                        ? a.refusal(s).isEmpty()
                        : !a.has(Feature.K_BUSES) && !a.has(Feature.DEMAND) && !a.has(Feature.GROUPS))
                .toList();
    }

    /** The algorithms with a feature, for instance those the rtl module generates Verilog for. */
    public static List<Algorithm> with(Feature f) {
        return ALL.stream().filter(a -> a.has(f)).toList();
    }

    public static Optional<Algorithm> find(String name) {
        return ALL.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /**
     * The algorithm of that name.
     *
     * @throws IllegalArgumentException with a one-line message listing the names
     */
    public static Algorithm named(String name) {
        return find(name)
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown algorithm '" + name + "' (" + String.join(", ", names()) + ")"));
    }
}
