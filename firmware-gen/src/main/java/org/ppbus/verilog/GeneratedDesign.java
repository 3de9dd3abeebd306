package org.ppbus.verilog;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A set of generated files, in compile order (files.f last). Writing puts every file in place
 * through a temporary sibling and a rename, and writes files.f last, so a folder whose files.f
 * exists holds a complete design.
 */
public final class GeneratedDesign {
    private final Map<String, String> files;

    GeneratedDesign(Map<String, String> files) {
        this.files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
    }

    /** File name → content, in compile order, files.f last. */
    public Map<String, String> files() {
        return files;
    }

    /** The Verilog files in compile order. */
    public List<String> sources() {
        return files.keySet().stream().filter(f -> f.endsWith(".v")).toList();
    }

    /** The same design with every Verilog file passed through f (files.f unchanged). */
    public GeneratedDesign map(java.util.function.UnaryOperator<String> f) {
        Map<String, String> m = new LinkedHashMap<>();
        files.forEach((k, v) -> m.put(k, k.endsWith(".v") ? f.apply(v) : v));
        return new GeneratedDesign(m);
    }

    public void writeTo(Path dir) throws IOException {
        Files.createDirectories(dir);
        for (Map.Entry<String, String> e : files.entrySet()) {
            Path target = dir.resolve(e.getKey());
            Path tmp = dir.resolve("." + e.getKey() + "." + ProcessHandle.current().pid() + ".tmp");
            try {
                Files.writeString(tmp, e.getValue(), StandardCharsets.UTF_8);
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        }
    }
}
