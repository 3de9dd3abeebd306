/** Invariant checkers I1–I8, the deadlock and livelock watchdogs, and the fairness bound. */
package org.ppbus.check;
