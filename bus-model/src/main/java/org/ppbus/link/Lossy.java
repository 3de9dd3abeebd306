package org.ppbus.link;

/** A fabric whose messages travel on {@link MessageChannels}, into which faults can be injected. */
public interface Lossy {
    MessageChannels messageChannels();
}
