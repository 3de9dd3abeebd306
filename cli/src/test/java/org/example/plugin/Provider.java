package org.example.plugin;

import java.util.List;
import org.ppbus.protocol.descriptor.Algorithm;
import org.ppbus.registry.AlgorithmProvider;

/** The one registration: named in META-INF/services/org.ppbus.registry.AlgorithmProvider. */
public final class Provider implements AlgorithmProvider {
    @Override
    public List<Algorithm> algorithms() {
        return List.of(LockServer.ALGORITHM, LockServer.BROKEN, FixedPriority.ALGORITHM);
    }
}
