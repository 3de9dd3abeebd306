package org.ppbus.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The counting's diagrams draw the rule they state: in the ASCII art, req rises just before edge t
 * and gnt just before edge t + d, each rise one column before the clock's rising edge; in the
 * WaveDrom, gnt's rise comes d cycles after req's.
 */
class ContractTimingTest {
    @ParameterizedTest(name = "d={0}")
    @ValueSource(ints = {1, 2, 3, 5, 6})
    void theAsciiDiagramRisesAtTheEdgesItNames(int d) {
        List<String> lines = ContractTiming.lines(d, "A wait");
        String clk = line(lines, "clk");
        String req = line(lines, "req[i]");
        String gnt = line(lines, "gnt[i]");
        List<Integer> edges = risesOf(clk);
        assertEquals(d + 2, edges.size(), clk);
        assertEquals(edges.get(0) - 1, req.indexOf('/'), req);
        assertEquals(edges.get(d) - 1, gnt.indexOf('/'), gnt);
        assertTrue(line(lines, "edge").contains("t+" + d), lines.toString());
    }

    @ParameterizedTest(name = "d={0}")
    @ValueSource(ints = {1, 3, 6})
    void theWaveDromRisesDCyclesApart(int d) {
        String json = ContractTiming.wavedrom(d, "A wait");
        int req = wave(json, "req[i]").indexOf('1');
        int gnt = wave(json, "gnt[i]").indexOf('1');
        assertEquals(d, gnt - req, json);
        assertEquals(wave(json, "clk").length(), wave(json, "gnt[i]").length(), json);
    }

    @ParameterizedTest(name = "d={0}")
    @ValueSource(ints = {7, 100})
    void aLongWaitIsStatedNotDrawn(int d) {
        assertTrue(ContractTiming.lines(d, "A wait").stream().anyMatch(l -> l.contains("For example (d = 3")));
    }

    private static String line(List<String> lines, String signal) {
        return lines.stream()
                .filter(l -> l.trim().startsWith(signal + " "))
                .findFirst()
                .orElseThrow();
    }

    private static List<Integer> risesOf(String clk) {
        java.util.ArrayList<Integer> out = new java.util.ArrayList<>();
        for (int k = clk.indexOf('/'); k >= 0; k = clk.indexOf('/', k + 1)) {
            out.add(k);
        }
        return out;
    }

    private static String wave(String json, String name) {
        Matcher m = Pattern.compile("\"name\": \"" + Pattern.quote(name) + "\", \"wave\": \"([^\"]+)\"")
                .matcher(json);
        assertTrue(m.find(), json);
        return m.group(1);
    }
}
