package payments.transaction;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.RowLocks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static payments.MoneyFixtures.transferBody;
import static payments.TestSupport.api;

/** The payment batch's queue is bounded: past it a payment is pushed back with 503, and its key stays free. */
@QuarkusTest
@TestProfile(BatchBackPressureTest.TwoWaiting.class)
class BatchBackPressureTest {

    public static class TwoWaiting implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("svc.batching.max-waiting", "2");
        }
    }

    @Inject
    Pool pool;

    @Inject
    PaymentBatcher batcher;

    @Test
    void aPaymentPastAFullQueueGets503WithRetryAfterAndItsKeyRunsLater() throws Exception {
        MoneyFixtures.Parties parties = MoneyFixtures.fundedParties("USD", 1000);
        String payer = parties.payer().account("USD");
        Map<String, Object> body = transferBody(payer, parties.payee().account("USD"), 100);
        ExecutorService client = Executors.newFixedThreadPool(3);
        List<Future<Response>> accepted = new ArrayList<>();
        RowLocks locks = new RowLocks(pool);
        SqlConnection payerRow = locks.hold("internal_accounts", RowLocks.uuid(payer));
        String pushedBackKey = "pushed-back-" + UUID.randomUUID();
        Response pushedBack;
        try {
            // The first payment's batch waits on the payer's row; the next two wait for a batch.
            accepted.add(client.submit(() -> api().body(body).post("/quotes")));
            locks.awaitWaiters("internal_accounts", 1);
            for (int i = 0; i < 2; i++) {
                accepted.add(client.submit(() -> api().body(body).post("/quotes")));
            }
            for (int i = 0; i < 400 && batcher.waiting() < 2; i++) {
                MoneyFixtures.sleep(50);
            }
            assertEquals(2, batcher.waiting());

            pushedBack = api().header("Idempotency-Key", pushedBackKey).body(body).post("/quotes");
        } finally {
            RowLocks.release(payerRow);
        }
        for (Future<Response> response : accepted) {
            assertEquals(201, response.get(60, TimeUnit.SECONDS).statusCode());
        }
        client.shutdownNow();

        assertEquals(503, pushedBack.statusCode(), pushedBack.asString());
        assertEquals("SERVICE_UNAVAILABLE", pushedBack.jsonPath().getString("code"));
        assertEquals("1", pushedBack.header("Retry-After"));
        Response retried = api().header("Idempotency-Key", pushedBackKey).body(body).post("/quotes");
        assertEquals(201, retried.statusCode(), retried.asString());
        MoneyFixtures.awaitTransaction(retried.jsonPath().getString("transactionId"), "COMPLETED");
        MoneyFixtures.assertBalances(payer, 600, 600);
        MoneyFixtures.assertLedgerClean();
    }
}
