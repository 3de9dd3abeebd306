#!/usr/bin/env python3
"""An experiment, not part of ppbus: the idle bound of the Campos-Carvalho RTL by k-induction,
strengthened with reachable-state invariants (docs/VERIFICATION.md 2a, "Strengthening invariants").

    tools/liveness-invariants.py KEEP_IDLE OUT N (--segment R | --gap G) [--steps K]

KEEP_IDLE is the folder `ppbus verify --nodes N --rtl --liveness --no-search --keep DIR` leaves in
DIR/idle (or DIR/idle-search): the generated RTL and the liveness harness. In OUT this writes

  check.v   the harness with every invariant as a named assertion and no idle property;
  induct.v  the harness with every invariant assumed and the idle property asserted: the segment
            counter (cycles of idle with the same requests) at most R, or the idle counter at most G;

then proves check.v's assertions with ABC's pdr from the reset (one output each) and, only if every
one is proven, runs Yosys's `sat -tempinduct` on induct.v up to K steps. Assuming an invariant pdr
did not prove would be unsound, so the script stops there. At L = 1 and N = 3 or 7 (whole planes).
The channels are the generated ones with the fault logic removed; the harness keeps its own
assumptions (the handshake, the hold, at most one gnt, which the product's safety proof proves).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

PLANES = {3: (0, 1), 7: (0, 1, 3)}  # the difference sets D of PG(2, 1) and PG(2, 2)


def links(n):
    """(arbiter a, port m, client c, slot s): S_c = c + D and R_a = a - D, each in ascending order."""
    d = PLANES[n]
    out = []
    for a in range(n):
        for m, c in enumerate(sorted((a - x) % n for x in d)):
            s = sorted((c + x) % n for x in d).index(a)
            out.append((a, m, c, s))
    return out


def z(x):
    return "{2'b0, %s}" % x


def invariants(n):
    """(name, Verilog expression) for every invariant, per link, per arbiter, per client."""
    L = links(n)
    k = len(PLANES[n])
    inv = []
    for (a, m, c, s) in L:
        a2c = 'st_a2c_a%d_c%d' % (a, c)
        c2a = 'st_c2a_c%d_a%d' % (c, a)
        cq = '{cq1_%d[%d], cq0_%d[%d]}' % (c, s, c, s)
        aq = '{aq1_%d[%d], aq0_%d[%d]}' % (a, m, a, m)
        forks = ' + '.join(z(x) for x in ['fork_%d[%d]' % (c, s), "(%s == 2'd1)" % a2c,
                                          "(%s == 2'd1 || %s == 2'd2)" % (c2a, c2a),
                                          "(%s == 2'd1 || %s == 2'd2)" % (cq, cq), "(%s == 2'd1)" % aq])
        inv.append(('fork_%d_%d' % (a, m), "(%s) == %s" % (forks, z('owner_%d[%d]' % (a, m)))))
        tok = ['creq_%d[%d]' % (c, s), 'areq_%d[%d]' % (a, m), "(%s == 2'd3 || %s == 2'd1)" % (c2a, c2a),
               "(%s == 2'd3 || %s == 2'd1)" % (cq, cq)]
        strong = ["(%s == 2'd2 || %s == 2'd3)" % (a2c, a2c), "(%s == 2'd2 || %s == 2'd3)" % (aq, aq)]
        plain = ["(%s == 2'd2)" % a2c, "(%s == 2'd2)" % aq]
        inv.append(('toklens_%d_%d' % (a, m), "(%s) <= 3'd1" % ' + '.join(z(x) for x in tok + plain)))
        inv.append(('tokle2_%d_%d' % (a, m), "(%s) <= 3'd2" % ' + '.join(z(x) for x in tok + strong)))
        inv.append(('tokge_%d_%d' % (a, m), "(%s) >= 3'd1" % ' + '.join(z(x) for x in tok + strong)))
        ret = "(%s == 2'd1 || %s == 2'd2 || %s == 2'd1 || %s == 2'd2)" % (c2a, c2a, cq, cq)
        inv += [
            ('reqto_%d_%d' % (a, m), "!(%s == 2'd2 || %s == 2'd3 || %s == 2'd2 || %s == 2'd3) || owner_%d[%d] || %s"
             % (a2c, a2c, aq, aq, a, m, ret)),
            ('creqnf_%d_%d' % (a, m), "!(%s == 2'd3 || %s == 2'd3) || !fork_%d[%d]" % (c2a, cq, c, s)),
            ('creqh_%d_%d' % (a, m), "!(%s == 2'd3 || %s == 2'd3) || state_%d == 2'd1" % (c2a, cq, c)),
            ('forkh_%d_%d' % (a, m), "!(%s == 2'd1 || %s == 2'd1) || state_%d == 2'd1" % (a2c, aq, c)),
            ('cleanh_%d_%d' % (a, m), "!(%s == 2'd1 || %s == 2'd1) || state_%d == 2'd1" % (c2a, cq, c)),
            ('csreqtok_%d_%d' % (a, m), "!csreq_%d[%d] || creq_%d[%d]" % (c, s, c, s)),
            ('awaith_%d_%d' % (a, m), "!areq_%d[%d] || owner_%d[%d] || state_%d == 2'd1" % (a, m, a, m, c)),
            ('ownsreq_%d_%d' % (a, m), "!(owner_%d[%d] && areq_%d[%d]) || asreq_%d[%d]" % (a, m, a, m, a, m)),
            ('cleansreq_%d_%d' % (a, m), "!(owner_%d[%d] && fork_%d[%d] && !cdirty_%d[%d]) || asreq_%d[%d]"
             " || %s == 2'd3 || %s == 2'd3 || csreq_%d[%d]" % (a, m, c, s, c, s, a, m, a2c, aq, c, s)),
            ('ordfs_%d_%d' % (a, m), "!(%s == 2'd1 && (%s == 2'd2 || %s == 2'd3))" % (aq, a2c, a2c)),
            ('ordc_%d_%d' % (a, m), "!((%s == 2'd1 || %s == 2'd2) && %s == 2'd3)" % (cq, cq, c2a)),
            ('dirtynotok_%d_%d' % (a, m), "!(%s == 2'd2 || %s == 2'd2) || !areq_%d[%d]" % (c2a, cq, a, m)),
            ('strongnotok_%d_%d' % (a, m), "!(%s == 2'd3 || %s == 2'd3) || !areq_%d[%d]" % (a2c, aq, a, m)),
            ('heldfork_%d_%d' % (a, m), "!past2 || held_q_%d == 1'd0 || fork_%d[%d] || %s == 2'd2 || %s == 2'd2"
             % (c, c, s, c2a, cq)),
            ('dirty_%d_%d' % (a, m), '!cdirty_%d[%d] || fork_%d[%d]' % (c, s, c, s)),
            ('csreq_%d_%d' % (a, m), '!csreq_%d[%d] || fork_%d[%d]' % (c, s, c, s)),
        ]
    ports = {}
    for (a, m, c, s) in L:
        ports.setdefault(a, []).append((m, c, s))
    prec = {}
    for a, ps in ports.items():
        inv.append(('owner1_%d' % a, "(owner_%d & (owner_%d - 1'b1)) == %d'd0" % (a, a, k)))

        def dirty_holder(c, s):
            return "((fork_%d[%d] && cdirty_%d[%d]) || st_c2a_c%d_a%d == 2'd2 || {cq1_%d[%d], cq0_%d[%d]} == 2'd2)" % (
                c, s, c, s, c, a, c, s, c, s)
        for i in range(len(ps)):
            for j in range(i + 1, len(ps)):
                (p, cp, sp), (q, cq_, sq) = ps[i], ps[j]
                e = "(%s || (!%s && prio_%d_%d[%d]))" % (dirty_holder(cq_, sq), dirty_holder(cp, sp), a, p, q - p - 1)
                prec[(cp, cq_)] = e
                prec[(cq_, cp)] = "!" + e
        if len(ps) == 3:
            r01, r02, r12 = "prio_%d_0[0]" % a, "prio_%d_0[1]" % a, "prio_%d_1[0]" % a
            inv.append(('ptrans_%d' % a, "!(%s && %s && !%s) && !(!%s && !%s && %s)" % (r01, r12, r02, r01, r12, r02)))
    for i in range(n):
        for j in range(i + 1, n):
            for h in range(j + 1, n):
                inv.append(('hacyc_%d_%d_%d' % (i, j, h), "!(%s && %s && %s) && !(%s && %s && %s)" % (
                    prec[(i, j)], prec[(j, h)], prec[(h, i)], prec[(j, i)], prec[(h, j)], prec[(i, h)])))
    ones, none = "%d'd%d" % (k, (1 << k) - 1), "%d'd0" % k
    for i in range(n):
        inv += [
            ('state%d' % i, "state_%d != 2'd3" % i),
            ('eat%d' % i, "state_%d != 2'd2 || fork_%d == %s" % (i, i, ones)),
            ('hreq%d' % i, "state_%d == 2'd0 || req_q[%d]" % (i, i)),
            ('reqq%d' % i, "!past2 || !req_q[%d] || state_%d != 2'd0" % (i, i)),
            ('heldclean%d' % i, "held_q_%d == 1'd0 || (fork_%d & ~cdirty_%d) == %s" % (i, i, i, none)),
            ('eatdirty%d' % i, "state_%d != 2'd2 || cdirty_%d == %s" % (i, i, ones)),
            ('thinkdirty%d' % i, "state_%d != 2'd0 || (fork_%d & ~cdirty_%d) == %s" % (i, i, i, none)),
            ('heldnh%d' % i, "held_q_%d == 1'd0 || state_%d != 2'd1" % (i, i)),
        ]
    every = lambda f: ' && '.join(f(i) for i in range(n))
    inv += [
        ('heldone', "!past2 || (%s) <= 4'd1" % ' + '.join("{3'b0, held_q_%d}" % i for i in range(n))),
        ('p2', "past2 || (%s)" % every(lambda i: "state_%d == 2'd0 && fork_%d == %s" % (i, i, none))),
        ('idlereq', "idle_q == 0 || req_q != 0"),
        ('idleheld', "idle_q == 0 || (%s)" % every(lambda i: "held_q_%d == 1'd0" % i)),
    ]
    return inv


CHANNEL = """// The generated channel's L registers, with the fault proof's free inputs kept but unused.
module ppbus_channel #(
    parameter integer L = 1
) (
    input  wire       clk,
    input  wire       rst,
    input  wire [1:0] d,
    output wire [1:0] q
);
    reg  [2*L-1:0] stage_q;
    (* keep *) wire drop_req;
    (* keep *) wire dup_req;
    (* keep *) wire drop_now = 1'b0;
    (* keep *) wire dup_now = 1'b0;
    assign q = stage_q[2*L-1:2*L-2];
    always @(posedge clk) begin
        if (rst) stage_q <= {2*L{1'b0}};
        else stage_q <= {stage_q, d};
    end
endmodule
"""


def harness(src, n, mode, segment, bound):
    """The harness of KEEP_IDLE with the registers read, past2, the counter and the invariants."""
    k = len(PLANES[n])
    s = open(src).read()
    decl, ports = "    reg past2 = 1'b0;\n", ''
    for c in range(n):
        for local, reg in [('creq', 'req_q'), ('cdirty', 'dirty_q'), ('csreq', 'sreq_q')]:
            decl += '    wire [%d:0] %s_%d;\n' % (k - 1, local, c)
            ports += ',\n        .\\u_client_%d.%s (%s_%d)' % (c, reg, local, c)
    for a in range(n):
        for r in range(k - 1):
            decl += '    wire [%d:0] prio_%d_%d;\n' % (k - 1, a, r)
            ports += ',\n        .\\u_arbiter_%d.prio_q[%d] (prio_%d_%d)' % (a, r, a, r)
        for local, reg in [('areq', 'req_q'), ('asreq', 'sreq_q')]:
            decl += '    wire [%d:0] %s_%d;\n' % (k - 1, local, a)
            ports += ',\n        .\\u_arbiter_%d.%s (%s_%d)' % (a, reg, local, a)
    s = s.replace("    reg past_valid = 1'b0;", "    reg past_valid = 1'b0;\n" + decl, 1)
    s = s.replace("        past_valid <= 1'b1;", "        past_valid <= 1'b1;\n        past2 <= past_valid;", 1)
    i = s.index('\n    );', s.index('ppbus_top dut'))
    s = s[:i] + ports + s[i:]
    m = re.search(r"reg \[(\d+):0\] idle_q", s)
    w = int(m.group(1)) + 1
    top = (1 << w) - 1
    counter = re.search(r"        idle_q <= [^\n]*\n", s).group(0)
    reset = counter[:counter.index('?') + 1] + " %d'd0 : " % w
    step = ("(req != req_q) ? %d'd1 : " % w if segment else '') + "(idle_q == %d'd%d ? idle_q : idle_q + 1'b1);\n" % (w, top)
    s = s.replace(counter, reset + step)
    s = re.sub(r"            p\d+: assert\(idle_q[^\n]*\n", '', s)
    inv = invariants(n)
    if mode == 'assert':
        text = ''.join("            i%03d_%s: assert(%s);\n" % (j, name, e) for j, (name, e) in enumerate(inv))
    else:
        text = ''.join("            assume(%s);\n" % e for _, e in inv)
        text += "            p000: assert(idle_q <= %d'd%d);\n" % (w, bound)
    anchor = "            assume((gnt & (gnt - 1'b1))"
    i = s.index(anchor)
    i = s.index('\n', i) + 1
    return s[:i] + text + s[i:], [name for name, _ in inv]


def script(src_ys, harness_file, tail, n):
    """KEEP_IDLE's proof.ys with the registers exposed, reading harness_file, ending with tail."""
    ys = open(src_ys).read().replace('read_verilog -formal ppbus_faults.v', 'read_verilog -formal ' + harness_file)
    ex = ''
    for c in range(n):
        ex += ''.join('expose w:u_client_%d.%s\n' % (c, r) for r in ('req_q', 'dirty_q', 'sreq_q'))
    for a in range(n):
        ex += ''.join('expose w:u_arbiter_%d.prio_q?%d?\n' % (a, r) for r in range(len(PLANES[n]) - 1))
        ex += ''.join('expose w:u_arbiter_%d.%s\n' % (a, r) for r in ('req_q', 'sreq_q'))
    ys = ys.replace('flatten\n', 'flatten\n' + ex, 1)
    if tail:
        i = ys.index('opt_clean\n', ys.index('read_verilog -formal'))
        ys = ys[:i] + 'opt_clean\n' + tail + '\n'
    return ys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('keep')
    ap.add_argument('out')
    ap.add_argument('n', type=int, choices=sorted(PLANES))
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument('--segment', type=int, metavar='R')
    g.add_argument('--gap', type=int, metavar='G')
    ap.add_argument('--steps', type=int, default=12)
    o = ap.parse_args()
    if not os.path.isfile(os.path.join(o.keep, 'ppbus_faults.v')):
        sys.exit('liveness-invariants: %s holds no liveness harness (ppbus_faults.v)' % o.keep)
    if os.path.exists(o.out):
        sys.exit('liveness-invariants: %s exists' % o.out)
    shutil.copytree(o.keep, o.out)
    with open(os.path.join(o.out, 'ppbus_fault_channel.v'), 'w') as f:
        f.write(CHANNEL)
    src = os.path.join(o.out, 'ppbus_faults.v')
    segment = o.segment is not None
    bound = o.segment if segment else o.gap
    for mode, name in [('assert', 'check.v'), ('assume', 'induct.v')]:
        text, names = harness(src, o.n, mode, segment, bound)
        with open(os.path.join(o.out, name), 'w') as f:
            f.write(text)
    ys = os.path.join(o.out, 'proof.ys')
    with open(os.path.join(o.out, 'check.ys'), 'w') as f:
        f.write(script(ys, 'check.v', None, o.n).replace('proof.aim', 'check.aim').replace('proof.aig', 'check.aig')
                .replace('proof-after-reset.aig', 'check-after-reset.aig'))
    with open(os.path.join(o.out, 'induct.ys'), 'w') as f:
        f.write(script(ys, 'induct.v', 'sat -tempinduct -prove-asserts -set-init-zero -set-assumes -maxsteps %d'
                       % o.steps, o.n))
    run = lambda *cmd: subprocess.run(cmd, cwd=o.out, capture_output=True, text=True)
    y = run('yosys', '-q', '-s', 'check.ys', '-l', 'check-build.log')
    if y.returncode != 0:
        sys.exit('liveness-invariants: yosys failed on check.ys (see %s/check-build.log)' % o.out)
    # Yosys orders a model's outputs by their labels, which the zero-padded index keeps in our order.
    pdr = run('yosys-abc', '-c', 'read_aiger check-after-reset.aig; fold; strash; scorr; pdr -a')
    open(os.path.join(o.out, 'check.log'), 'w').write(pdr.stdout)
    broken = [int(x) for x in re.findall(r'Output +(\d+) was asserted', pdr.stdout)]
    summary = re.search(r'Properties: .*', pdr.stdout)
    print('invariants: %d, %s' % (len(names), summary.group(0) if summary else 'pdr gave no summary'))
    for b in broken:
        print('  broken: %s' % (names[b] if b < len(names) else 'output %d' % b))
    if broken or not summary or 'Undecided = 0' not in summary.group(0):
        sys.exit('liveness-invariants: not every invariant is proven, so none is assumed')
    y = run('yosys', '-q', '-s', 'induct.ys', '-l', 'induct.log')
    log = open(os.path.join(o.out, 'induct.log')).read()
    lengths = re.findall(r'Trying induction with length (\d+)', log)
    ok = 'Induction step proven: SUCCESS' in log
    what = ('segment counter' if segment else 'idle counter') + ' <= %d' % bound
    print('%s: %s' % (what, 'PROVEN by induction of length %s' % lengths[-1] if ok
                      else 'not proven within %d steps (see %s/induct.log)' % (o.steps, o.out)))
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
