package payments;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Where a sandbox server started from the command line keeps the files it generates. */
class MainTest {

    private static final Map<String, String> NONE = Map.of();

    @Test
    void theSandboxsFilesLiveBesideItsDatabase() {
        assertEquals(Map.of("svc.sandbox-credentials-file", Path.of("data", "sandbox-credentials.env").toString(),
                        "svc.sandbox-secrets-key-file", Path.of("data", "secrets.key").toString()),
                Main.sandboxFilesBeside(Path.of("data/postgres"), NONE::get, NONE::get, path -> false), "the README's layout");
        assertEquals(Map.of("svc.sandbox-credentials-file", Path.of("/tmp/second/sandbox-credentials.env").toString(),
                        "svc.sandbox-secrets-key-file", Path.of("/tmp/second/secrets.key").toString()),
                Main.sandboxFilesBeside(Path.of("/tmp/second/postgres"), NONE::get, NONE::get, path -> false), "a second server's own folder");
        assertEquals("sandbox-credentials.env", Main.sandboxFilesBeside(Path.of("pg2"), NONE::get, NONE::get, path -> false).get("svc.sandbox-credentials-file"));
    }

    @Test
    void aFileTheOperatorNamedIsKept() {
        Map<String, String> env = Map.of("SVC_SANDBOX_CREDENTIALS_FILE", "/etc/creds.env");
        Map<String, String> properties = Map.of("svc.sandbox-secrets-key-file", "/etc/key");
        assertEquals(Map.of(), Main.sandboxFilesBeside(Path.of("/tmp/second/postgres"), env::get, properties::get, path -> false));
        assertEquals(Map.of("svc.sandbox-secrets-key-file", Path.of("/tmp/second/secrets.key").toString()),
                Main.sandboxFilesBeside(Path.of("/tmp/second/postgres"), env::get, NONE::get, path -> false));
    }

    @Test
    void aDatabaseAnEarlierVersionRanElsewhereKeepsTheKeyThatSealedItsSecrets() {
        java.util.Set<Path> present = java.util.Set.of(Path.of("/tmp/second/postgres/PG_VERSION"), Path.of("data", "secrets.key"));
        assertEquals(Path.of("data", "secrets.key").toString(), Main.sandboxFilesBeside(Path.of("/tmp/second/postgres"), NONE::get, NONE::get,
                present::contains).get("svc.sandbox-secrets-key-file"));
        java.util.Set<Path> fresh = java.util.Set.of(Path.of("data", "secrets.key"));
        assertEquals(Path.of("/tmp/second/secrets.key").toString(), Main.sandboxFilesBeside(Path.of("/tmp/second/postgres"), NONE::get, NONE::get,
                fresh::contains).get("svc.sandbox-secrets-key-file"), "a new database gets its own key");
    }
}
