package org.ppbus.testkit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/** Reads waveforms with GTKWave's tools (vcd2fst, gtkwave on a virtual display). A test of the second stage ({@link ToolKind}). */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(ToolCheck.TOOL_TAG)
@Tag("waveform")
@ExtendWith(ToolCheck.class)
public @interface Waveform {}
