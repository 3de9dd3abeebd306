/**
 * The {@code ppbus} entry point ({@link org.ppbus.cli.Main}). The commands are in {@code command},
 * the steps of verify in {@code verify}, the tables in {@code report}, what every command reads in
 * {@code options}, the terminal in {@code console}; the web view is {@code org.ppbus.view}.
 */
package org.ppbus.cli;
