/** Writing files so that no reader ever sees half of one: the one home of ppbus's atomic writes. */
package org.ppbus.io;
