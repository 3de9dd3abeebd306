package org.ppbus.cosim;

import java.util.ArrayList;
import java.util.List;
import org.ppbus.plane.Wiring;
import org.ppbus.verilog.SignalNames;

/**
 * The C++ shim around a Verilated {@code ppbus_top}, generated per design because the req/gnt
 * width and the channel names depend on n. Only the {@code ppbus_*} C functions are exported; the
 * library is linked with hidden visibility and -Bsymbolic so that several sizes load into one JVM.
 *
 * <p>Cycle t: req is set and gnt read (a register), the clock rises, and every channel's symbol
 * driven in cycle t is read from the newest stage of its register (channel 2ℓ is link ℓ's c2a,
 * 2ℓ+1 its a2c, 16 symbols per 32-bit word). One eval() per cycle where the Verilator allows it;
 * with a trace the cycle first settles with clk low. Trace times: 10t (clk low) and 10t + 5
 * (clk high).
 */
final class ShimSource {
    private ShimSource() {}

    /** The runtime's printf: kept for {@code ppbus_output}, at most 1 MB of it, never written to stdout. */
    private static final String PRINTF = """
            namespace {
            std::string printed;
            }

            extern "C" int ppbus_printf(const char* format, ...) {
                va_list ap;
                va_start(ap, format);
                va_list again;
                va_copy(again, ap);
                int n = std::vsnprintf(nullptr, 0, format, ap);
                va_end(ap);
                if (n > 0 && printed.size() < (1u << 20)) {
                    std::vector<char> text((size_t) n + 1);
                    std::vsnprintf(text.data(), text.size(), format, again);
                    printed.append(text.data(), (size_t) n);
                }
                va_end(again);
                return n;
            }

            """;

    /**
     * Verilator 5 detects a rising clk by comparing it with the value it saw at the previous
     * eval(). Setting that remembered value low lets a single eval() with clk high be the edge,
     * where the usual low-then-high pair evaluates the whole design twice per cycle. The remembered
     * value is a member of the root class whose name is Verilator's (5.006:
     * {@code __Vtrigrprev__TOP__clk}); where it does not exist the overload taking {@code long}
     * is chosen and the shim evaluates twice. Called with a null root it only tells which. A
     * hierarchical build evaluates each unit in a model of its own, with an edge detector of its
     * own, so there the shim always evaluates twice ({@code kOneEval} false).
     */
    private static final String REARM = """
            template <typename R>
            auto rearmClock(R* r, int) -> decltype(r->__Vtrigrprev__TOP__clk = 0, bool()) {
                if (r) r->__Vtrigrprev__TOP__clk = 0;
                return true;
            }

            template <typename R>
            bool rearmClock(R*, long) {
                return false;
            }

            """;

    /** The entry points the Java side calls: create, trace, reset, run a batch of cycles, peek. */
    private static final String ENTRY_POINTS = """
            API void* ppbus_new() {
                Sim* s = new Sim;
                s->ctx = new VerilatedContext;
                s->ctx->fatalOnError(false);  // an RTL $stop must not kill the JVM
                s->ctx->traceEverOn(true);
                s->top = new Vppbus_top(s->ctx, "TOP");
                s->vcd = nullptr;
                s->cycle = 0;
                return s;
            }

            API void ppbus_free(void* h) {
                Sim* s = sim(h);
                if (s->vcd) { s->vcd->close(); delete s->vcd; }
                s->top->final();
                delete s->top;
                delete s->ctx;
                delete s;
            }

            API int ppbus_trace_open(void* h, const char* path) {
                Sim* s = sim(h);
                if (s->vcd) return -1;
                s->vcd = new VerilatedVcdC;
                s->top->trace(s->vcd, 2);
                s->vcd->open(path);
                return s->vcd->isOpen() ? 0 : -1;
            }

            API void ppbus_trace_close(void* h) {
                Sim* s = sim(h);
                if (s->vcd) { s->vcd->close(); delete s->vcd; s->vcd = nullptr; }
            }

            // Synchronous reset for two clock edges; the cycle after it is cycle 0.
            API int ppbus_reset(void* h) {
                Sim* s = sim(h);
                std::vector<uint32_t> zero((size_t) ppbus_req_words(), 0u);
                s->top->rst = 1;
                setReq(s->top, zero.data());
                for (int i = 0; i < 2; ++i) {
                    s->top->clk = 0; s->top->eval();
                    s->top->clk = 1; s->top->eval();
                }
                s->top->rst = 0;
                s->cycle = 0;
                return s->ctx->gotError() ? -1 : 0;
            }

            // Runs k cycles; req: k * req_words words; gnt: k * gnt_words words (gnt, then a k-bus
            // design's bus vector); sym: k * sym_words words or null.
            // Returns the cycles completed: fewer than k when the RTL stopped on an error.
            // gnt is a register, so cycle t's value is already there before its clock edge; the
            // symbols driven in cycle t are read after the edge from the newest stage of each
            // channel register, which holds exactly them. Without a trace one eval() per cycle
            // does: the edge detector is re-armed instead of evaluating the whole design once
            // more with clk low (docs/PERFORMANCE.md). With a trace (for its 10t), in a
            // hierarchical build, or with a Verilator whose internals differ, the cycle settles
            // with clk low first.
            API int ppbus_run(void* h, int k, const uint32_t* req, uint32_t* gnt, uint32_t* sym) {
                Sim* s = sim(h);
                const int rw = ppbus_req_words();
                const int gw = ppbus_gnt_words();
                const int sw = ppbus_sym_words();
                for (int c = 0; c < k; ++c) {
                    setReq(s->top, req + (size_t) c * rw);
                    getGnt(s->top, gnt + (size_t) c * gw);
                    if (s->vcd || !kOneEval || !rearmClock(s->top->rootp, 0)) {
                        s->top->clk = 0;
                        s->top->eval();
                        tick(s, 0);
                    }
                    // The trace shows each cycle's settled values at 10t and the clock edge at
                    // 10t + 5, with the registers it updates (the Java model's VCD shows those
                    // with the next cycle, at 10(t + 1)).
                    s->top->clk = 1;
                    s->top->eval();
                    tick(s, 5);
                    if (sym) getSymbols(s->top->rootp, sym + (size_t) c * sw);
                    s->cycle++;
                    if (s->ctx->gotError()) return c + 1;
                }
                return k;
            }

            // 1 when ppbus_run makes one eval() per cycle (the edge detector could be re-armed).
            API int ppbus_one_eval() {
                return kOneEval && rearmClock(static_cast<Vppbus_top___024root*>(nullptr), 0) ? 1 : 0;
            }

            // gnt of the current cycle without clocking: gnt is a register, req only settles logic.
            API void ppbus_peek(void* h, const uint32_t* req, uint32_t* gnt) {
                Sim* s = sim(h);
                setReq(s->top, req);
                s->top->clk = 0;
                s->top->eval();
                getGnt(s->top, gnt);
            }

            API int ppbus_got_error(void* h) {
                return static_cast<Sim*>(h)->ctx->gotError() ? 1 : 0;
            }

            // What the RTL printed ($display, and $stop's message) since the last call, for the Java
            // side to report: the runtime's VL_PRINTF is ppbus_printf (ppbus_print.h), not stdout.
            API int ppbus_output(char* buf, int cap) {
                if (cap <= 0) return 0;
                size_t n = printed.size() < (size_t) (cap - 1) ? printed.size() : (size_t) (cap - 1);
                std::memcpy(buf, printed.data(), n);
                buf[n] = 0;
                printed.erase(0, n);
                return (int) n;
            }
            """;

    /**
     * Forced into every compiled file of the build: the Verilator runtime prints through
     * {@code VL_PRINTF}, which this routes into the shim's buffer instead of the JVM's stdout.
     */
    static final String PRINT_HEADER = """
            #ifndef PPBUS_PRINT_H
            #define PPBUS_PRINT_H
            #ifdef __cplusplus
            extern "C" {
            #endif
            int ppbus_printf(const char* format, ...);
            #ifdef __cplusplus
            }
            #endif
            #define VL_PRINTF ppbus_printf
            #endif
            """;

    /**
     * The shim for a design of {@code buses} planes (1: the one-bus top): with more, gnt is followed
     * by the bus vector's words and the channels are plane 0's, then plane 1's, and so on.
     */
    static String text(Wiring w, int latency, boolean withSymbols, boolean hierarchical, int buses) {
        int n = w.nodes();
        int words = (n + 31) / 32;
        int links = w.links();
        int symWords = withSymbols ? (2 * links * buses + 15) / 16 : 0;
        StringBuilder b = new StringBuilder();
        b.append("// Generated by ppbus for nodes=").append(n).append(". Do not edit.\n");
        b.append("#include \"Vppbus_top.h\"\n#include \"Vppbus_top___024root.h\"\n#include \"verilated.h\"\n");
        b.append(
                "#include \"verilated_vcd_c.h\"\n#include <cstdarg>\n#include <cstdint>\n#include <cstdio>\n#include <cstring>\n"
                        + "#include <string>\n#include <vector>\n\n");
        b.append("#define API extern \"C\" __attribute__((visibility(\"default\")))\n\n");
        b.append(PRINTF);
        b.append(
                "namespace {\nstruct Sim {\n    VerilatedContext* ctx;\n    Vppbus_top* top;\n    VerilatedVcdC* vcd;\n    uint64_t cycle;\n};\n\n");
        // The Verilator runtime finds a model's context through a per-thread pointer, set only on the
        // thread that made the context ($stop records its error there). The Java side may hand a
        // model from thread to thread, one at a time, so every entry point sets it for its caller.
        b.append("Sim* sim(void* h) {\n    Sim* s = static_cast<Sim*>(h);\n    Verilated::threadContextp(s->ctx);\n"
                + "    return s;\n}\n\n");
        b.append("constexpr bool kOneEval = ")
                .append(!hierarchical)
                .append(";\n\n")
                .append(REARM);
        reqAndGnt(b, n, words, buses);
        getSymbols(b, w, latency, withSymbols, symWords, buses);
        b.append(
                "}\n\nvoid tick(Sim* s, int half) {\n    if (s->vcd) s->vcd->dump((vluint64_t) (10 * s->cycle + half));\n}\n}  // namespace\n\n");
        b.append("API int ppbus_nodes() { return ").append(n).append("; }\n");
        b.append("API int ppbus_req_words() { return ").append(words).append("; }\n");
        b.append("API int ppbus_gnt_words() { return ")
                .append(words + gntBusWords(n, buses))
                .append("; }\n");
        b.append("API int ppbus_sym_words() { return ").append(symWords).append("; }\n\n");
        b.append(ENTRY_POINTS);
        return b.toString();
    }

    /** Words of the bus vector after gnt: none for one bus. */
    static int gntBusWords(int n, int buses) {
        return buses > 1 ? (n * buses + 31) / 32 : 0;
    }

    /** req/gnt (and a k-bus design's bus vector after gnt) conversion for the widths Verilator chose. */
    private static void reqAndGnt(StringBuilder b, int n, int words, int buses) {
        b.append("void setReq(Vppbus_top* top, const uint32_t* w) {\n").append(toWords("req", n, "w", 0, true));
        b.append("}\n\nvoid getGnt(Vppbus_top* top, uint32_t* w) {\n").append(toWords("gnt", n, "w", 0, false));
        if (buses > 1) {
            b.append(toWords("bus", n * buses, "w", words, false));
        }
        b.append("}\n\n");
    }

    /** Copies a port of {@code width} bits to (or, with {@code in}, from) 32-bit words from {@code at}. */
    private static String toWords(String port, int width, String w, int at, boolean in) {
        StringBuilder b = new StringBuilder();
        if (width <= 32) {
            String t = width <= 8 ? "CData" : width <= 16 ? "SData" : "IData";
            b.append(
                    in
                            ? "    top->" + port + " = (" + t + ") " + w + "[" + at + "];\n"
                            : "    " + w + "[" + at + "] = (uint32_t) top->" + port + ";\n");
        } else if (width <= 64) {
            b.append(
                    in
                            ? "    top->" + port + " = (QData) " + w + "[" + at + "] | ((QData) " + w + "[" + (at + 1)
                                    + "] << 32);\n"
                            : "    " + w + "[" + at + "] = (uint32_t) top->" + port + ";\n    " + w + "[" + (at + 1)
                                    + "] = (uint32_t) (top->" + port + " >> 32);\n");
        } else {
            int words = (width + 31) / 32;
            b.append("    for (int i = 0; i < ")
                    .append(words)
                    .append("; ++i) ")
                    .append(
                            in
                                    ? "top->" + port + "[i] = " + w + "[i];\n"
                                    : w + "[" + at + " + i] = top->" + port + "[i];\n");
        }
        return b.toString();
    }

    /** getSymbols: every channel's symbol of the cycle just clocked, 16 to a word. */
    private static void getSymbols(
            StringBuilder b, Wiring w, int latency, boolean withSymbols, int symWords, int buses) {
        int n = w.nodes();
        b.append("void getSymbols(Vppbus_top___024root* r, uint32_t* w) {\n");
        if (withSymbols) {
            // Each plane's channel registers sit in its instance u_plane_<b> of a k-bus top.
            List<String> channels = new ArrayList<>();
            for (int p = 0; p < buses; p++) {
                String plane = buses > 1 ? "u_plane_" + p + "__DOT__" : "";
                for (int i = 0; i < n; i++) {
                    for (int j : w.arbitersOf(i)) {
                        channels.add(plane + SignalNames.channelInstance(SignalNames.c2a(i, j)));
                        channels.add(plane + SignalNames.channelInstance(SignalNames.a2c(j, i)));
                    }
                }
            }
            // Each word is gathered in a local and stored once: a store through w may alias the
            // model's byte-wide members, so or-ing into w[k] would reload and store every time.
            for (int k = 0; k < symWords; k++) {
                b.append("    {\n        uint32_t v = 0;\n");
                for (int ch = 16 * k; ch < Math.min(channels.size(), 16 * k + 16); ch++) {
                    symbol(b, ch, channels.get(ch), latency);
                }
                b.append("        w[").append(k).append("] = v;\n    }\n");
            }
        } else {
            b.append("    (void) r;\n    (void) w;\n");
        }
    }

    /**
     * Channel {@code channel}'s symbol of the cycle just clocked: the low two bits of its register
     * chain, where each symbol enters (a chain wider than 64 bits is an array of 32-bit words).
     * The register is read as the member Verilator keeps for it, without a {@code public} mark:
     * marking the 2·links registers public (one scope per channel instance) took the checked
     * n = 273 build from about 100 s to 190 s, and public channel wires cost a copy each per cycle
     * (docs/PERFORMANCE.md). The registers feed the units, so Verilator keeps them; a renamed one
     * would fail this file's compilation, not a comparison.
     */
    private static void symbol(StringBuilder b, int channel, String name, int latency) {
        b.append("        v |= (uint32_t) (r->ppbus_top__DOT__")
                .append(name)
                .append("__DOT__stage_q")
                .append(2 * latency > 64 ? "[0]" : "")
                .append(" & 3u) << ")
                .append(2 * (channel % 16))
                .append(";\n");
    }
}
