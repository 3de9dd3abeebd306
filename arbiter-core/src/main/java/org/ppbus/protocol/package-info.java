/**
 * The Campos–Carvalho client and arbiter units as synchronous state machines, their wiring into a
 * network on the cycle-accurate channels, and the precedence graph H that validates a state.
 */
package org.ppbus.protocol;
