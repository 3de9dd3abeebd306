package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Types where strings were: the patterns of the old string-typed code, which a grep can find, appear
 * in no main source. Options are a record per algorithm, not a list found by type; tools ask a
 * fabric for a role instead of testing for the Campos–Carvalho network; fault kinds, properties and
 * channels are compared and parsed as values ({@code FaultKind}, {@code Property}, {@code ChannelId}).
 */
class TypedValuesTest {

    /** A forbidden pattern, where it is forbidden (everywhere but its one home, if it has one), and why. */
    record Rule(Pattern pattern, boolean outsideAlgorithmsOnly, String why, String home) {
        Rule(Pattern pattern, boolean outsideAlgorithmsOnly, String why) {
            this(pattern, outsideAlgorithmsOnly, why, "");
        }
    }

    static final List<Rule> RULES = List.of(
            new Rule(Pattern.compile("List<Object>"), false, "options are an algorithm's own record"),
            new Rule(Pattern.compile("instanceof CcNetwork\\b"), true, "ask the fabric for a role (Fabric.part)"),
            new Rule(
                    Pattern.compile("kind\\(\\)\\.equals\\(|kind\\.equals\\(\""), false, "a fault kind is a FaultKind"),
            // (The RTL proof's properties are the names of the harness's assertions, text by nature.)
            new Rule(Pattern.compile("(?:invariant|label)\\(\\)\\.equals\\("), false, "a property is a Property"),
            new Rule(Pattern.compile("equals\\(\"(?:client|arbiter) \""), false, "a unit is an id, not its name"),
            new Rule(
                    Pattern.compile("\\.split\\(\"_\"\\)|\"_c\\(\\\\\\\\d"), false, "a channel is parsed by ChannelId"),
            new Rule(
                    Pattern.compile("\"(?:c2a_c|a2c_a|m_)\" \\+"),
                    false,
                    "a channel is printed by ChannelId",
                    "ChannelId.java"));

    static List<String> violations(String module, Path file, String text) {
        List<String> found = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (Rule r : RULES) {
            if (r.outsideAlgorithmsOnly() && module.equals("algorithms")
                    || file.getFileName().toString().equals(r.home())) {
                continue;
            }
            for (int i = 0; i < lines.length; i++) {
                if (r.pattern().matcher(lines[i]).find()) {
                    found.add(file.getFileName() + ":" + (i + 1) + ": " + r.why() + ": " + lines[i].trim());
                }
            }
        }
        return found;
    }

    @Test
    void noStringTypedValuesInTheMainSources() throws IOException {
        List<String> found = new ArrayList<>();
        for (String module : Modules.all()) {
            try (Stream<Path> files = Files.walk(Modules.mainSources(module))) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                    found.addAll(violations(module, f, Files.readString(f)));
                }
            }
        }
        assertEquals(List.of(), found);
    }

    /** Each rule fires on the code it was written against (the mutants a regression would bring back). */
    @Test
    void eachRuleCatchesWhatItForbids() {
        Path f = Path.of("X.java");
        List<String> olds = List.of(
                "    Setting(Wiring w, List<Object> options) {",
                "    this.net = fabric instanceof CcNetwork cc ? cc : null;",
                "    if (plan.kind().equals(\"drop\")) {",
                "    (v.property().label().equals(f.property())",
                "    if (!unit.equals(\"client \" + dead)) {",
                "    String[] f = p.channel().split(\"_\");",
                "    Matcher client = Pattern.compile(\"_c(\\\\d+)\").matcher(signal);",
                "    String channel = \"m_\" + m.from() + \"_\" + m.to();");
        for (String old : olds) {
            assertFalse(violations("simulator", f, old).isEmpty(), old);
        }
        assertEquals(List.of(), violations("algorithms", f, "    if (fabric instanceof CcNetwork net) {"));
    }
}
