package org.ppbus.bus;

/**
 * A fabric that serves requests for more than one bus or for a group (docs/SPEC.md, "More than
 * one bus"): the processor tells it what the request needs just before it raises req. A fabric
 * that does not implement it serves only {@link Need#ONE}.
 */
public interface Needs {
    /** The request node is about to raise in this cycle needs this. */
    void need(int node, Need need, long cycle);
}
