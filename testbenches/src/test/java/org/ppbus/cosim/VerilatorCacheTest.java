package org.ppbus.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cache loads only what it built: a planted or changed library is rebuilt, never loaded. */
class VerilatorCacheTest {
    @BeforeAll
    static void tools() {
        CosimTest.requireVerilator();
    }

    @Test
    void aTamperedEntryIsNotTrustedAndAPlantedOneIsRebuilt(@TempDir Path cache) throws IOException {
        Path lib = VerilatorLibrary.build("campos-carvalho", 3, 1, cache);
        Path dir = lib.getParent();
        assertTrue(VerilatorLibrary.trusted(dir));
        String built = VerilatorLibrary.sha256(lib);
        assertEquals(built, Files.readString(dir.resolve(VerilatorLibrary.DIGEST)).trim());

        // Writable by others: anyone could swap the code in.
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(lib);
        Files.setPosixFilePermissions(lib, union(perms, PosixFilePermission.OTHERS_WRITE));
        assertFalse(VerilatorLibrary.trusted(dir));
        Files.setPosixFilePermissions(lib, perms);
        assertTrue(VerilatorLibrary.trusted(dir));

        // One byte more: the digest no longer matches.
        byte[] original = Files.readAllBytes(lib);
        Files.write(lib, new byte[] {0}, StandardOpenOption.APPEND);
        assertFalse(VerilatorLibrary.trusted(dir));
        Files.write(lib, original);

        // A file planted under the expected name, with no record of ours: rebuilt before any load.
        Files.delete(dir.resolve(VerilatorLibrary.DIGEST));
        Files.writeString(lib, "not the library ppbus built");
        assertFalse(VerilatorLibrary.trusted(dir));
        Path again = VerilatorLibrary.build("campos-carvalho", 3, 1, cache);
        assertEquals(lib, again);
        assertEquals(built.length(), VerilatorLibrary.sha256(again).length());
        assertNotEquals("not the library ppbus built", new String(Files.readAllBytes(again), java.nio.charset.StandardCharsets.ISO_8859_1));
        assertTrue(VerilatorLibrary.trusted(dir));
    }

    private static Set<PosixFilePermission> union(Set<PosixFilePermission> a, PosixFilePermission b) {
        java.util.EnumSet<PosixFilePermission> s = java.util.EnumSet.copyOf(a);
        s.add(b);
        return s;
    }
}
