package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.ppbus.registry.Algorithms;

/** Small enough to read: no main source file over 450 lines and no method over 60. */
class SourceLimitsTest {
    static final int MAX_FILE_LINES = 450;
    static final int MAX_METHOD_LINES = 60;
    private static final Pattern DECLARATION = Pattern.compile(
            "^\\s+(?:@\\w+\\s+)*(?:(?:public|protected|private|static|final|synchronized|abstract|default)\\s+)*"
                    + "(?:<[^>]+>\\s+)?(?:[\\w.<>\\[\\], ?]+\\s+)?\\w+\\s*\\(.*");
    private static final Pattern STATEMENT = Pattern.compile(
            "^\\s*(?:return|new|if|else|for|while|switch|throw|case|catch|try|do|yield|assert|super|this)\\b.*");
    /** A record's header looks like a method's; its body is a type's, and files are limited already. */
    private static final Pattern TYPE = Pattern.compile("\\b(?:record|class|interface|enum)\\s+\\w+");

    private static final Pattern LITERAL = Pattern.compile("\"(?:\\\\.|[^\"\\\\])*\"|'(?:\\\\.|[^'\\\\])+'");

    @Test
    void filesAndMethodsStaySmall() throws IOException {
        List<String> tooLong = new ArrayList<>();
        for (String module : Modules.all()) {
            try (Stream<Path> files = Files.walk(Modules.mainSources(module))) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                    List<String> lines = Files.readAllLines(f);
                    if (lines.size() > MAX_FILE_LINES) {
                        tooLong.add(f.getFileName() + ": " + lines.size() + " lines");
                    }
                    for (int[] m : longMethods(lines)) {
                        tooLong.add(f.getFileName() + ":" + (m[0] + 1) + ": a method of " + m[1] + " lines");
                    }
                }
            }
        }
        assertEquals(List.of(), tooLong);
    }

    /** One home per algorithm: its name is a string literal in its own class and the registry at most. */
    @Test
    void anAlgorithmsNameIsWrittenInAtMostTwoFiles() throws IOException {
        Map<String, List<String>> homes = new TreeMap<>();
        for (String module : Modules.all()) {
            try (Stream<Path> files = Files.walk(Modules.mainSources(module))) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                    String text = Files.readString(f);
                    for (String name : Algorithms.names()) {
                        if (text.contains("\"" + name + "\"")) {
                            homes.computeIfAbsent(name, k -> new ArrayList<>())
                                    .add(f.getFileName().toString());
                        }
                    }
                }
            }
        }
        assertEquals(Algorithms.names().size(), homes.size(), "every name is written somewhere");
        homes.forEach((name, files) -> Assertions.assertTrue(files.size() <= 2, name + " in " + files));
    }

    /** {first line, length} of every method or constructor longer than the limit. */
    static List<int[]> longMethods(List<String> lines) {
        List<int[]> found = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String head = line.contains("(") ? line.substring(0, line.indexOf('(')) : line;
            if (!DECLARATION.matcher(line).matches()
                    || STATEMENT.matcher(line).matches()
                    || TYPE.matcher(line).find()
                    || head.contains("=")
                    || head.trim().startsWith("//")
                    || head.trim().startsWith("*")) {
                continue;
            }
            String first = code(line);
            if (first.endsWith("}")
                    && first.chars().filter(ch -> ch == '{').count()
                            == first.chars().filter(ch -> ch == '}').count()) {
                continue; // a method on one line, such as an empty private constructor
            }
            int open = i;
            while (open < lines.size() && !code(lines.get(open)).endsWith("{")) {
                if (code(lines.get(open)).endsWith(";")) {
                    open = -1;
                    break;
                }
                open++;
            }
            if (open < 0 || open >= lines.size()) {
                continue;
            }
            int depth = 0;
            int end = open;
            for (; end < lines.size(); end++) {
                String c = code(lines.get(end));
                depth += c.chars().filter(ch -> ch == '{').count()
                        - c.chars().filter(ch -> ch == '}').count();
                if (depth <= 0) {
                    break;
                }
            }
            if (end - i + 1 > MAX_METHOD_LINES) {
                found.add(new int[] {i, end - i + 1});
            }
            i = end;
        }
        return found;
    }

    private static String code(String line) {
        String c = LITERAL.matcher(line).replaceAll("\"\"");
        int comment = c.indexOf("//");
        return (comment >= 0 ? c.substring(0, comment) : c).trim();
    }

    @Test
    void aLongMethodIsFound() {
        List<String> lines = new ArrayList<>(List.of("class A {", "    void f(int x) {"));
        for (int k = 0; k < MAX_METHOD_LINES; k++) {
            lines.add("        x++; // {");
        }
        lines.add("    }");
        lines.add("    private A() {}");
        lines.add("    record R(int x) {");
        for (int k = 0; k < MAX_METHOD_LINES; k++) {
            lines.add("        // a long record body is not a long method");
        }
        lines.add("    }");
        lines.add("    int g() {");
        lines.add("        return \"}\".length();");
        lines.add("    }");
        lines.add("}");
        List<int[]> found = longMethods(lines);
        assertEquals(1, found.size());
        assertEquals(1, found.get(0)[0]);
        assertEquals(MAX_METHOD_LINES + 2, found.get(0)[1]);
    }
}
