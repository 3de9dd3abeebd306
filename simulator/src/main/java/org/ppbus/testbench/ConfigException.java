package org.ppbus.testbench;

/**
 * A setting of a {@link SimulationConfig} out of its domain, in the model's terms: the field (the
 * record component) and what is wrong with its value. The CLI names its own option for the field.
 */
public final class ConfigException extends IllegalArgumentException {
    private final String field;
    private final String problem;

    public ConfigException(String field, String subject, String problem) {
        super(subject.isEmpty() ? problem : subject + " " + problem);
        this.field = field;
        this.problem = problem;
    }

    /** The record component, e.g. {@code latencyCycles}. */
    public String field() {
        return field;
    }

    /** What is wrong, without the subject, e.g. "must be at least 1 cycle, got 0". */
    public String problem() {
        return problem;
    }
}
