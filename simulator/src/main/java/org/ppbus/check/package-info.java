/** The run-time checkers: invariants I1–I8, the deadlock and livelock watchdogs, the fairness and starvation bounds, and the findings they report. */
package org.ppbus.check;
