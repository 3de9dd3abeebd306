// A plain C++ driver of a ppbus co-simulation library (the Verilated RTL plus its shim, as
// `ppbus cosim` builds it into ~/.cache/ppbus): no JVM and no JNA, so the RTL's own speed and a
// profile of it can be measured apart from the lockstep. docs/PERFORMANCE.md shows its use.
//
//   g++ -O2 -o cosim-driver tools/cosim-driver.cpp -ldl
//   ./cosim-driver LIBRARY CYCLES SYMBOLS(0|1)
//   perf record -e cpu-clock ./cosim-driver LIBRARY CYCLES 1
#include <dlfcn.h>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <random>
int main(int argc, char** argv) {
    if (argc < 4) { std::fprintf(stderr, "usage: cosim-driver LIBRARY CYCLES SYMBOLS(0|1)\n"); return 2; }
    void* so = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!so) { std::fprintf(stderr, "%s\n", dlerror()); return 1; }
    auto nodes = (int (*)()) dlsym(so, "ppbus_nodes");
    auto rwords = (int (*)()) dlsym(so, "ppbus_req_words");
    auto swords = (int (*)()) dlsym(so, "ppbus_sym_words");
    auto mk = (void* (*)()) dlsym(so, "ppbus_new");
    auto reset = (int (*)(void*)) dlsym(so, "ppbus_reset");
    auto run = (int (*)(void*, int, const uint32_t*, uint32_t*, uint32_t*)) dlsym(so, "ppbus_run");
    long cycles = std::atol(argv[2]);
    bool sym = std::atoi(argv[3]) != 0;
    int n = nodes(), rw = rwords(), sw = swords();
    const int B = 1024;
    std::vector<uint32_t> req((size_t) B * rw), gnt((size_t) B * rw), s((size_t) B * (sw > 0 ? sw : 1));
    std::mt19937_64 rng(1);
    // Processors that keep the handshake: raise req with probability 1/64 when idle, lower it 4
    // cycles after gnt is seen. One cycle per call, so that req reacts to gnt.
    std::vector<uint32_t> cur(rw, 0), g(rw, 0);
    std::vector<int> held(n, -1);
    void* h = mk();
    reset(h);
    auto t0 = std::chrono::steady_clock::now();
    for (long t = 0; t < cycles; ++t) {
        for (int i = 0; i < n; ++i) {
            bool r = cur[i / 32] >> (i % 32) & 1, gg = g[i / 32] >> (i % 32) & 1;
            if (!r && !gg && (rng() & 63) == 0) cur[i / 32] |= 1u << (i % 32);
            else if (r && gg && ++held[i] >= 4) { cur[i / 32] &= ~(1u << (i % 32)); held[i] = -1; }
        }
        run(h, 1, cur.data(), g.data(), sym && sw > 0 ? s.data() : nullptr);
    }
    double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("n=%d cycles=%ld sym=%d %.0f cycles/s\n", n, cycles, (int) sym, cycles / sec);
    return 0;
}
