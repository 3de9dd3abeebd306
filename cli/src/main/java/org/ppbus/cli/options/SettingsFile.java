package org.ppbus.cli.options;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ppbus.testbench.SimulationConfig;

/**
 * A run's settings written as JSON: a {@code simulate --config} file, or a report ppbus wrote (its
 * {@code "config"}), read back into a {@link SimulationConfig}. One home for the keys a file may set
 * and for how their values read, so a report replays with the settings it states.
 */
public final class SettingsFile {
    private SettingsFile() {}

    private static final List<String> SWITCHES = List.of("geometricHold", "fullCheck", "drain", "fairness");

    /**
     * Keys of a report's config that say how the report was made (a co-simulation's RTL simulator
     * and assertions), not how the model runs: passed over, so that every report ppbus writes replays.
     */
    static final Set<String> REPORT_NOTES = Set.of("rtlAssertions", "rtlSimulator");

    /**
     * The reader: a settings object is small and flat, so anything deeply nested, huge, repeated or
     * followed by more text is refused with one line instead of being half-read.
     */
    private static final ObjectMapper STRICT = new ObjectMapper(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(32)
                            .maxStringLength(1 << 16)
                            .maxNumberLength(64)
                            .maxDocumentLength(1L << 24)
                            .build())
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** {@code base} with the settings of a --config file (or a whole report's "config") applied. */
    public static SimulationConfig read(SimulationConfig base, Path file) throws IOException, UsageException {
        if (!Files.isReadable(file)) {
            throw new UsageException("cannot read --config file " + file);
        }
        String text;
        try {
            text = Files.readString(file);
        } catch (CharacterCodingException e) {
            throw new UsageException(file + ": not UTF-8 text");
        }
        return settings(base, parse(text, file.toString()), file.toString(), REPORT_NOTES);
    }

    /** JSON text, strictly: a one-line reason naming {@code where} when it is not well formed. */
    static JsonNode parse(String text, String where) throws UsageException {
        JsonNode root;
        try {
            root = STRICT.readTree(text.startsWith("\uFEFF") ? text.substring(1) : text);
        } catch (JsonProcessingException e) {
            String at =
                    e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr();
            throw new UsageException("malformed JSON in " + where + at + ": "
                    + e.getOriginalMessage().lines().findFirst().orElse(""));
        }
        if (root == null || !root.isObject()) {
            throw new UsageException(where + ": expected a JSON object of settings");
        }
        return root;
    }

    /**
     * {@code base} with the settings of a parsed object applied; a whole report's "config" is taken.
     * Keys in {@code ignored} are passed over (a report's notes about how it was made, not settings).
     */
    static SimulationConfig settings(SimulationConfig base, JsonNode root, String where, Set<String> ignored)
            throws UsageException {
        if (root.has("config") && root.get("config").isObject()) {
            root = root.get("config");
        }
        SimulationConfig c = base;
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String k = e.getKey();
            JsonNode v = e.getValue();
            if (ignored.contains(k)) {
                continue;
            }
            if (!keys().contains(k)) {
                throw new UsageException(where + ": unknown setting '" + k + "'");
            }
            c = apply(c, k, v.isArray() ? arrayText(v) : number(v));
        }
        return c;
    }

    /**
     * A value as the option would spell it: a whole number written as 1e6 or 2.0 in JSON reads as
     * 1000000 or 2, as {@code --cycles 1e6} does on the command line.
     */
    private static String number(JsonNode v) {
        if (v.isFloatingPointNumber() && v.decimalValue().stripTrailingZeros().scale() <= 0) {
            return v.decimalValue().toBigInteger().toString();
        }
        return v.asText();
    }

    private static String arrayText(JsonNode v) {
        StringBuilder b = new StringBuilder();
        for (JsonNode x : v) {
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(number(x));
        }
        return b.toString();
    }

    /** The keys a settings file may set: every run option's, and the switches. */
    public static List<String> keys() {
        List<String> keys = new ArrayList<>(RunOption.keys());
        keys.addAll(SWITCHES);
        return keys;
    }

    /** One setting of a config file (or an option) by its key. */
    public static SimulationConfig apply(SimulationConfig c, String key, String v) throws UsageException {
        RunOption s = RunOption.byKey(key);
        if (s != null) {
            return s.apply(c, v);
        }
        SimulationConfig.Builder b = c.toBuilder();
        switch (key) {
            case "geometricHold" -> b.geometricHold(parseBool(key, v));
            case "fullCheck" -> b.fullCheck(parseBool(key, v));
            case "drain" -> b.drain(parseBool(key, v));
            case "fairness" -> b.fairness(parseBool(key, v));
            default -> throw new UsageException("unknown setting '" + key + "'");
        }
        return b.build();
    }

    private static boolean parseBool(String key, String v) throws UsageException {
        if (v.equalsIgnoreCase("true")) {
            return true;
        }
        if (v.equalsIgnoreCase("false")) {
            return false;
        }
        throw new UsageException(key + " expects true or false, got '" + v + "'");
    }
}
