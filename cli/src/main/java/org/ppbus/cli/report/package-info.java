/**
 * The tables and charts ppbus writes: the results report (docs/RESULTS.md), the sweep's rows and
 * plots, the k-bus table and the hardware architect's table.
 */
package org.ppbus.cli.report;
