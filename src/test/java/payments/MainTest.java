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
                Main.sandboxFilesBeside(Path.of("data/postgres"), NONE::get, NONE::get), "the README's layout");
        assertEquals(Map.of("svc.sandbox-credentials-file", Path.of("/tmp/second/sandbox-credentials.env").toString(),
                        "svc.sandbox-secrets-key-file", Path.of("/tmp/second/secrets.key").toString()),
                Main.sandboxFilesBeside(Path.of("/tmp/second/postgres"), NONE::get, NONE::get), "a second server's own folder");
        assertEquals("sandbox-credentials.env", Main.sandboxFilesBeside(Path.of("pg2"), NONE::get, NONE::get).get("svc.sandbox-credentials-file"));
    }

    @Test
    void aFileTheOperatorNamedIsKept() {
        Map<String, String> env = Map.of("SVC_SANDBOX_CREDENTIALS_FILE", "/etc/creds.env");
        Map<String, String> properties = Map.of("svc.sandbox-secrets-key-file", "/etc/key");
        assertEquals(Map.of(), Main.sandboxFilesBeside(Path.of("/tmp/second/postgres"), env::get, properties::get));
        assertEquals(Map.of("svc.sandbox-secrets-key-file", Path.of("/tmp/second/secrets.key").toString()),
                Main.sandboxFilesBeside(Path.of("/tmp/second/postgres"), env::get, NONE::get));
    }
}
