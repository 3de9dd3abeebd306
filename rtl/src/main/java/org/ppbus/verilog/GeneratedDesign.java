package org.ppbus.verilog;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ppbus.io.AtomicFile;

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

    /**
     * The design's Verilog files in compile order (testbenches, named tb_*, are not the design, nor
     * are the files of a subfolder, such as a proof's formal/).
     */
    public List<String> sources() {
        return files.keySet().stream()
                .filter(f -> f.endsWith(".v") && !f.startsWith("tb_") && !f.contains("/"))
                .toList();
    }

    /** The files the design's modules include (its assertion macros), not compiled on their own. */
    public List<String> includes() {
        return files.keySet().stream().filter(f -> f.endsWith(".vh")).toList();
    }

    /** A module the design declares, {@code ppbus_X} or a testbench's {@code tb_ppbus_X}. */
    private static final Pattern DECLARED = Pattern.compile("(?m)^module\\s+(?:tb_)?ppbus_(\\w+)");

    /**
     * The same design with every module renamed from {@code ppbus_X} to {@code prefix + X} (and the
     * files with them), so that several designs can live in one project. The names to rename are
     * the modules the files declare, so a new module needs no list updated here.
     *
     * @throws IllegalArgumentException if the prefix cannot start a Verilog identifier
     */
    public GeneratedDesign prefixed(String prefix) {
        if (!prefix.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException(
                    "a module prefix must start a Verilog identifier ([A-Za-z_][A-Za-z0-9_]*), got '" + prefix + "'");
        }
        Set<String> names = new TreeSet<>();
        files.values().forEach(v -> DECLARED.matcher(v).results().forEach(r -> names.add(r.group(1))));
        Pattern module =
                Pattern.compile("\\b(V?tb_)?ppbus_(" + String.join("|", names) + ")\\b"); // V: Verilator's binary
        Map<String, String> m = new LinkedHashMap<>();
        files.forEach((k, v) -> m.put(rename(module, k, prefix), rename(module, v, prefix)));
        return new GeneratedDesign(m);
    }

    private static String rename(Pattern module, String text, String prefix) {
        return module.matcher(text)
                .replaceAll(
                        r -> Matcher.quoteReplacement((r.group(1) == null ? "" : r.group(1)) + prefix + r.group(2)));
    }

    /** The same design with one more file next to it (before files.f, which does not list it). */
    public GeneratedDesign with(String name, String content) {
        Map<String, String> m = new LinkedHashMap<>();
        files.forEach((k, v) -> {
            if (k.equals("files.f")) {
                m.put(name, content);
            }
            m.put(k, v);
        });
        m.putIfAbsent(name, content);
        return new GeneratedDesign(m);
    }

    /** The same design with one more module, compiled last: files.f lists it at its end. */
    public GeneratedDesign withModule(String name, String content) {
        Map<String, String> m = new LinkedHashMap<>();
        files.forEach((k, v) -> {
            if (k.equals("files.f")) {
                m.put(name, content);
                m.put(k, v + name + "\n");
            } else {
                m.put(k, v);
            }
        });
        if (!m.containsKey(name)) {
            throw new IllegalStateException("the design has no files.f to list " + name + " in");
        }
        return new GeneratedDesign(m);
    }

    /** The same design with every Verilog file passed through f (files.f unchanged). */
    public GeneratedDesign map(UnaryOperator<String> f) {
        Map<String, String> m = new LinkedHashMap<>();
        files.forEach((k, v) -> m.put(k, k.endsWith(".v") ? f.apply(v) : v));
        return new GeneratedDesign(m);
    }

    /**
     * Writes every file or none: each target is checked first, every file is staged in a temporary
     * sibling, and only when all are staged are they renamed into place.
     */
    public void writeTo(Path dir) throws IOException {
        Files.createDirectories(dir);
        for (String name : files.keySet()) {
            Path target = dir.resolve(name);
            if (Files.isDirectory(target)) {
                throw new IOException("cannot write " + target + ": it is a folder; nothing was written");
            }
        }
        Map<Path, Path> staged = new LinkedHashMap<>();
        try {
            for (Map.Entry<String, String> e : files.entrySet()) {
                Files.createDirectories(dir.resolve(e.getKey()).getParent());
                Path tmp = AtomicFile.sibling(dir.resolve(e.getKey()));
                staged.put(tmp, dir.resolve(e.getKey()));
                Files.writeString(tmp, e.getValue(), StandardCharsets.UTF_8);
            }
            for (Map.Entry<Path, Path> e : staged.entrySet()) {
                AtomicFile.replace(e.getKey(), e.getValue());
            }
        } finally {
            for (Path tmp : staged.keySet()) {
                Files.deleteIfExists(tmp);
            }
        }
    }
}
