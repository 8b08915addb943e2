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

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.MoneyFixtures.assertLedgerClean;
import static payments.MoneyFixtures.awaitTransaction;
import static payments.MoneyFixtures.balance;
import static payments.MoneyFixtures.quoteBody;
import static payments.MoneyFixtures.totalBalance;
import static payments.MoneyFixtures.transferBody;
import static payments.TestSupport.api;

/** Money under parallel requests: no overdraft, no double effect. */
@QuarkusTest
class QuoteConcurrencyTest {

    @Inject
    Pool pool;

    private static <T> List<T> inParallel(int threads, List<Callable<T>> calls) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<T> results = new ArrayList<>();
            // A request still unanswered after a minute fails the test instead of hanging it.
            for (Future<T> future : pool.invokeAll(calls, 60, java.util.concurrent.TimeUnit.SECONDS)) {
                results.add(future.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void fiftyParallelExecutesDrainingOneAccountNeverOverdraw() throws Exception {
        MoneyFixtures.Parties parties = MoneyFixtures.fundedParties("USD", 1000);
        Holder payer = parties.payer();
        Holder payee = parties.payee();
        List<String> quotes = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            quotes.add(api().body(quoteBody(payer.account("USD"), payee.account("USD"), 100)).post("/quotes")
                    .then().statusCode(201).extract().path("id"));
        }
        List<Callable<Response>> executes = quotes.stream()
                .<Callable<Response>>map(id -> () -> api().post("/quotes/" + id + "/execute")).toList();
        assertTenPaidFortyRefused(payer, payee, inParallel(25, executes), 200);
    }

    /** The same race through POST /quotes with immediatelyExecute: these settle in batches (PaymentBatcher). */
    @Test
    void fiftyParallelImmediateTransfersDrainingOneAccountNeverOverdraw() throws Exception {
        MoneyFixtures.Parties parties = MoneyFixtures.fundedParties("USD", 1000);
        Holder payer = parties.payer();
        Holder payee = parties.payee();
        Map<String, Object> body = transferBody(payer.account("USD"), payee.account("USD"), 100);
        List<Callable<Response>> transfers = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            transfers.add(() -> api().body(body).post("/quotes"));
        }
        assertTenPaidFortyRefused(payer, payee, inParallel(50, transfers), 201);
    }

    /** 100 units each from an account holding 1000: exactly ten payments, the rest refused, nothing overdrawn. */
    private static void assertTenPaidFortyRefused(Holder payer, Holder payee, List<Response> responses, int paidStatus) {
        List<String> executed = new ArrayList<>();
        int refused = 0;
        for (Response response : responses) {
            if (response.statusCode() == paidStatus) {
                executed.add(response.jsonPath().getString("transactionId"));
            } else {
                assertEquals(400, response.statusCode(), response.asString());
                assertEquals("INSUFFICIENT_FUNDS", response.jsonPath().getString("code"));
                refused++;
            }
        }
        assertEquals(10, executed.size());
        assertEquals(40, refused);
        executed.forEach(id -> awaitTransaction(id, "COMPLETED"));
        assertEquals(0, balance(payer.account("USD")));
        assertEquals(0, totalBalance(payer.account("USD")));
        assertEquals(1000, balance(payee.account("USD")));
        assertLedgerClean();
    }

    /**
     * More concurrent payments than database connections: no request may hold a connection while it
     * waits for a second one (the platform settings were once read on their own connection inside a
     * payment's transaction, which deadlocked the pool; now these payments read with one query that
     * returns its connection before they wait for their batch, which commits on a connection of its own).
     */
    @Test
    void moreParallelPaymentsThanDatabaseConnectionsAllComplete() throws Exception {
        MoneyFixtures.Parties parties = MoneyFixtures.fundedParties("USD", 80);
        Holder payer = parties.payer();
        Holder payee = parties.payee();
        Map<String, Object> body = transferBody(payer.account("USD"), payee.account("USD"), 1);
        List<Callable<Integer>> calls = new ArrayList<>();
        for (int i = 0; i < 80; i++) {
            calls.add(() -> api().body(body).post("/quotes").statusCode());
        }
        List<Integer> statuses = inParallel(80, calls);
        assertEquals(java.util.Collections.nCopies(80, 201), statuses);
        assertEquals(0, balance(payer.account("USD")));
    }

    /**
     * An account frozen while a payment to it waits for its batch's lock: the payment was priced
     * while the account was active, and the batch reads the status again under the lock.
     */
    @Test
    void aPaymentToAnAccountFrozenWhileItsBatchWaitsForTheLockIsRefused() throws Exception {
        MoneyFixtures.Parties parties = MoneyFixtures.fundedParties("USD", 500);
        Holder payer = parties.payer();
        Holder payee = parties.payee();
        Map<String, Object> body = transferBody(payer.account("USD"), payee.account("USD"), 200);
        String payeeAccount = payee.account("USD");
        ExecutorService client = Executors.newSingleThreadExecutor();
        RowLocks locks = new RowLocks(pool);
        SqlConnection holder = locks.hold("internal_accounts", RowLocks.uuid(payeeAccount));
        Future<Response> transfer;
        try {
            transfer = client.submit(() -> api().body(body).post("/quotes"));
            locks.awaitWaiters(null, 1);
            holder.preparedQuery("UPDATE internal_accounts SET status = 'FROZEN' WHERE id = $1")
                    .execute(Tuple.of(RowLocks.uuid(payeeAccount))).await().indefinitely();
        } finally {
            RowLocks.release(holder);
        }
        Response response = transfer.get(60, java.util.concurrent.TimeUnit.SECONDS);
        client.shutdownNow();

        assertEquals(400, response.statusCode(), response.asString());
        assertEquals("INVALID_INPUT", response.jsonPath().getString("code"));
        assertEquals("destination.accountId", response.jsonPath().getString("details.errors[0].field"));
        assertEquals(500, balance(payer.account("USD")));
        assertEquals(0, totalBalance(payeeAccount));
        assertLedgerClean();
    }

    @Test
    void twentyParallelRequestsWithOneIdempotencyKeyMakeOneQuoteAndOneDebit() throws Exception {
        MoneyFixtures.Parties parties = MoneyFixtures.fundedParties("USD", 1000);
        Holder payer = parties.payer();
        Holder payee = parties.payee();
        Map<String, Object> body = transferBody(payer.account("USD"), payee.account("USD"), 300);
        String key = UUID.randomUUID().toString();
        List<Callable<Response>> calls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            calls.add(() -> api().header("Idempotency-Key", key).body(body).post("/quotes"));
        }
        List<Response> responses = inParallel(20, calls);

        Set<String> quoteIds = new HashSet<>();
        Set<String> bodies = new HashSet<>();
        for (Response response : responses) {
            if (response.statusCode() == 201) {
                quoteIds.add(response.jsonPath().getString("id"));
                bodies.add(response.asString());
            } else {
                // A duplicate that arrives while the first is still running is told to retry.
                assertEquals(409, response.statusCode(), response.asString());
                assertEquals("IN_PROGRESS", response.jsonPath().getString("details.idempotencyKey"));
            }
        }
        assertEquals(1, quoteIds.size());
        assertEquals(1, bodies.size(), "every replay is byte-equal to the first response");
        // A retry after the first finished gets the same quote back.
        Response replay = api().header("Idempotency-Key", key).body(body).post("/quotes");
        assertEquals(201, replay.statusCode());
        assertTrue(quoteIds.contains(replay.jsonPath().getString("id")));
        awaitTransaction(replay.jsonPath().getString("transactionId"), "COMPLETED");
        assertEquals(700, balance(payer.account("USD")));
        assertEquals(300, balance(payee.account("USD")));
        assertEquals(1, api().queryParam("customerId", payer.customerId()).queryParam("type", "OUTGOING")
                .get("/transactions").then().extract().jsonPath().getInt("totalCount"));

        // The same key on execute: one execution.
        io.restassured.path.json.JsonPath second = api().body(quoteBody(payer.account("USD"), payee.account("USD"), 100))
                .post("/quotes").then().statusCode(201).extract().jsonPath();
        String quoteId = second.getString("id");
        String executeKey = UUID.randomUUID().toString();
        List<Callable<Response>> executes = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            executes.add(() -> api().header("Idempotency-Key", executeKey).post("/quotes/" + quoteId + "/execute"));
        }
        Set<String> executed = new HashSet<>();
        for (Response response : inParallel(10, executes)) {
            if (response.statusCode() == 200) {
                executed.add(response.asString());
            } else {
                // Only a duplicate arriving while the first still runs may be turned away, and only so.
                assertEquals(409, response.statusCode(), response.asString());
                assertEquals("IN_PROGRESS", response.jsonPath().getString("details.idempotencyKey"));
            }
        }
        assertEquals(1, executed.size(), "one execution, every 200 byte-equal: " + executed);
        awaitTransaction(second.getString("transactionId"), "COMPLETED");
        assertEquals(600, balance(payer.account("USD")));
        assertEquals(600, totalBalance(payer.account("USD")));
        assertLedgerClean();
    }
}
