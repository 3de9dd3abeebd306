package org.ppbus.cli.options;

/** The tool version, reported in JSON and generated files. */
public final class Version {
    private Version() {}

    public static final String VERSION = "0.1.0";
}
