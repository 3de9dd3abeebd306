/**
 * The analyses of a complete state graph: starvation and livelock loops (also on the orbits of a
 * symmetry-reduced search), the overtaking bound's longest paths, and the components they share.
 */
package org.ppbus.search.liveness;
