/**
 * The descriptor of an algorithm and its parts: {@code Algorithm} (built by {@code
 * AlgorithmBuilder}) says what ppbus knows of one algorithm, so that no tool switches on its name:
 * its factory ({@code Factory}, given a {@code Setting}), its messages ({@code Messages}, {@code
 * MessageKind}), wires ({@code Wires}), fairness bound ({@code Fairness}), the seed's claimed cost
 * ({@code Claim}, {@code Cost}), its features and family, what a crash leaves served ({@code
 * Survival}, {@code CrashDerivation}) and its own settings ({@code AlgorithmOptions}, read from the
 * run's {@code RunInputs}). A plug-in author reads this package and {@code
 * protocol.baseline.parts.MessagePassingFabric}.
 */
package org.ppbus.protocol.descriptor;
