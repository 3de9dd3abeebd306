package org.ppbus.verilog;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.ppbus.protocol.RuleSet;
import org.ppbus.registry.Algorithms;

class TmpN7Test {
    @Test
    void n7() throws Exception {
        GeneratedDesign d = Designs.generate(Algorithms.campos(), 7, 1, RuleSet.FIXED, "test");
        Contract.WaitBound b = Contract.waitBound(7, 1, 1);
        for (int r : new int[] {5, 6}) {
            long t0 = System.nanoTime();
            IdleInduction.Induction i = IdleInduction.induct(
                    d, 7, 1, b, true, r, 2 * r + 4, 3600, Files.createDirectories(Path.of("/tmp/n7i/r" + r)), l -> {});
            System.out.println("N7 R=" + r + " " + i + " " + (System.nanoTime() - t0) / 1e9 + " s");
        }
        long t0 = System.nanoTime();
        IdleInduction.Induction g = IdleInduction.induct(
                d, 7, 1, b, false, 15, 34, 3600, Files.createDirectories(Path.of("/tmp/n7i/g15")), l -> {});
        System.out.println("N7 G=15 " + g + " " + (System.nanoTime() - t0) / 1e9 + " s");
    }
}
