package org.ppbus.protocol;

import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import java.util.function.ToDoubleBiFunction;
import org.ppbus.bus.Fabric;
import org.ppbus.bus.Sharing;
import org.ppbus.link.MessageObserver;
import org.ppbus.plane.Wiring;

/**
 * Everything ppbus knows about one mutual-exclusion algorithm, in one place: the tools look it up
 * here instead of switching on its name. Each algorithm's class defines its descriptor; the
 * registry lists them.
 *
 * @param name the name used by {@code --algorithm}
 * @param description one line for help texts
 * @param factory builds the fabric for one run
 * @param messages the message kinds and their widths at n nodes, in the order of their type codes
 * @param wires wires that leave a node at n nodes, each counted once
 * @param fairness how many meals one processor may start while another stays hungry
 * @param claim the seed's claimed messages per entry at n nodes, or null where it gives none
 * @param features what else the algorithm supports
 * @param family the kind of algorithm, which groups it with its relatives in plots and tables
 * @param survival who a crash-stop of one node leaves served, where ppbus derives it
 * @param options turns what a run offers into the algorithm's own settings record
 * @param sharedLines the bus lines every node may drive (wired-OR), at n nodes: 0 for point-to-point
 *     wiring
 * @param starvationFree whether it promises that every request is granted at last; a fixed-priority
 *     design (the plain daisy chain) does not, and a run checks no starvation of it
 */
public record Algorithm(
        String name,
        String description,
        Factory factory,
        Messages messages,
        Wires wires,
        Fairness fairness,
        Claim claim,
        Set<Feature> features,
        Family family,
        Survival survival,
        OptionsReader options,
        Wires sharedLines,
        boolean starvationFree) {
    /** Not checked: the algorithm promises freedom from starvation only. */
    public static final int NO_BOUND = Integer.MAX_VALUE;

    /** Width of the baselines' wrapping timestamps (docs/PROTOCOL.md). */
    public static final int STAMP_BITS = 16;

    /** What an algorithm offers beyond req, gnt and its messages. */
    public enum Feature {
        /** Its links carry the 2-bit symbols of the hardware contract, which cosim and traces compare. */
        SYMBOLS,
        /** It takes {@code --rules}. */
        RULES,
        /** {@code --fault} can inject into its channels the contract's symbol faults (drop, duplicate, corrupt, delay). */
        FAULTS,
        /** {@code --fault} can lose a message on one of its channels, or crash a node (its messages are lost). */
        MESSAGE_FAULTS,
        /** The audit's A3 reproduction ({@code --reenter-without-thinking}) applies. */
        REENTRY,
        /** The rtl module generates Verilog for it. */
        RTL,
        /** It serves k > 1 identical buses, at most k processors in at once (k-exclusion, {@code --buses}). */
        K_BUSES,
        /** A request may need h of the k buses at once (h-out-of-k, {@code --demand}). */
        DEMAND,
        /** Requests carry a group; one group at a time may share the bus (group mutual exclusion, {@code --groups}). */
        GROUPS
    }

    /** The kinds of algorithm in the seeds, by what a processor must obtain before it enters. */
    public enum Family {
        /** One node decides: a central arbiter or coordinator. */
        CENTRAL("central"),
        /** A single token circulates or is fetched. */
        TOKEN("token"),
        /** Permission from every other node, ordered by timestamps. */
        PERMISSION("permission"),
        /** Permission from a quorum, any two of which intersect. */
        QUORUM("quorum"),
        /** Forks (or request tokens) shared by neighbours, ordered by priorities: the precedence graph. */
        FORKS("forks"),
        /** Shared wired-OR bus lines decide: a grant rippling down a daisy chain, or parallel contention. */
        WIRED("wired");

        private final String label;

        Family(String label) {
            this.label = label;
        }

        /** The family's name in file names and titles. */
        public String label() {
            return label;
        }
    }

    /** Builds the fabric of one run. */
    public interface Factory {
        Fabric create(Setting setting);
    }

    /** The message kinds at n nodes, indexed by the type code the fabric sends. */
    public interface Messages {
        List<MessageKind> at(int nodes);
    }

    /** Wires that leave a node at n nodes. */
    public interface Wires {
        double perNode(int nodes);

        /** The wires for a run shared this way: the one-bus figure unless the design grows with k. */
        default double perNode(int nodes, Sharing sharing) {
            return perNode(nodes);
        }

        /** Wires that depend on the sharing as well ({@code perNode(n)} is their number on one bus). */
        static Wires withSharing(ToDoubleBiFunction<Integer, Sharing> wires) {
            return new SharedWires(wires);
        }
    }

    /**
     * The overtaking bound under the req/gnt handshake, from the channel latency L and the shortest
     * hold H; {@link #NO_BOUND} where the seeds promise freedom from starvation only.
     */
    public interface Fairness {
        int bound(int latencyCycles, int minHoldCycles);

        /** The bound for a run shared this way: the one-bus bound unless it depends on k. */
        default int bound(int latencyCycles, int minHoldCycles, Sharing sharing) {
            return bound(latencyCycles, minHoldCycles);
        }

        /** A bound that depends on the sharing as well ({@code bound(l, h)} is its value on one bus). */
        static Fairness withSharing(SharedBound bound) {
            return new SharedFairness(bound);
        }
    }

    /** An overtaking bound from L, the shortest hold and the sharing. */
    public interface SharedBound {
        int of(int latencyCycles, int minHoldCycles, Sharing sharing);
    }

    /** The seed's claim at n nodes. */
    public interface Claim {
        Cost at(int nodes);

        /** The claim at n nodes for a run shared this way: the one-bus claim unless it depends on k or h. */
        default Cost at(int nodes, Sharing sharing) {
            return at(nodes);
        }

        /** A claim that depends on the sharing as well ({@code at(n)} is its value on the single bus). */
        static Claim withSharing(BiFunction<Integer, Sharing, Cost> claim) {
            return new SharedClaim(claim);
        }
    }

    /**
     * Who a crash-stop of node {@code crashed} leaves served, derived from the algorithm's structure
     * alone (not from a run); null where ppbus derives nothing. {@code options} are the run's, as in
     * {@link Setting} (the rule set of Campos–Carvalho, for instance).
     */
    public interface Survival {
        Derived after(Wiring wiring, Options options, int crashed);
    }

    /**
     * An algorithm's own settings, a record of its class (Campos–Carvalho's rule set and initial
     * state, for instance). An algorithm without settings takes {@link #NONE}.
     */
    public interface Options {
        Options NONE = new Options() {};
    }

    /** Turns what a run offers into an algorithm's {@link Options}. */
    public interface OptionsReader {
        Options from(RunInputs inputs);
    }

    /**
     * A derivation's claims about the live processors that ask from a crash on: a run checks them
     * against what it measured.
     *
     * @param survive every request these make from the crash on is served
     * @param cutOff some request these make from the crash on is never served
     * @param atMostOneOf at most one of these survives
     * @param why the reason, in one line
     */
    public record Derived(int[] survive, int[] cutOff, int[] atMostOneOf, String why) {
        public Derived {
            survive = survive.clone();
            cutOff = cutOff.clone();
            atMostOneOf = atMostOneOf.clone();
        }
    }

    /**
     * A message kind and its width on the wire (type field and payload); {@code token} when the
     * message carries a token, the right to the bus that only its holder has (the view draws it apart).
     */
    public record MessageKind(String name, int bits, boolean token) {
        public MessageKind(String name, int bits) {
            this(name, bits, false);
        }

        /** A kind whose message carries a token. */
        public static MessageKind token(String name, int bits) {
            return new MessageKind(name, bits, true);
        }
    }

    /** A claimed cost: the seed's formula and its value at the size asked for. */
    public record Cost(String formula, String value, long low, long high) {
        /** A claim whose value is not a range of messages per entry (a bound, a formula at n): nothing to check it against. */
        public Cost(String formula, String value) {
            this(formula, value, -1, -1);
        }

        /** A claim of low to high messages per entry, which a measurement can be checked against. */
        public static Cost between(String formula, long low, long high) {
            return new Cost(formula, low + " … " + high, low, high);
        }

        public boolean isRange() {
            return low >= 0;
        }
    }

    /**
     * What a factory gets: the wiring, the channel latency, where grants and messages go, and
     * the algorithm's own settings ({@link #optionsFor}).
     */
    public record Setting(
            Wiring wiring,
            int latencyCycles,
            Fabric.GrantSink grants,
            MessageObserver messages,
            Options options,
            Sharing sharing) {
        public Setting {
            Objects.requireNonNull(options, "options");
            Objects.requireNonNull(sharing, "sharing");
        }

        /** One bus. */
        public Setting(
                Wiring wiring, int latencyCycles, Fabric.GrantSink grants, MessageObserver messages, Options options) {
            this(wiring, latencyCycles, grants, messages, options, Sharing.SINGLE);
        }

        /** One bus, for an algorithm without settings of its own. */
        public Setting(Wiring wiring, int latencyCycles, Fabric.GrantSink grants, MessageObserver messages) {
            this(wiring, latencyCycles, grants, messages, Options.NONE);
        }

        public int nodes() {
            return wiring.nodes();
        }

        /** k, the buses of the run. */
        public int buses() {
            return sharing.buses();
        }

        /** The algorithm's settings if they are of this type, else the defaults. */
        public <T extends Options> T options(Class<T> type, Supplier<T> defaults) {
            return type.isInstance(options) ? type.cast(options) : defaults.get();
        }
    }

    public Algorithm {
        Objects.requireNonNull(name);
        Objects.requireNonNull(factory);
        Objects.requireNonNull(family, "family");
        Objects.requireNonNull(survival, "survival");
        features = features.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(features));
    }

    public boolean has(Feature f) {
        return features.contains(f);
    }

    /** Why this algorithm cannot serve a run shared this way, or empty when it can: one line for the user. */
    public Optional<String> refusal(Sharing sharing) {
        int buses = sharing.buses();
        int demand = sharing.demand();
        int groups = sharing.groups();
        if (buses > 1 && !has(Feature.K_BUSES)) {
            return Optional.of(name + " serves one bus; --buses " + buses + " needs a k-exclusion algorithm");
        }
        if (demand > 1 && !has(Feature.DEMAND)) {
            return Optional.of(
                    name + " grants one bus per request; --demand " + demand + " needs an h-out-of-k algorithm");
        }
        if (groups > 0 && !has(Feature.GROUPS)) {
            return Optional.of(
                    name + " has no groups; --groups " + groups + " needs a group mutual exclusion algorithm");
        }
        return Optional.empty();
    }

    /** The overtaking bound for this latency and shortest hold, on one bus. */
    public int overtakeBound(int latencyCycles, int minHoldCycles) {
        return fairness.bound(latencyCycles, minHoldCycles);
    }

    /** The overtaking bound for this latency, shortest hold and sharing. */
    public int overtakeBound(int latencyCycles, int minHoldCycles, Sharing sharing) {
        return fairness.bound(latencyCycles, minHoldCycles, sharing);
    }

    /** The derivation for a crash of node {@code crashed}, or null where none is given. */
    public Derived survivalAfter(Wiring wiring, Options options, int crashed) {
        return survival.after(wiring, options, crashed);
    }

    /** The algorithm's own settings for what a run offers. */
    public Options optionsFor(RunInputs inputs) {
        return options.from(inputs);
    }

    /** Starts a descriptor; name, description and factory are required. */
    public static Builder named(String name, String description) {
        return new Builder(name, description);
    }

    /** Fills a descriptor field by field, so that each algorithm's definition reads as a list. */
    public static final class Builder {
        private final String name;
        private final String description;
        private Factory factory;
        private Messages messages = n -> List.of();
        private Wires wires;
        private Fairness fairness = (l, h) -> NO_BOUND;
        private Claim claim = n -> null;
        private final Set<Feature> features = EnumSet.noneOf(Feature.class);
        private Family family;
        private Survival survival = (w, o, d) -> null;
        private OptionsReader options = in -> Options.NONE;
        private boolean starvationFree = true;
        private Wires sharedLines = n -> 0;

        private Builder(String name, String description) {
            this.name = name;
            this.description = description;
        }

        public Builder factory(Factory f) {
            factory = f;
            return this;
        }

        public Builder messages(Messages m) {
            messages = m;
            return this;
        }

        public Builder wires(Wires w) {
            wires = w;
            return this;
        }

        public Builder fairness(Fairness f) {
            fairness = f;
            return this;
        }

        public Builder claim(Claim c) {
            claim = c;
            return this;
        }

        public Builder family(Family f) {
            family = f;
            return this;
        }

        /** How the algorithm reads its settings from a run's inputs (none by default). */
        public Builder options(OptionsReader r) {
            options = r;
            return this;
        }

        public Builder survival(Survival s) {
            survival = s;
            return this;
        }

        /** The wired-OR lines shared by every node at n nodes (none by default). */
        public Builder sharedLines(Wires w) {
            sharedLines = w;
            return this;
        }

        /** It promises no freedom from starvation: priority by position lets a processor wait forever. */
        public Builder mayStarve() {
            starvationFree = false;
            return this;
        }

        public Builder features(Feature... f) {
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

    /** ⌈a / b⌉ for the fairness formulas, capped below {@link #NO_BOUND}. */
    public static int ceilDiv(long a, long b) {
        return (int) Math.min(NO_BOUND - 1, (a + b - 1) / b);
    }

    /** Bits of a node id at n nodes. */
    public static int idBits(int nodes) {
        return Math.max(1, 32 - Integer.numberOfLeadingZeros(nodes - 1));
    }
}
