package org.ppbus.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ppbus.plane.Wiring;

/**
 * The generated Verilog for n = 3 and 7 is compared byte for byte with the files under
 * src/test/resources/golden. To change them on purpose, run
 * {@code mvn -pl rtl test -Dgolden.regenerate=true}: the files are rewritten and the test
 * fails, so a regenerated golden file is never accepted silently; review the diff and run again.
 */
class GoldenTest {
    static final String VERSION = "golden";
    private static final Path GOLDEN = Path.of("src", "test", "resources", "golden");

    @ParameterizedTest
    @ValueSource(ints = {3, 7})
    void matchesGoldenFiles(int n) throws IOException {
        GeneratedDesign d = new CcVerilogGenerator(VERSION).generate(Wiring.forNodes(n), 1);
        Path dir = GOLDEN.resolve("n" + n);
        if (Boolean.getBoolean("golden.regenerate")) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> old = Files.list(dir)) {
                    for (Path p : old.toList()) {
                        Files.delete(p);
                    }
                }
            }
            d.writeTo(dir);
            fail("golden files for n=" + n + " regenerated in " + dir + "; review the diff and run the tests again");
        }
        TreeSet<String> expectedNames = new TreeSet<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.forEach(p -> expectedNames.add(p.getFileName().toString()));
        }
        assertEquals(expectedNames, new TreeSet<>(d.files().keySet()));
        for (Map.Entry<String, String> e : d.files().entrySet()) {
            String golden = Files.readString(dir.resolve(e.getKey()), StandardCharsets.UTF_8);
            assertEquals(golden, e.getValue(), "generated " + e.getKey() + " differs from golden n" + n);
        }
    }

    @Test
    void generationIsByteIdenticalAndTimeless() {
        for (int n : new int[] {1, 2, 10, 57}) {
            GeneratedDesign a = new CcVerilogGenerator("1.2.3").generate(Wiring.forNodes(n), 2);
            GeneratedDesign b = new CcVerilogGenerator("1.2.3").generate(Wiring.forNodes(n), 2);
            assertEquals(a.files(), b.files());
            for (String text : a.files().values()) {
                assertFalse(text.matches("(?s).*20[0-9][0-9]-[0-9][0-9]-[0-9][0-9].*"), "a date in generated output");
                assertFalse(
                        text.contains("/tmp") || text.contains("/home") || text.contains("/work"),
                        "a path in generated output");
            }
        }
    }

    @Test
    void oneModulePerFileAndTheContractTopLevel() {
        GeneratedDesign d = new CcVerilogGenerator("1.2.3").generate(Wiring.forNodes(10), 1);
        Pattern module = Pattern.compile("^module (\\w+)", Pattern.MULTILINE);
        for (String f : d.sources()) {
            Matcher m = module.matcher(d.files().get(f));
            assertTrue(m.find(), f);
            assertEquals(f.replace(".v", ""), m.group(1));
            assertFalse(m.find(), "second module in " + f);
            assertTrue(d.files().get(f).startsWith("// " + f + ": "), "header of " + f);
            assertTrue(d.files().get(f).contains("`default_nettype none"), f);
        }
        String top = d.files().get("ppbus_top.v");
        assertTrue(top.contains("input  wire [9:0] req,"), top);
        assertTrue(top.contains("output wire [9:0] gnt"));
        // n = 10 pads PG(2,3) with fictitious points 10, 11, 12: their arbiters exist, their clients do not.
        assertTrue(top.contains("u_arbiter_12"));
        assertFalse(top.contains("u_client_10"));
        assertEquals(
                d.sources(),
                d.files()
                        .get("files.f")
                        .lines()
                        .filter(l -> !l.startsWith("//") && !l.startsWith("+incdir+"))
                        .toList());
    }

    @Test
    void arbitersWithoutRealClientsArePruned() {
        // n = 1 on the triangle: S_0 = {0, 1}; point 2 serves only the fictitious clients 1 and 2.
        String top = new CcVerilogGenerator("1.2.3")
                .generate(Wiring.forNodes(1), 1)
                .files()
                .get("ppbus_top.v");
        assertTrue(top.contains("u_arbiter_0") && top.contains("u_arbiter_1"));
        assertFalse(top.contains("u_arbiter_2 "));
        assertTrue(top.contains("// Arbiter 2: no real client; pruned."));
    }
}
