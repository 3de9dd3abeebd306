/**
 * What every command reads and checks before it runs: its options and their numbers (one parser
 * for the command line, settings files, replayed reports and the web page), the output paths, and
 * the one-line usage error with exit 2.
 */
package org.ppbus.cli.options;
