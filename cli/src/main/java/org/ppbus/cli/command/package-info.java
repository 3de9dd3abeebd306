/** The {@code ppbus} commands, one class each, and the {@link org.ppbus.cli.command.Command} they share. */
package org.ppbus.cli.command;
