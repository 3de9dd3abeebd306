/** Point-to-point channels with a fixed latency, and the per-port output queues that feed them. */
package org.ppbus.link;
