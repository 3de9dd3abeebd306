/** The clock, the activity scheduler, processors that follow the req/gnt handshake, and the shared bus. */
package org.ppbus.bus;
