/**
 * The Campos–Carvalho client and arbiter units as synchronous state machines, their rule sets,
 * their wiring into a network on the cycle-accurate channels, the initial states, and the
 * precedence graph H that validates a state.
 */
package org.ppbus.protocol.cc;
