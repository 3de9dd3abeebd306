#!/usr/bin/env python3
# An experiment, not part of ppbus: the reachable-state invariants of the Campos-Carvalho RTL at
# L = 1 (n = 3 and 7) that docs/VERIFICATION.md 2a ("Strengthening invariants") describes, written
# into a copy of the liveness harness that `ppbus verify --rtl --liveness --keep DIR` leaves in
# DIR/idle, either as named assertions (to prove them with ABC's pdr from the reset) or as
# assumptions (to strengthen Yosys's k-induction of the idle bound). The harness must first get the
# edits that section lists (the fork-conservation block, the past2 register, the exposed registers).
import sys, re
def links(harness):
    s=open(harness).read()
    blk=s[s.index('conserved = 1'):]
    out=[]; a=-1
    for line in blk.split('\n'):
        if 'forks = 0;' in line: a+=1
        mm=re.search(r'if \(fork_(\d+)\[(\d+)\]\)',line)
        if mm: c,sl=int(mm.group(1)),int(mm.group(2))
        mq=re.search(r'if \(aq0_(\d+)\[(\d+)\]',line)
        if mq: out.append((a,int(mq.group(2)),c,sl))
        if line.strip()=='end': break
    return out
def b(x): return "{2'b0, %s}"%x
def cands(L, extra):
    inv=[]
    for (a,m,c,s) in L:
        a2c='st_a2c_a%d_c%d'%(a,c); c2a='st_c2a_c%d_a%d'%(c,a)
        cq='{cq1_%d[%d], cq0_%d[%d]}'%(c,s,c,s); aq='{aq1_%d[%d], aq0_%d[%d]}'%(a,m,a,m)
        F=' + '.join(b(x) for x in ['fork_%d[%d]'%(c,s), "(%s == 2'd1)"%a2c, "(%s == 2'd1 || %s == 2'd2)"%(c2a,c2a), "(%s == 2'd1 || %s == 2'd2)"%(cq,cq), "(%s == 2'd1)"%aq])
        inv.append(('fork_%d_%d'%(a,m), "(%s) == %s"%(F, b('owner_%d[%d]'%(a,m)))))
        T=' + '.join(b(x) for x in ['creq_%d[%d]'%(c,s),'areq_%d[%d]'%(a,m),"(%s == 2'd2 || %s == 2'd3)"%(a2c,a2c),"(%s == 2'd2 || %s == 2'd3)"%(aq,aq),"(%s == 2'd3 || %s == 2'd1)"%(c2a,c2a),"(%s == 2'd3 || %s == 2'd1)"%(cq,cq)])
        TN=' + '.join(b(x) for x in ['creq_%d[%d]'%(c,s),'areq_%d[%d]'%(a,m),"(%s == 2'd2)"%a2c,"(%s == 2'd2)"%aq,"(%s == 2'd3 || %s == 2'd1)"%(c2a,c2a),"(%s == 2'd3 || %s == 2'd1)"%(cq,cq)])
        inv.append(('toklens_%d_%d'%(a,m), "(%s) <= 3'd1"%TN))
        inv.append(('tokle2_%d_%d'%(a,m), "(%s) <= 3'd2"%T))
        ret="(%s == 2'd1 || %s == 2'd2 || %s == 2'd1 || %s == 2'd2)"%(c2a,c2a,cq,cq)
        inv.append(('reqto_%d_%d'%(a,m), "!(%s == 2'd2 || %s == 2'd3 || %s == 2'd2 || %s == 2'd3) || owner_%d[%d] || %s"%(a2c,a2c,aq,aq,a,m,ret)))
        inv.append(('creqnf_%d_%d'%(a,m), "!(%s == 2'd3 || %s == 2'd3) || !fork_%d[%d]"%(c2a,cq,c,s)))
        inv.append(('tokge_%d_%d'%(a,m), "(%s) >= 3'd1"%T))
        inv.append(('creqh_%d_%d'%(a,m), "!(%s == 2'd3 || %s == 2'd3) || state_%d == 2'd1"%(c2a,cq,c)))
        inv.append(('forkh_%d_%d'%(a,m), "!(%s == 2'd1 || %s == 2'd1) || state_%d == 2'd1"%(a2c,aq,c)))
        inv.append(('csreqtok_%d_%d'%(a,m), "!csreq_%d[%d] || creq_%d[%d]"%(c,s,c,s)))
        inv.append(('awaith_%d_%d'%(a,m), "!areq_%d[%d] || owner_%d[%d] || state_%d == 2'd1"%(a,m,a,m,c)))
        inv.append(('ownsreq_%d_%d'%(a,m), "!(owner_%d[%d] && areq_%d[%d]) || asreq_%d[%d]"%(a,m,a,m,a,m)))
        inv.append(('ordfs_%d_%d'%(a,m), "!(%s == 2'd1 && (%s == 2'd2 || %s == 2'd3))"%(aq,a2c,a2c)))
        inv.append(('ordc_%d_%d'%(a,m), "!((%s == 2'd1 || %s == 2'd2) && %s == 2'd3)"%(cq,cq,c2a)))
        inv.append(('dirtynotok_%d_%d'%(a,m), "!(%s == 2'd2 || %s == 2'd2) || !areq_%d[%d]"%(c2a,cq,a,m)))
        inv.append(('strongnotok_%d_%d'%(a,m), "!(%s == 2'd3 || %s == 2'd3) || !areq_%d[%d]"%(a2c,aq,a,m)))
        inv.append(('cleanh_%d_%d'%(a,m), "!(%s == 2'd1 || %s == 2'd1) || state_%d == 2'd1"%(c2a,cq,c)))
        inv.append(('heldfork_%d_%d'%(a,m), "!past2 || held_q_%d == 1'd0 || fork_%d[%d] || %s == 2'd2 || %s == 2'd2"%(c,c,s,c2a,cq)))
        inv.append(('cleansreq2_%d_%d'%(a,m), "!(owner_%d[%d] && fork_%d[%d] && !cdirty_%d[%d]) || asreq_%d[%d] || %s == 2'd3 || %s == 2'd3 || csreq_%d[%d]"%(a,m,c,s,c,s,a,m,a2c,aq,c,s)))
        inv.append(('dirty_%d_%d'%(a,m), '!cdirty_%d[%d] || fork_%d[%d]'%(c,s,c,s)))
        inv.append(('csreq_%d_%d'%(a,m), '!csreq_%d[%d] || fork_%d[%d]'%(c,s,c,s)))
    byarb={}
    for (a,m,c,s_) in L: byarb.setdefault(a,[]).append((m,c,s_))
    prec={}
    for a,ports in byarb.items():
        ports.sort()
        def dh(m,c,s_):
            a2c='st_a2c_a%d_c%d'%(a,c); c2a='st_c2a_c%d_a%d'%(c,a)
            cq='{cq1_%d[%d], cq0_%d[%d]}'%(c,s_,c,s_)
            return "((fork_%d[%d] && cdirty_%d[%d]) || %s == 2'd2 || %s == 2'd2)"%(c,s_,c,s_,c2a,cq)
        for i in range(len(ports)):
            for j in range(i+1,len(ports)):
                (p,cp,sp),(q,cq_,sq)=ports[i],ports[j]
                rank="prio_%d_%d[%d]"%(a,p,q-p-1)
                e="(%s || (!%s && %s))"%(dh(q,cq_,sq), dh(p,cp,sp), rank)
                prec[(cp,cq_)]=e; prec[(cq_,cp)]="!"+e
    for a,ports in byarb.items():
        if len(ports)==3:
            r01="prio_%d_0[0]"%a; r02="prio_%d_0[1]"%a; r12="prio_%d_1[0]"%a
            inv.append(('ptrans_%d'%a, "!(%s && %s && !%s) && !(!%s && !%s && %s)"%(r01,r12,r02,r01,r12,r02)))
    nodes=sorted(set(c for (_,_,c,_) in L))
    for i in nodes:
        for j in nodes:
            for k in nodes:
                if i<j<k:
                    inv.append(('hacyc_%d_%d_%d'%(i,j,k), "!(%s && %s && %s) && !(%s && %s && %s)"%(prec[(i,j)],prec[(j,k)],prec[(k,i)],prec[(j,i)],prec[(k,j)],prec[(i,k)])))
    for e in extra: inv.append(e)
    n=len(nodes); w=len(set(x[3] for x in L)) and max(x[3] for x in L)+1
    K=w; ones="%d'd%d"%(K,(1<<K)-1); zk="%d'd0"%K
    def allz(f): return ' && '.join(f(i) for i in nodes)
    for i in nodes:
        inv.append(('state%d'%i, "state_%d != 2'd3"%i))
        inv.append(('hreq%d'%i, "state_%d == 2'd0 || req_q[%d]"%(i,i)))
        inv.append(('reqq%d'%i, "!past2 || !req_q[%d] || state_%d != 2'd0"%(i,i)))
        inv.append(('heldclean%d'%i, "held_q_%d == 1'd0 || (fork_%d & ~cdirty_%d) == %s"%(i,i,i,zk)))
        inv.append(('eatdirty%d'%i, "state_%d != 2'd2 || cdirty_%d == %s"%(i,i,ones)))
        inv.append(('thinkdirty%d'%i, "state_%d != 2'd0 || (fork_%d & ~cdirty_%d) == %s"%(i,i,i,zk)))
        inv.append(('heldnh%d'%i, "held_q_%d == 1'd0 || state_%d != 2'd1"%(i,i)))
    inv.append(('heldone', "!past2 || (" + ' + '.join("{3'b0, held_q_%d}"%i for i in nodes) + ") <= 4'd1"))
    inv.append(('p2', "past2 || (" + allz(lambda i: "state_%d == 2'd0 && fork_%d == %s"%(i,i,zk)) + ")"))
    inv.append(('idlereq', "idle_q == 0 || req_q != 0"))
    inv.append(('idleheld', "idle_q == 0 || (" + allz(lambda i: "held_q_%d == 1'd0"%i) + ")"))
    return inv
def patch(src, dst, mode, n, extra=[]):
    P={3:2,7:3}[n]
    s=open(src).read()
    L=links(src)
    decl=''
    ports=''
    for c in range(n):
        for nm,reg in [('creq','req_q'),('cdirty','dirty_q'),('csreq','sreq_q')]:
            decl+='    wire [%d:0] %s_%d;\n'%(P-1,nm,c)
            ports+=',\n        .\\u_client_%d.%s (%s_%d)'%(c,reg,nm,c)
    for a in range(n):
        for r in range(P-1):
            decl+='    wire [%d:0] prio_%d_%d;\n'%(P-1,a,r)
            ports+=',\n        .\\u_arbiter_%d.prio_q[%d] (prio_%d_%d)'%(a,r,a,r)
        for nm,reg in [('areq','req_q'),('asreq','sreq_q')]:
            decl+='    wire [%d:0] %s_%d;\n'%(P-1,nm,a)
            ports+=',\n        .\\u_arbiter_%d.%s (%s_%d)'%(a,reg,nm,a)
    s=s.replace("    reg past_valid = 1'b0;","    reg past_valid = 1'b0;\n"+decl,1)
    i=s.index('\n    );',s.index('ppbus_top dut'))
    s=s[:i]+ports+s[i:]
    inv=cands(L,extra)
    text=''.join("            %s(%s);\n"%('assume' if mode=='assume' else 'i%03d_%s: assert'%(k,name), e) for k,(name,e) in enumerate(inv))
    anchor="            assume(conserved);\n"
    assert anchor in s
    if mode=='assume':
        s=s.replace(anchor, anchor+text)
    else:
        s=s.replace(anchor, anchor+text)
        s=re.sub(r"            p000: assert\(.*\);\n","",s)
    open(dst,'w').write(s)
    return [n for n,_ in inv]
if __name__=='__main__':
    if len(sys.argv) != 5 or sys.argv[3] not in ('assert', 'assume'):
        sys.exit('usage: liveness-invariants.py HARNESS_IN HARNESS_OUT assert|assume N')
    names=patch(sys.argv[1],sys.argv[2],sys.argv[3],int(sys.argv[4]),[])
    print(' '.join(names))
