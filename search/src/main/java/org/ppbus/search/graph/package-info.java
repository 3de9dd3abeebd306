/**
 * The search's graph store: the states (lossless tables or 64-bit fingerprints), the edges with
 * their actions, the parents, the breadth-first layers, and the files a large search spills to.
 */
package org.ppbus.search.graph;
