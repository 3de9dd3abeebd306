/** What the web view shows of a run: each cycle's state of the network, recorded from the Java model. */
package org.ppbus.view;
