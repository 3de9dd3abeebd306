/** Processor demand: random and hot-spot loads, named scenarios, and request traces to replay. */
package org.ppbus.workload;
