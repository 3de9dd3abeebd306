package org.ppbus.testkit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/** Builds the RTL with Verilator (lint, co-simulation, testbenches). A test of the second stage ({@link ToolKind}). */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(ToolCheck.TOOL_TAG)
@Tag("verilator")
@ExtendWith(ToolCheck.class)
public @interface Verilator {}
