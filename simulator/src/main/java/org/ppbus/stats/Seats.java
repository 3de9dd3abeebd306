package org.ppbus.stats;

/**
 * Where each processor sits on each plane of units, for a design with a plane per bus
 * (campos-carvalho-k seats processor i at a different client of each plane); a design with one
 * plane seats processor i at client i. The statistics charge a plane's symbol to the processor
 * seated at the client whose link carries it.
 */
public interface Seats {
    /** How many planes. */
    int planes();

    /** The processor seated at plane {@code plane}'s client {@code client}. */
    int processorAt(int plane, int client);

    /** Plane {@code plane}'s client for processor {@code processor}. */
    int clientOf(int plane, int processor);

    /** One plane, processor i at client i. */
    Seats ONE = new Seats() {
        @Override
        public int planes() {
            return 1;
        }

        @Override
        public int processorAt(int plane, int client) {
            return client;
        }

        @Override
        public int clientOf(int plane, int processor) {
            return processor;
        }
    };
}
