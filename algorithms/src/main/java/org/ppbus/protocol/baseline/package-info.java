/**
 * The seeds' other mutual-exclusion algorithms on the same bus, one class each, with the req-edge
 * and channel handling they share in {@link org.ppbus.protocol.baseline.parts.MessagePassingFabric}.
 */
package org.ppbus.protocol.baseline;
