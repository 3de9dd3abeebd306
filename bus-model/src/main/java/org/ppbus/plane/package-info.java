/** Finite projective planes PG(2,q) and the padded client/arbiter wiring derived from them. */
package org.ppbus.plane;
