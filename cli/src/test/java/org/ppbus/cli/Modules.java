package org.ppbus.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The build's modules, in build order, as the parent pom lists them: the one list the source tests walk. */
final class Modules {
    private static final Pattern MODULE = Pattern.compile("<module>([a-z-]+)</module>");

    private Modules() {}

    static List<String> all() throws IOException {
        List<String> found = new ArrayList<>();
        Matcher m = MODULE.matcher(Files.readString(Path.of("..", "pom.xml")));
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    static Path mainSources(String module) {
        return Path.of("..", module, "src", "main", "java");
    }
}
