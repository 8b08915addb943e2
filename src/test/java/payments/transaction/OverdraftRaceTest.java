package payments.transaction;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;
import payments.MoneyFixtures.Parties;
import payments.RowLocks;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/**
 * No overdraft when something else debits the same account at the same time: another instance's
 * payment (played here by a transaction of the test's own that holds the account row), and card
 * pulls racing batched transfers on one nearly empty account. Each ends with the ledger audit.
 */
@QuarkusTest
class OverdraftRaceTest {

    @Inject
    Pool pool;

    private static UUID uuid(String wireId) {
        return UUID.fromString(wireId.substring(wireId.indexOf(':') + 1));
    }

    /**
     * Another instance debits 600 of 1,000 and has not committed; this instance's batch then takes
     * 600 more. The batch must read the balance under the row lock (after the other commits) and
     * refuse, not apply 600 to the 1,000 it read before and write a balance that hides a debit.
     */
    @Test
    void aBatchWaitsForAnotherInstancesDebitOfTheSameAccount() throws Exception {
        Parties parties = MoneyFixtures.fundedParties("USD", 1_000);
        String source = parties.payer().account("USD");
        UUID sourceId = uuid(source);
        SqlConnection otherInstance = new RowLocks(pool).hold("internal_accounts", sourceId);
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        UUID posting = UUID.randomUUID();
        otherInstance.preparedQuery("UPDATE internal_accounts SET available_balance = available_balance - 600,"
                + " total_balance = total_balance - 600 WHERE id = $1").execute(Tuple.of(sourceId)).await().indefinitely();
        otherInstance.preparedQuery("INSERT INTO ledger_transactions (id, kind, transaction_id, created_at) VALUES ($1, 'TEST_OTHER_INSTANCE', NULL, $2)")
                .execute(Tuple.of(posting, now)).await().indefinitely();
        otherInstance.preparedQuery("""
                        INSERT INTO ledger_entries (id, ledger_transaction_id, account_id, system_account, bucket, currency, amount, created_at)
                        VALUES ($1, $3, $4, NULL, 'AVAILABLE', 'USD', -600, $5), ($2, $3, NULL, 'SANDBOX_FUNDING', 'AVAILABLE', 'USD', 600, $5)""")
                .execute(Tuple.of(UUID.randomUUID(), UUID.randomUUID(), posting, sourceId, now)).await().indefinitely();

        CompletableFuture<Response> transfer = CompletableFuture.supplyAsync(() ->
                api().body(MoneyFixtures.transferBody(source, parties.payee().account("USD"), 600)).post("/quotes"));
        new RowLocks(pool).awaitWaiters("internal_accounts", 1);
        RowLocks.release(otherInstance);

        Response answer = transfer.get();
        assertEquals(400, answer.statusCode(), answer.asString());
        assertEquals("INSUFFICIENT_FUNDS", answer.jsonPath().getString("code"));
        MoneyFixtures.assertBalances(source, 400, 400);
        MoneyFixtures.assertLedgerClean();
    }

    /** Card authorizations and batched transfers race on one account holding less than they ask together. */
    @Test
    void cardPullsRacingTransfersNeverOverdrawTheAccount() throws Exception {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Parties parties = new Parties(payer, MoneyFixtures.approvedCustomer(List.of("USD")));
        String account = payer.account("USD");
        String cardId = api().header("Idempotency-Key", UUID.randomUUID().toString())
                .body(Map.of("customerId", payer.customerId(), "form", "VIRTUAL", "fundingSource", account))
                .post("/cards").then().statusCode(201).extract().path("id");
        for (int i = 0; i < 100 && !"ACTIVE".equals(api().get("/cards/" + cardId).then().extract().path("status")); i++) {
            MoneyFixtures.sleep(100);
        }
        MoneyFixtures.fund(account, 10_000);
        int each = 40;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(2 * each);
        List<Future<Boolean>> transfers = new ArrayList<>();
        List<Future<Boolean>> pulls = new ArrayList<>();
        try {
            for (int i = 0; i < each; i++) {
                transfers.add(threads.submit(awaiting(start, () -> api().body(MoneyFixtures.transferBody(account,
                        parties.payee().account("USD"), 300)).post("/quotes").statusCode() == 201)));
                pulls.add(threads.submit(awaiting(start, () -> "AUTHORIZED".equals(api().body(Map.of("amount", 300,
                                "currency", Map.of("code", "USD"), "merchant", Map.of("descriptor", "RACE", "mcc", "5814", "country", "US")))
                        .post("/sandbox/cards/" + cardId + "/simulate/authorization").then().statusCode(200).extract().path("status")))));
            }
            start.countDown();
            long moved = 0;
            for (Future<Boolean> done : transfers) {
                moved += done.get() ? 300 : 0;
            }
            for (Future<Boolean> done : pulls) {
                moved += done.get() ? 300 : 0;
            }
            assertEquals(10_000 - 10_000 % 300, moved, "as much as the account held moved, and no more");
            MoneyFixtures.assertBalances(account, 10_000 % 300, 10_000 % 300);
            assertTrue(MoneyFixtures.balance(account) >= 0);
            MoneyFixtures.assertLedgerClean();
        } finally {
            threads.shutdownNow();
        }
    }

    private static <T> Callable<T> awaiting(CountDownLatch start, Callable<T> call) {
        return () -> {
            start.await();
            return call.call();
        };
    }
}
