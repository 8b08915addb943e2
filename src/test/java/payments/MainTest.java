package payments;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Where a sandbox server started from the command line keeps the files it generates, unless named. */
class MainTest {

    @Test
    void theSandboxsFilesLiveBesideItsDatabase() {
        assertEquals(Map.of("sandbox-files.credentials", Path.of("data", "sandbox-credentials.env").toString(),
                        "sandbox-files.secrets-key", Path.of("data", "secrets.key").toString()),
                Main.sandboxFilesBeside(Path.of("data/postgres"), path -> false), "the README's layout");
        assertEquals(Map.of("sandbox-files.credentials", Path.of("/tmp/second/sandbox-credentials.env").toString(),
                        "sandbox-files.secrets-key", Path.of("/tmp/second/secrets.key").toString()),
                Main.sandboxFilesBeside(Path.of("/tmp/second/postgres"), path -> false), "a second server's own folder");
        assertEquals("sandbox-credentials.env", Main.sandboxFilesBeside(Path.of("pg2"), path -> false).get("sandbox-files.credentials"));
    }

    @Test
    void aDatabaseAnEarlierVersionRanElsewhereKeepsTheKeyThatSealedItsSecrets() {
        Set<Path> present = Set.of(Path.of("/tmp/second/postgres/PG_VERSION"), Path.of("data", "secrets.key"));
        assertEquals(Path.of("data", "secrets.key").toString(),
                Main.sandboxFilesBeside(Path.of("/tmp/second/postgres"), present::contains).get("sandbox-files.secrets-key"));
        Set<Path> fresh = Set.of(Path.of("data", "secrets.key"));
        assertEquals(Path.of("/tmp/second/secrets.key").toString(),
                Main.sandboxFilesBeside(Path.of("/tmp/second/postgres"), fresh::contains).get("sandbox-files.secrets-key"),
                "a new database gets its own key");
        Set<Path> both = Set.of(Path.of("/tmp/second/postgres/PG_VERSION"), Path.of("data", "secrets.key"), Path.of("/tmp/second/secrets.key"));
        assertEquals(Path.of("/tmp/second/secrets.key").toString(),
                Main.sandboxFilesBeside(Path.of("/tmp/second/postgres"), both::contains).get("sandbox-files.secrets-key"),
                "a key put beside it is its key");
    }
}
