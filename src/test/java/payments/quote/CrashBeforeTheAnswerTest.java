package payments.quote;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;
import payments.RowLocks;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.MoneyFixtures.assertBalances;
import static payments.MoneyFixtures.assertLedgerClean;
import static payments.MoneyFixtures.balance;
import static payments.MoneyFixtures.totalBalance;
import static payments.MoneyFixtures.transferBody;
import static payments.TestSupport.api;

/**
 * The server dies after a payment's writes and before its answer is stored under the
 * Idempotency-Key, leaving the key's claim behind; the client retries. The death is staged in the
 * database: the answer's update is made to wait on a lock this test holds on the claim, and every
 * server session that then waits on it (the payment's transaction, then the release of the claim
 * after that failure) is terminated, as a crash would end them, so the claim stays IN_FLIGHT.
 */
@QuarkusTest
class CrashBeforeTheAnswerTest {

    @Inject
    Pool pool;

    @Test
    void aRetryAfterTheClaimsLeaseMakesOnePaymentAndOneDebit() throws Exception {
        MoneyFixtures.Parties parties = MoneyFixtures.fundedParties("USD", 1000);
        Holder payer = parties.payer();
        Holder payee = parties.payee();
        Map<String, Object> body = transferBody(payer.account("USD"), payee.account("USD"), 400);
        String key = "crash-" + UUID.randomUUID();

        ExecutorService client = Executors.newSingleThreadExecutor();
        RowLocks locks = new RowLocks(pool);
        // The payment's batch stops at the payer's row lock, after its claim was committed.
        SqlConnection payerRow = locks.hold("internal_accounts", RowLocks.uuid(payer.account("USD")));
        SqlConnection claimRow = pool.getConnection().await().indefinitely();
        try {
            Future<Response> first = client.submit(() -> api().header("Idempotency-Key", key).body(body).post("/quotes"));
            locks.awaitWaiters("internal_accounts", 1);
            claimRow.query("BEGIN").execute().await().indefinitely();
            assertEquals(1, claimRow.preparedQuery("SELECT state FROM idempotency_keys WHERE idem_key = $1 FOR UPDATE")
                    .execute(Tuple.of(key)).await().indefinitely().rowCount());
            RowLocks.release(payerRow);

            // Its writes are in; storing the answer waits on the claim: the server dies here.
            while (!first.isDone()) {
                locks.terminateWaitersOn("idempotency_keys");
                MoneyFixtures.sleep(50);
            }
            assertTrue(first.get(60, TimeUnit.SECONDS).statusCode() >= 500, first.get().asString());
        } finally {
            client.shutdownNow();
            RowLocks.release(claimRow);
        }
        assertEquals("IN_FLIGHT", claimState(key), "the claim outlives the crashed request");
        assertEquals(1000, totalBalance(payer.account("USD")), "the crash took the payment's writes with it");

        Response tooEarly = api().header("Idempotency-Key", key).body(body).post("/quotes");
        assertEquals(409, tooEarly.statusCode(), tooEarly.asString());
        assertEquals("IN_PROGRESS", tooEarly.jsonPath().getString("details.idempotencyKey"));

        api().body(Map.of("seconds", 301)).post("/sandbox/clock/advance").then().statusCode(200);
        Response retried = api().header("Idempotency-Key", key).body(body).post("/quotes");
        Response again = api().header("Idempotency-Key", key).body(body).post("/quotes");

        assertEquals(201, retried.statusCode(), retried.asString());
        assertEquals(retried.asString(), again.asString());
        MoneyFixtures.awaitTransaction(retried.jsonPath().getString("transactionId"), "COMPLETED");
        assertBalances(payer.account("USD"), 600, 600);
        assertEquals(400, balance(payee.account("USD")));
        assertEquals(1, api().queryParam("customerId", payer.customerId()).queryParam("type", "OUTGOING")
                .get("/transactions").then().extract().jsonPath().getInt("totalCount"));
        assertLedgerClean();
    }

    private String claimState(String key) {
        return pool.preparedQuery("SELECT state FROM idempotency_keys WHERE idem_key = $1").execute(Tuple.of(key))
                .await().indefinitely().iterator().next().getString(0);
    }
}
