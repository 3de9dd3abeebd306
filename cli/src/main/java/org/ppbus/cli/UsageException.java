package org.ppbus.cli;

/** Bad input: printed as one line on stderr, exit code 2. */
final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
