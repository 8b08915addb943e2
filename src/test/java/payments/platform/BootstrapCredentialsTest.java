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

    /** Tokens exist (the test suite's own), so a start without credentials generates none. */
    @Test
    void aStartWithoutCredentialsGeneratesATokenOnlyOnAFreshDatabase() {
        long before = tokenCount();

        BootstrapCredentials.Bootstrapped started = bootstrap.ensureToken(Optional.empty(), Optional.empty());

        assertNull(started.newSecret());
        assertEquals(before, tokenCount());
    }

    private static long tokenCount() {
        return api().queryParam("limit", 1).get("/tokens").then().statusCode(200).extract().jsonPath().getLong("totalCount");
    }
}
