package org.ppbus.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which of the audit's fixes (docs/SPEC.md §3.3) are applied on top of the literal rules
 * R1–R17. All variants use the §3.4 cycle order, which is what makes a synchronous implementation
 * safe (A4); only the three one-line fixes differ. {@code +reclaim} adds the recovery after a
 * crash-stop (docs/VERIFICATION.md, "Crash-stop"), which matters only when a node crashes; the RTL
 * does not take it yet. {@code +heal} (on the fixed rules only) adds the recovery from one lost or
 * duplicated symbol ({@link Healing}, docs/PROTOCOL.md "Healing").
 *
 * @param f1 R17 also gives up the arbiter's request token: {@code req(OWNER) := FALSE} (A1)
 * @param f2 R14 re-arms the strong request: {@code strongreq(f) := TRUE} (A2)
 * @param f3 R2 waits while a held fork is dirty and reclaimed (A3)
 * @param reclaim told that a node has crashed, its arbiters take their forks back from it and its
 *     clients give up the forks they cannot use
 * @param heal lost and duplicated symbols are recognised from the link's timing and repaired
 */
public record RuleSet(boolean f1, boolean f2, boolean f3, boolean reclaim, boolean heal) {
    public static final RuleSet FIXED = new RuleSet(true, true, true);
    public static final RuleSet LITERAL = new RuleSet(false, false, false);

    public RuleSet {
        if (heal && !(f1 && f2 && f3)) {
            throw new IllegalArgumentException("+heal is defined on the fixed rules only (fixed+heal)");
        }
    }

    /** The audit's rules without the recoveries. */
    public RuleSet(boolean f1, boolean f2, boolean f3) {
        this(f1, f2, f3, false, false);
    }

    /**
     * Parses {@code fixed}, {@code literal}, or {@code literal+F1[+F2][+F3]} (case-insensitive).
     *
     * @throws IllegalArgumentException with a one-line message for anything else
     */
    public static RuleSet parse(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        if (s.endsWith("+reclaim")) {
            RuleSet base = parse(s.substring(0, s.length() - "+reclaim".length()));
            if (base.reclaim) {
                throw new IllegalArgumentException("unknown rule set '" + text + "' (+reclaim given twice)");
            }
            return new RuleSet(base.f1, base.f2, base.f3, true, base.heal);
        }
        if (s.endsWith("+heal")) {
            RuleSet base = parse(s.substring(0, s.length() - "+heal".length()));
            if (base.heal || base.reclaim) {
                throw new IllegalArgumentException(
                        "unknown rule set '" + text + "' (write fixed+heal, fixed+heal+reclaim)");
            }
            return new RuleSet(base.f1, base.f2, base.f3, false, true);
        }
        if (s.equals("fixed")) {
            return FIXED;
        }
        if (!s.startsWith("literal")) {
            throw new IllegalArgumentException(
                    "unknown rule set '" + text + "' (fixed, literal, literal+F1+F2..., each with +heal and +reclaim)");
        }
        boolean f1 = false;
        boolean f2 = false;
        boolean f3 = false;
        String rest = s.substring("literal".length());
        for (String part : rest.split("\\+")) {
            switch (part) {
                case "" -> {}
                case "f1" -> f1 = true;
                case "f2" -> f2 = true;
                case "f3" -> f3 = true;
                default -> throw new IllegalArgumentException("unknown fix '" + part + "' in rule set '" + text + "'");
            }
        }
        return new RuleSet(f1, f2, f3);
    }

    /** The canonical name: fixed, literal, or literal+F1+F3 and so on. */
    public String label() {
        if (reclaim) {
            return new RuleSet(f1, f2, f3, false, heal).label() + "+reclaim";
        }
        if (heal) {
            return new RuleSet(f1, f2, f3).label() + "+heal";
        }
        if (equals(FIXED)) {
            return "fixed";
        }
        List<String> parts = new ArrayList<>();
        parts.add("literal");
        if (f1) {
            parts.add("F1");
        }
        if (f2) {
            parts.add("F2");
        }
        if (f3) {
            parts.add("F3");
        }
        return String.join("+", parts);
    }
}
