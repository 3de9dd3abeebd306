package org.ppbus.protocol.descriptor;

import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** Fills a descriptor field by field, so that each algorithm's definition reads as a list. */
public final class AlgorithmBuilder {
    private final String name;
    private final String description;
    private Factory factory;
    private Messages messages = n -> List.of();
    private Wires wires;
    private Fairness fairness = (l, h) -> Algorithm.NO_BOUND;
    private Claim claim = n -> null;
    private final Set<Feature> features = EnumSet.noneOf(Feature.class);
    private Family family;
    private Survival survival = (w, o, d) -> null;
    private OptionsReader options = in -> AlgorithmOptions.NONE;
    private boolean starvationFree = true;
    private Wires sharedLines = n -> 0;

    AlgorithmBuilder(String name, String description) {
        this.name = name;
        this.description = description;
    }

    public AlgorithmBuilder factory(Factory f) {
        factory = f;
        return this;
    }

    public AlgorithmBuilder messages(Messages m) {
        messages = m;
        return this;
    }

    public AlgorithmBuilder wires(Wires w) {
        wires = w;
        return this;
    }

    public AlgorithmBuilder fairness(Fairness f) {
        fairness = f;
        return this;
    }

    public AlgorithmBuilder claim(Claim c) {
        claim = c;
        return this;
    }

    public AlgorithmBuilder family(Family f) {
        family = f;
        return this;
    }

    /** How the algorithm reads its settings from a run's inputs (none by default). */
    public AlgorithmBuilder options(OptionsReader r) {
        options = r;
        return this;
    }

    public AlgorithmBuilder survival(Survival s) {
        survival = s;
        return this;
    }

    /** The wired-OR lines shared by every node at n nodes (none by default). */
    public AlgorithmBuilder sharedLines(Wires w) {
        sharedLines = w;
        return this;
    }

    /** It promises no freedom from starvation: priority by position lets a processor wait forever. */
    public AlgorithmBuilder mayStarve() {
        starvationFree = false;
        return this;
    }

    public AlgorithmBuilder features(Feature... f) {
        features.addAll(List.of(f));
        return this;
    }

    public Algorithm build() {
        Objects.requireNonNull(wires, "wires");
        return new Algorithm(
                name,
                description,
                factory,
                messages,
                wires,
                fairness,
                claim,
                features,
                family,
                survival,
                options,
                sharedLines,
                starvationFree);
    }
}
