package org.ppbus.verilog.proof;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The idle search's budget is read from bmc3's own counts, not from a clock. */
class IdleSearchTest {
    /**
     * bmc3 -v prints the conflicts so far on each frame's line; the budget of the next bound is
     * computed from the last (here 898, from a run on the triangle's G = 6), and a log without
     * those lines counts as 1, so that the next budget is the least one.
     */
    @Test
    void theConflictsSpentAreTheLastCountBmc3Printed() {
        String log = String.join(
                "\n",
                "Params: FramesMax = 144. Start = 0. ConfLimit = 20000. TimeOut = 0. SolveAll = 0.",
                "   3 + : Var =     147. Cla =      391. Conf =      0. Learn =      0.    0 MB   4 MB     0.02 sec",
                "  12 + : Var =    2939. Cla =    10695. Conf =    570. Learn =    559.    0 MB   4 MB     0.06 sec",
                "  14 + : Var =    3609. Cla =    13191. Conf =    898. Learn =    886.    0 MB   4 MB     0.08 sec",
                "Output 0 of miter \"proof-after-reset\" was asserted in frame 14. Time =     0.08 sec");
        assertEquals(898, IdleSearch.spent(log));
        assertEquals(1, IdleSearch.spent("No output asserted in 23 frames."));
    }

    /** The induction's budget reads the size of each SAT problem Yosys poses, nothing else. */
    @Test
    void anInductionIsOverBudgetOnlyOnAProblemAboveTheVariables() {
        String line = "[induction step 10] Solving problem with %d variables and 423125 clauses..";
        assertEquals(false, IdleInduction.overBudget(String.format(line, 154_726), 600_000));
        assertEquals(false, IdleInduction.overBudget(String.format(line, 600_000), 600_000));
        assertEquals(true, IdleInduction.overBudget(String.format(line, 600_001), 600_000));
        assertEquals(false, IdleInduction.overBudget("** Trying induction with length 700001 **", 600_000));
    }
}
