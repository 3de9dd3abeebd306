/** The terminal side of a long run: the progress line, Ctrl-C handling, and scratch folders. */
package org.ppbus.cli.console;
