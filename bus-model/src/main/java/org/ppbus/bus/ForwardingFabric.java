package org.ppbus.bus;

import java.util.Optional;

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

    /**
     * What a request needs goes through to the fabric that serves it, like every other processor
     * input; the parts tools read (a network's unit states) stay the subclass's to pass on.
     */
    @Override
    public <T> Optional<T> part(Class<T> role) {
        Optional<T> own = Fabric.super.part(role);
        return role == Needs.class && own.isEmpty() ? inner.part(role) : own;
    }
}
