package org.ppbus.bus;

/**
 * A fabric in front of another: every call goes through, unless a subclass steps in (a tap that
 * watches the req edges, a checker's mutant that does not hear one processor).
 */
public abstract class ForwardingFabric implements Fabric {
    protected final Fabric inner;

    protected ForwardingFabric(Fabric inner) {
        this.inner = inner;
    }

    @Override
    public int nodes() {
        return inner.nodes();
    }

    @Override
    public void request(int node, boolean level, long cycle) {
        inner.request(node, level, cycle);
    }

    @Override
    public void step(long cycle) {
        inner.step(cycle);
    }

    @Override
    public boolean quiescent() {
        return inner.quiescent();
    }

    @Override
    public int quietCycles() {
        return inner.quietCycles();
    }

    @Override
    public void crash(int node, long cycle) {
        inner.crash(node, cycle);
    }
}
