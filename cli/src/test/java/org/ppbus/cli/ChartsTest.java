package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.junit.jupiter.api.Test;

class ChartsTest {
    /**
     * The error bar of a mean over seeds is half its 95% confidence interval: t(0.975, n − 1) · s / √n.
     * For 1, 2, 3: s = 1 and t(0.975, 2) = 4.303 (any t table), so 4.303 / √3 = 2.484. One seed has none.
     */
    @Test
    void errorBarsAreHalfTheNinetyFivePercentInterval() {
        SummaryStatistics three = new SummaryStatistics();
        for (double v : new double[] {1, 2, 3}) {
            three.addValue(v);
        }
        assertEquals(4.303 / Math.sqrt(3), Charts.halfWidth(three), 0.001);
        SummaryStatistics one = new SummaryStatistics();
        one.addValue(5);
        assertEquals(0, Charts.halfWidth(one));
    }
}
