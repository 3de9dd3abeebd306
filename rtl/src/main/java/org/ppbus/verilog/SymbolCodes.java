package org.ppbus.verilog;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ppbus.link.Direction;
import org.ppbus.protocol.cc.Symbols;

/**
 * The 2-bit symbol codes in the RTL, taken from {@link Symbols}: the unit modules name them as
 * {@code @NAME@} in their localparams, and the generated checks use {@link #literal}. Nothing in
 * the generator writes a code's value itself.
 */
public final class SymbolCodes {
    /** The units' localparam names and the codes they stand for. */
    private static final Map<String, Integer> LOCALPARAMS = Map.of(
            "A_FORK", Symbols.FORK,
            "A_REQUEST", Symbols.A_REQUEST,
            "A_STRONG", Symbols.STRONG_REQUEST,
            "C_CLEAN", Symbols.CLEAN_FORK,
            "C_DIRTY", Symbols.DIRTY_FORK,
            "C_REQUEST", Symbols.C_REQUEST);

    private static final Pattern PLACE = Pattern.compile("@([A-Z_]+)@");

    private SymbolCodes() {}

    /** A module's text with every {@code @NAME@} replaced by its code. */
    static String fill(String module) {
        checkForkParity();
        Matcher m = PLACE.matcher(module);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            Integer code = LOCALPARAMS.get(m.group(1));
            if (code == null) {
                throw new IllegalStateException("no symbol code named " + m.group(1));
            }
            m.appendReplacement(b, Integer.toString(code));
        }
        m.appendTail(b);
        return b.toString();
    }

    /** The Verilog literal of a code, e.g. {@code 2'd1}. */
    public static String literal(int code) {
        return "2'd" + code;
    }

    /**
     * The units and the checks find a client→arbiter fork as a symbol whose two bits differ (one
     * XOR, no decode), which holds only while CleanFORK and DirtyFORK are codes 1 and 2 and
     * Request is 3. A change to the codes must fail here rather than yield wrong RTL.
     */
    static void checkForkParity() {
        for (int code = 0; code < 4; code++) {
            boolean fork = Symbols.carriesFork(Direction.C2A, code);
            if (fork != (((code ^ (code >> 1)) & 1) == 1)) {
                throw new IllegalStateException(
                        "the RTL finds client forks by the parity of their code, which code " + code + " breaks");
            }
        }
    }
}
