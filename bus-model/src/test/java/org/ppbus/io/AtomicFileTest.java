package org.ppbus.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file is written whole or not at all, and no temporary sibling outlives a write. */
class AtomicFileTest {
    @Test
    void aWriteReplacesTheFileAndLeavesNothingBeside(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("r.json");
        Files.writeString(f, "old");
        AtomicFile.write(f, "new");
        assertEquals("new", Files.readString(f));
        assertEquals(List.of(f), Files.list(dir).toList());
    }

    @Test
    void aFailedWriteLeavesTheOldFileAndNoSibling(@TempDir Path dir) throws IOException {
        Path target = Files.createDirectories(dir.resolve("a-folder"));
        Files.writeString(target.resolve("inside"), "x");
        // Renaming a file over a non-empty folder fails: the write must fail whole.
        assertThrows(IOException.class, () -> AtomicFile.write(target, "new"));
        assertEquals(List.of(target), Files.list(dir).toList());
        assertFalse(Files.exists(AtomicFile.sibling(target)));
    }
}
