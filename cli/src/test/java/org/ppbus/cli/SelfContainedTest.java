package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The repository cites only documents it contains (and the papers by their bibliographic entries). */
class SelfContainedTest {
    private static final Pattern DOCUMENT = Pattern.compile("[A-Za-z0-9_./-]*[A-Za-z0-9_-]\\.md\\b");
    /** The development references outside the repository (spelled in parts, so this file does not cite them). */
    private static final String SHARED = "sha" + "red";

    private static final List<String> OUTSIDE =
            List.of("../" + SHARED, SHARED + "/spec", SHARED + "/seeds", SHARED + "/notes");

    @Test
    void everyCitedDocumentIsInTheRepository() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        List<String> missing = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f :
                    (Iterable<Path>) files.filter(Files::isRegularFile).filter(SelfContainedTest::text)::iterator) {
                String rel = root.relativize(f).toString();
                if (rel.startsWith(".git/") || rel.contains("/target/") || rel.startsWith("target/")) {
                    continue;
                }
                String content = Files.readString(f);
                for (String outside : OUTSIDE) {
                    if (content.contains(outside)) {
                        missing.add(rel + " cites " + outside);
                    }
                }
                // Tests name the files they write (a report called R.md); only documents cite documents.
                Matcher m = DOCUMENT.matcher(rel.contains("/src/test/") ? "" : content);
                while (m.find()) {
                    String cited = m.group();
                    if (!exists(root, f.getParent(), cited)) {
                        missing.add(rel + " cites " + cited);
                    }
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    private static boolean text(Path p) {
        String n = p.getFileName().toString();
        return n.endsWith(".md")
                || n.endsWith(".java")
                || n.endsWith(".v")
                || n.endsWith(".sh")
                || n.equals("run-tests")
                || n.equals("ppbus")
                || n.endsWith(".xml");
    }

    private static boolean exists(Path root, Path dir, String cited) {
        return Files.exists(dir.resolve(cited))
                || Files.exists(root.resolve(cited))
                || Files.exists(root.resolve("docs").resolve(cited));
    }
}
