package org.ppbus.registry;

import java.util.List;
import org.ppbus.protocol.descriptor.Algorithm;

/**
 * Algorithms from outside ppbus: a library registers its own by naming a class that implements
 * this in {@code META-INF/services/org.ppbus.registry.AlgorithmProvider} on the class path (the
 * standard {@link java.util.ServiceLoader} mechanism). They then run everywhere ppbus's own do:
 * simulate, compare, sweep, faults, soak (docs/ARCHITECTURE.md, "How to add an algorithm").
 */
public interface AlgorithmProvider {
    /** The algorithms, in the order reports list them after ppbus's own. */
    List<Algorithm> algorithms();
}
