/** Message, symbol and bit counts, waits, utilisation, fairness and synchronisation delay. */
package org.ppbus.stats;
