package org.ppbus.cosim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Reads a VCD file into its signals' values over time, for tests that check a waveform. */
public final class Vcd {
    private Vcd() {}

    /** Signal path → (time → value); values are "0"/"1" or "b..." with leading zeros dropped to width-free form. */
    public static Map<String, TreeMap<Long, String>> read(Path file) throws IOException {
        Map<String, List<String>> byId = new HashMap<>();
        Map<String, TreeMap<Long, String>> values = new HashMap<>();
        List<String> scope = new ArrayList<>();
        long time = 0;
        for (String raw : Files.readAllLines(file)) {
            String line = raw.trim();
            if (line.startsWith("$scope")) {
                scope.add(line.split("\\s+")[2]);
            } else if (line.startsWith("$upscope")) {
                scope.remove(scope.size() - 1);
            } else if (line.startsWith("$var")) {
                String[] f = line.split("\\s+");
                String path = String.join(".", scope) + "." + f[4];
                byId.computeIfAbsent(f[3], k -> new ArrayList<>()).add(path);
                values.put(path, new TreeMap<>());
            } else if (line.startsWith("#")) {
                time = Long.parseLong(line.substring(1));
            } else if (line.startsWith("b")) {
                String[] f = line.split("\\s+");
                set(byId, values, f[1], time, normal(f[0].substring(1)));
            } else if (!line.isEmpty() && (line.charAt(0) == '0' || line.charAt(0) == '1') && !line.startsWith("$")) {
                set(byId, values, line.substring(1), time, line.substring(0, 1));
            }
        }
        return values;
    }

    private static void set(
            Map<String, List<String>> byId, Map<String, TreeMap<Long, String>> values, String id, long time, String v) {
        for (String path : byId.getOrDefault(id, List.of())) {
            values.get(path).put(time, v);
        }
    }

    private static String normal(String bits) {
        String s = bits.replaceFirst("^0+(?=.)", "");
        return "b" + s;
    }
}
