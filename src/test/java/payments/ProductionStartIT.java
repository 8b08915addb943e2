package payments;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged jar started in production mode the way an operator's first attempt goes: no database,
 * the Kubernetes example's placeholders, a mistyped rail route. It must not start the sandbox's
 * embedded database, and must name every problem in one plain message (not a JSON log line with a
 * stack trace), so one run shows all there is to fix.
 */
class ProductionStartIT {

    @Test
    void productionRefusesToStartNamingEveryProblemAtOnce() throws IOException, InterruptedException {
        Path folder = Files.createTempDirectory("production-start");
        ProcessBuilder start = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", Path.of("target/quarkus-app/quarkus-run.jar").toAbsolutePath().toString())
                .directory(folder.toFile()).redirectErrorStream(true);
        Map<String, String> environment = start.environment();
        environment.keySet().removeIf(name -> name.startsWith("SVC_") || name.startsWith("QUARKUS_"));
        environment.putAll(Map.of("SVC_MODE", "production", "SVC_API_CLIENT_ID", "change-me", "SVC_API_CLIENT_SECRET", "change-me",
                "SVC_SECRETS_KEY", "change-me", "SVC_COMPLIANCE_CLIENT_ID", "change-me-compliance",
                "SVC_RAILS_ROUTES", "ACH=nacha-files"));
        Process server = start.start();
        assertTrue(server.waitFor(120, TimeUnit.SECONDS), "the server stopped by itself");
        String output = new String(server.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertNotEquals(0, server.exitValue(), output);

        List<String> expected = List.of(
                "no database is configured: production never starts the embedded PostgreSQL",
                "SVC_SECRETS_KEY is not 32 bytes in base64",
                "neither SVC_UMA_DOMAIN nor SVC_PUBLIC_BASE_URL is set",
                "SVC_API_CLIENT_ID holds a placeholder",
                "SVC_API_CLIENT_SECRET holds a placeholder",
                "SVC_COMPLIANCE_CLIENT_ID holds a placeholder",
                "'nacha-files' is not a rail implementation this server runs");
        assertTrue(output.contains("The server cannot start: " + expected.size() + " settings need fixing."), output);
        for (String problem : expected) {
            assertTrue(output.contains(problem), "names: " + problem + "\n" + output);
        }
        assertFalse(output.contains("\"timestamp\""), "no JSON log line:\n" + output);
        assertFalse(output.contains("Exception"), "no stack trace:\n" + output);
        try (var left = Files.list(folder)) {
            assertEquals(List.of(), left.toList(), "no embedded database's data folder (nor anything else) was made");
        }
    }
}
