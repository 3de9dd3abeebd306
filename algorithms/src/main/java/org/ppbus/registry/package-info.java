/** The one list of algorithms: help texts, commands and reports enumerate it. */
package org.ppbus.registry;
