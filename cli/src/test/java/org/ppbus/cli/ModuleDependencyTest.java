package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Dependencies run one way, each module on the ones below it: bus-model ← algorithms ← rtl ←
 * simulator ← search ← cli. Inside the modules, the packages form no cycle either.
 */
class ModuleDependencyTest {
    private static final Map<String, Set<String>> ALLOWED = Map.of(
            "bus-model", Set.of(),
            "algorithms", Set.of("bus-model"),
            "rtl", Set.of("algorithms"),
            "simulator", Set.of("bus-model", "algorithms", "rtl"),
            "search", Set.of("simulator", "rtl"),
            "cli", Set.of("simulator", "search", "rtl"));

    @Test
    void everyModuleHasItsAllowedDependencies() throws IOException {
        assertEquals(new TreeSet<>(Modules.all()), new TreeSet<>(ALLOWED.keySet()));
    }

    @Test
    void modulesDependOnlyDownward() throws IOException {
        Path root = Path.of("..");
        Pattern dep = Pattern.compile("<groupId>org\\.ppbus</groupId>\\s*<artifactId>([a-z-]+)</artifactId>");
        for (Map.Entry<String, Set<String>> m : ALLOWED.entrySet()) {
            String pom = Files.readString(root.resolve(m.getKey()).resolve("pom.xml"));
            String deps = pom.substring(pom.indexOf("<dependencies>"));
            Set<String> found = new TreeSet<>();
            Matcher x = dep.matcher(deps);
            while (x.find()) {
                found.add(x.group(1));
            }
            assertEquals(new TreeSet<>(m.getValue()), found, m.getKey());
        }
    }

    private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");
    /** An import or a fully qualified use: a lower-case package path followed by a class name. */
    private static final Pattern USE = Pattern.compile("\\borg\\.ppbus\\.((?:[a-z]\\w*\\.)*[a-z]\\w*)\\.[A-Z]");

    @Test
    void packagesFormNoCycle() throws IOException {
        Map<String, Set<String>> uses = new TreeMap<>();
        for (String module : ALLOWED.keySet()) {
            try (Stream<Path> files = Files.walk(Modules.mainSources(module))) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                    String src = Files.readString(f);
                    Matcher p = PACKAGE.matcher(src);
                    if (!p.find()) {
                        continue;
                    }
                    Set<String> to = uses.computeIfAbsent(p.group(1), k -> new TreeSet<>());
                    Matcher u = USE.matcher(src);
                    while (u.find()) {
                        String used = "org.ppbus." + u.group(1);
                        if (!used.equals(p.group(1))) {
                            to.add(used);
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), cycles(uses), "package cycles");
    }

    /** The strongly connected components with more than one package (Tarjan). */
    static List<List<String>> cycles(Map<String, Set<String>> uses) {
        List<List<String>> found = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        List<String> stack = new ArrayList<>();
        for (String v : uses.keySet()) {
            if (!index.containsKey(v)) {
                connect(v, uses, index, low, stack, found);
            }
        }
        return found;
    }

    private static void connect(
            String v,
            Map<String, Set<String>> uses,
            Map<String, Integer> index,
            Map<String, Integer> low,
            List<String> stack,
            List<List<String>> found) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.add(v);
        for (String w : uses.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, uses, index, low, stack, found);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (stack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            List<String> component = new ArrayList<>();
            String w;
            do {
                w = stack.remove(stack.size() - 1);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                found.add(new ArrayList<>(new TreeSet<>(component)));
            }
        }
    }

    @Test
    void theCycleFinderFindsACycle() {
        Map<String, Set<String>> uses =
                new TreeMap<>(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a")));
        assertEquals(List.of(List.of("a", "b", "c")), cycles(uses));
        assertEquals(List.of(), cycles(Map.of("a", Set.of("b"), "b", Set.of())));
    }
}
