/** The {@code ppbus} command line: a thin layer that parses options and prints or writes reports. */
package org.ppbus.cli;
