/**
 * The web view, in one place: what it shows of a run (each cycle's state of the network, or a
 * message-passing run's time-space diagram, recorded from the Java model), the page and its
 * assets (resources under the same path), the HTTP server with its host checks and bounds, live
 * runs, and the self-contained HTML export.
 */
package org.ppbus.view;
