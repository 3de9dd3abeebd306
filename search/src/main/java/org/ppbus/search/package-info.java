/**
 * The exhaustive state search of the Campos–Carvalho model ({@link org.ppbus.search.StateSearch})
 * and of its k-bus planes ({@link org.ppbus.search.PlanesSearch}): successors, faults and crashes,
 * symmetry, threads, and counterexamples as request traces.
 */
package org.ppbus.search;
