package org.ppbus.cli;

/** The tool version, reported in JSON and generated files. */
final class Version {
    private Version() {}

    static final String VERSION = "0.1.0";
}
