package payments.platform;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static payments.TestSupport.api;
import static payments.TestSupport.apiAs;

/** The operator's token from the environment: created, never printed, and never brought back once deleted. */
@QuarkusTest
class BootstrapCredentialsTest {

    @Inject
    BootstrapCredentials bootstrap;

    @org.eclipse.microprofile.config.inject.ConfigProperty(name = "svc.sandbox-credentials-file")
    String credentialsFile;

    @Test
    void aTokenGivenThroughTheEnvironmentIsNotPrintedAndStaysDeletedOnceDeleted() {
        String clientId = "operator-" + UUID.randomUUID();

        BootstrapCredentials.Bootstrapped first = bootstrap.ensureToken(Optional.of(clientId), Optional.of("first-secret"));

        assertEquals(clientId, first.clientId());
        assertNull(first.newSecret(), "a secret the server did not generate is never printed");
        apiAs(clientId, "first-secret").get("/config").then().statusCode(200);

        // A restart with a new secret rotates it (once the one-second RecentTokens memory of the old one is over).
        bootstrap.ensureToken(Optional.of(clientId), Optional.of("second-secret"));
        payments.MoneyFixtures.sleep(1100);
        apiAs(clientId, "first-secret").get("/config").then().statusCode(401);
        apiAs(clientId, "second-secret").get("/config").then().statusCode(200);

        List<Map<String, Object>> tokens = api().queryParam("limit", 100).get("/tokens").then().statusCode(200)
                .extract().jsonPath().getList("data");
        Object id = tokens.stream().filter(token -> clientId.equals(token.get("clientId"))).findFirst().orElseThrow().get("id");
        api().delete("/tokens/" + id).then().statusCode(204);

        BootstrapCredentials.Bootstrapped afterRestart = bootstrap.ensureToken(Optional.of(clientId), Optional.of("second-secret"));

        assertNull(afterRestart.clientId());
        apiAs(clientId, "second-secret").get("/config").then().statusCode(401);
    }

    /**
     * A restart rewrites the saved credentials file with the base URL it serves now, once it listens
     * (the walkthrough reads it), readable by its owner only.
     */
    @Test
    void aRestartRewritesTheCredentialsFileWithTheCurrentBaseUrlOwnerOnly() throws Exception {
        java.nio.file.Path path = java.nio.file.Path.of(credentialsFile);
        java.nio.file.Files.createDirectories(path.toAbsolutePath().getParent());
        java.nio.file.Files.writeString(path, "SVC_API_CLIENT_ID=" + payments.TestSupport.CLIENT_ID + "\nSVC_API_CLIENT_SECRET="
                + payments.TestSupport.CLIENT_SECRET + "\nSVC_BASE_URL=http://localhost:1/stale\n");
        java.nio.file.Files.setPosixFilePermissions(path, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));

        BootstrapCredentials.Bootstrapped started = bootstrap.ensureToken(Optional.empty(), Optional.empty());
        bootstrap.listening(listeningNow());

        assertEquals(payments.TestSupport.CLIENT_ID, started.clientId());
        java.util.Properties saved = new java.util.Properties();
        try (var reader = java.nio.file.Files.newBufferedReader(path)) {
            saved.load(reader);
        }
        assertEquals(payments.TestSupport.CLIENT_SECRET, saved.getProperty("SVC_API_CLIENT_SECRET"));
        String baseUrl = saved.getProperty("SVC_BASE_URL");
        org.junit.jupiter.api.Assertions.assertTrue(baseUrl.startsWith("http://localhost:") && !baseUrl.contains("stale"), baseUrl);
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(java.nio.file.Files.getPosixFilePermissions(path)));
    }

    /** A restart rewrites only its own keys: lines a user added (listen's VIEW token) survive it. */
    @Test
    void aRestartKeepsTheLinesOfTheCredentialsFileItDoesNotWrite() throws Exception {
        java.nio.file.Path path = java.nio.file.Path.of(credentialsFile);
        java.nio.file.Files.createDirectories(path.toAbsolutePath().getParent());
        java.nio.file.Files.writeString(path, "SVC_API_CLIENT_ID=" + payments.TestSupport.CLIENT_ID + "\nSVC_API_CLIENT_SECRET="
                + payments.TestSupport.CLIENT_SECRET + "\nSVC_BASE_URL=http://localhost:1/stale\n# listen's token\n"
                + "SVC_VIEW_CLIENT_ID=viewer\nSVC_VIEW_CLIENT_SECRET=reads-only\n");

        bootstrap.ensureToken(Optional.empty(), Optional.empty());
        bootstrap.listening(listeningNow());

        String text = java.nio.file.Files.readString(path);
        java.util.Properties saved = new java.util.Properties();
        saved.load(new java.io.StringReader(text));
        assertEquals("viewer", saved.getProperty("SVC_VIEW_CLIENT_ID"));
        assertEquals("reads-only", saved.getProperty("SVC_VIEW_CLIENT_SECRET"));
        assertEquals(payments.TestSupport.CLIENT_SECRET, saved.getProperty("SVC_API_CLIENT_SECRET"));
        org.junit.jupiter.api.Assertions.assertTrue(text.contains("# listen's token") && !text.contains("stale"), text);
        assertEquals(1, text.split("SVC_BASE_URL=", -1).length - 1, text);
    }

    /** Tokens exist (the test suite's own), so a start without credentials generates none. */
    @Test
    void aStartWithoutCredentialsGeneratesATokenOnlyOnAFreshDatabase() {
        long before = tokenCount();

        BootstrapCredentials.Bootstrapped started = bootstrap.ensureToken(Optional.empty(), Optional.empty());

        assertNull(started.newSecret());
        assertEquals(before, tokenCount());
    }

    /** The HTTP server's start, as Quarkus announces it once listening. */
    private static io.quarkus.vertx.http.HttpServerStart listeningNow() {
        return new io.quarkus.vertx.http.HttpServerStart(new io.vertx.core.http.HttpServerOptions().setHost("0.0.0.0").setPort(8081));
    }

    private static long tokenCount() {
        return api().queryParam("limit", 1).get("/tokens").then().statusCode(200).extract().jsonPath().getLong("totalCount");
    }
}
