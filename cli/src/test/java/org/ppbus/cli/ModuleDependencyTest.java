package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Dependencies run one way: bus-model ← arbiter-core ← firmware-gen; testbenches uses all three, cli on top. */
class ModuleDependencyTest {
    private static final Map<String, Set<String>> ALLOWED = Map.of(
            "bus-model", Set.of(),
            "arbiter-core", Set.of("bus-model"),
            "firmware-gen", Set.of("arbiter-core"),
            "testbenches", Set.of("bus-model", "arbiter-core", "firmware-gen"),
            "cli", Set.of("testbenches", "firmware-gen"));

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
}
