package payments.db;

import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import io.zonky.test.db.postgres.util.ArchUtils;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Command 1 runs on a developer's machine with only a JDK: the embedded PostgreSQL binaries ship for
 * Linux x86-64 and arm64 and macOS on Intel and Apple silicon, and the library picks the right one
 * from the platform's os.name and os.arch (what the JVM reports on each of those machines).
 */
class EmbeddedBinariesTest {

    /** The platforms README command 1 supports: the JVM's own os.arch names for each. */
    private static final List<String[]> PLATFORMS = List.of(
            new String[] {"Linux", "amd64"}, new String[] {"Linux", "aarch64"},
            new String[] {"Darwin", "x86_64"}, new String[] {"Darwin", "aarch64"});

    @Test
    void everySupportedPlatformFindsItsPostgresBinary() throws Exception {
        for (String[] platform : PLATFORMS) {
            String architecture = ArchUtils.normalize(platform[1]);
            try (InputStream binary = DefaultPostgresBinaryResolver.INSTANCE.getPgBinary(platform[0], architecture)) {
                assertNotNull(binary, platform[0] + " " + platform[1]);
                assertTrue(binary.read(new byte[6]) == 6, "a real archive for " + platform[0] + " " + platform[1]);
            }
        }
        assertEquals("arm_64", ArchUtils.normalize("aarch64"), "Apple silicon and Linux arm64 report aarch64");
    }
}
