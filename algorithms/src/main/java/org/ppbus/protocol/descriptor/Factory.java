package org.ppbus.protocol.descriptor;

import org.ppbus.bus.Fabric;

/** Builds the fabric of one run. */
public interface Factory {
    Fabric create(Setting setting);
}
