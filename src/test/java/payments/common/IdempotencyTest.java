package payments.common;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.TestSupport;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** Idempotency-Key behaviour, exercised through POST /tokens (which accepts the header). */
@QuarkusTest
class IdempotencyTest {

    private static Response createToken(String key, String name) {
        return api().header("Idempotency-Key", key).body(Map.of("name", name, "permissions", List.of("VIEW")))
                .post("/tokens");
    }

    @Test
    void replayReturnsTheFirstResponseByteForByte() {
        String key = UUID.randomUUID().toString();
        String name = "idem-" + key;
        Response first = createToken(key, name);
        Response second = createToken(key, name);
        assertEquals(201, first.statusCode());
        assertEquals(201, second.statusCode());
        assertArrayEquals(first.asByteArray(), second.asByteArray());
        api().queryParam("name", name).get("/tokens").then().body("totalCount", equalTo(1));
    }

    @Inject
    Pool pool;

    /** A stored answer that carries a secret is sealed at rest; the retry still gets the first response unchanged. */
    @Test
    void anAnswerCarryingASecretIsStoredSealed() {
        String key = UUID.randomUUID().toString();
        Response first = createToken(key, "sealed-" + key);
        String secret = first.jsonPath().getString("clientSecret");
        byte[] stored = pool.preparedQuery("SELECT body FROM idempotency_keys WHERE idem_key = $1").execute(Tuple.of(key))
                .await().indefinitely().iterator().next().getBuffer("body").getBytes();
        String atRest = new String(stored, java.nio.charset.StandardCharsets.UTF_8);
        assertFalse(atRest.contains(secret), "the client secret is not readable in idempotency_keys");
        assertTrue(atRest.startsWith("v1:"), atRest);
        assertArrayEquals(first.asByteArray(), createToken(key, "sealed-" + key).asByteArray());
    }

    /** Keys belong to the caller: another token sending the same key and body gets its own answer, never the first's secret. */
    @Test
    void anotherCallersSameKeyIsItsOwnRequest() {
        Response admin = api().body(Map.of("name", "second-admin-" + UUID.randomUUID(), "permissions", List.of("MANAGE", "VIEW")))
                .post("/tokens");
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = Map.of("name", "shared-key-" + key, "permissions", List.of("VIEW"));
        Response mine = api().header("Idempotency-Key", key).body(body).post("/tokens");
        Response theirs = TestSupport.apiAs(admin.jsonPath().getString("clientId"), admin.jsonPath().getString("clientSecret"))
                .header("Idempotency-Key", key).body(body).post("/tokens");
        assertEquals(201, theirs.statusCode(), theirs.asString());
        assertNotEquals(mine.jsonPath().getString("clientSecret"), theirs.jsonPath().getString("clientSecret"));
        assertNotEquals(mine.jsonPath().getString("id"), theirs.jsonPath().getString("id"));
    }

    @Test
    void sameKeyDifferentRequestIs409() {
        String key = UUID.randomUUID().toString();
        createToken(key, "idem-a-" + key).then().statusCode(201);
        createToken(key, "idem-b-" + key).then().statusCode(409).body("code", equalTo("CONFLICT")).body("details.idempotencyKey", equalTo("REUSED"));
    }

    /** The fingerprint is of the JSON's content: the same request with its keys in another order replays. */
    @Test
    void theSameRequestWithItsKeysReorderedReplaysTheFirstAnswer() {
        payments.MoneyFixtures.Holder payer = payments.MoneyFixtures.approvedCustomer(List.of("USD"));
        payments.MoneyFixtures.Holder payee = payments.MoneyFixtures.approvedCustomer(List.of("USD"));
        payments.MoneyFixtures.fund(payer.account("USD"), 1000);
        String source = payer.account("USD");
        String destination = payee.account("USD");
        String ordered = "{\"source\":{\"sourceType\":\"ACCOUNT\",\"accountId\":\"" + source + "\"},"
                + "\"destination\":{\"destinationType\":\"ACCOUNT\",\"accountId\":\"" + destination + "\"},"
                + "\"lockedCurrencySide\":\"SENDING\",\"lockedCurrencyAmount\":250,\"immediatelyExecute\":true}";
        String reordered = "{\"immediatelyExecute\":true,\"lockedCurrencyAmount\":250,\"lockedCurrencySide\":\"SENDING\","
                + "\"destination\":{\"accountId\":\"" + destination + "\",\"destinationType\":\"ACCOUNT\"},"
                + "\"source\":{\"accountId\":\"" + source + "\",\"sourceType\":\"ACCOUNT\"}}";
        String key = UUID.randomUUID().toString();

        Response first = api().header("Idempotency-Key", key).body(ordered).post("/quotes");
        Response second = api().header("Idempotency-Key", key).body(reordered).post("/quotes");

        assertEquals(201, first.statusCode(), first.asString());
        assertEquals(201, second.statusCode(), second.asString());
        assertArrayEquals(first.asByteArray(), second.asByteArray());
        assertEquals(750, payments.MoneyFixtures.totalBalance(source));
    }

    @Test
    void clientErrorsAreReplayedToo() {
        String key = UUID.randomUUID().toString();
        Response first = api().header("Idempotency-Key", key).body(Map.of("name", "", "permissions", List.of("VIEW"))).post("/tokens");
        Response second = api().header("Idempotency-Key", key).body(Map.of("name", "", "permissions", List.of("VIEW"))).post("/tokens");
        assertEquals(400, first.statusCode());
        assertEquals(400, second.statusCode());
        assertArrayEquals(first.asByteArray(), second.asByteArray());
    }

    @Test
    void keyLongerThan255IsRejected() {
        createToken("k".repeat(256), "too-long").then().statusCode(400)
                .body("details.errors[0].field", equalTo("Idempotency-Key"))
                .body("details.errors[0].constraint.maxLength", equalTo(255));
    }

    @Test
    void twentyConcurrentDuplicatesHaveExactlyOneEffect() throws Exception {
        String key = UUID.randomUUID().toString();
        String name = "idem-concurrent-" + key;
        ExecutorService pool = Executors.newFixedThreadPool(20);
        try {
            List<Callable<Response>> calls = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                calls.add(() -> createToken(key, name));
            }
            List<Response> responses = new ArrayList<>();
            for (Future<Response> future : pool.invokeAll(calls, 60, java.util.concurrent.TimeUnit.SECONDS)) {
                responses.add(future.get());
            }
            byte[] winner = null;
            for (Response response : responses) {
                assertTrue(response.statusCode() == 201 || response.statusCode() == 409, "status " + response.statusCode());
                if (response.statusCode() == 201) {
                    if (winner == null) {
                        winner = response.asByteArray();
                    }
                    assertArrayEquals(winner, response.asByteArray());
                } else {
                    assertEquals("IN_PROGRESS", response.jsonPath().getString("details.idempotencyKey"));
                }
            }
            assertTrue(winner != null);
            api().queryParam("name", name).get("/tokens").then().body("totalCount", equalTo(1));
            assertArrayEquals(winner, createToken(key, name).asByteArray());
        } finally {
            pool.shutdownNow();
        }
    }
}
