package payments.transaction;

import io.quarkus.arc.Arc;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;
import payments.common.ErrorCode;
import payments.common.IdType;
import payments.common.Ids;

import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.MoneyFixtures.assertLedgerClean;
import static payments.MoneyFixtures.balance;
import static payments.MoneyFixtures.totalBalance;
import static payments.MoneyFixtures.transferBody;
import static payments.TestSupport.api;

/**
 * The rail port's one entry point: reports apply from the status they expect and a repeat changes
 * nothing. The payout here is the sandbox's slow one (its own report is six minutes away), so the
 * reports below are the only ones that reach it.
 */
@QuarkusTest
class RailReportsTest {

    /** A payer funded with EUR 100.00 and its slow payout of {@code amount} to a USD bank account, still PROCESSING. */
    private record SlowPayout(Holder payer, String transactionId, UUID id) {
        static SlowPayout of(long amount) {
            Holder payer = MoneyFixtures.approvedCustomer(List.of("EUR", "USD"));
            MoneyFixtures.fund(payer.account("EUR"), 10000);
            String bank = MoneyFixtures.externalUsdAccount(payer.customerId(), "003");
            String transactionId = api().body(transferBody(payer.account("EUR"), bank, amount)).post("/quotes")
                    .then().statusCode(201).extract().path("transactionId");
            return new SlowPayout(payer, transactionId, Ids.uuidOf(IdType.TRANSACTION, transactionId, ErrorCode.TRANSACTION_NOT_FOUND));
        }
    }

    @Test
    void eachReportAppliesOnceWhateverTheRepeats() throws Throwable {
        SlowPayout payout = SlowPayout.of(5000);
        Holder payer = payout.payer();
        String transactionId = payout.transactionId();
        UUID id = payout.id();
        assertEquals("PROCESSING", transaction(transactionId).getString("status"));
        assertEquals(5000, balance(payer.account("EUR")), "held");
        assertEquals(10000, totalBalance(payer.account("EUR")));

        assertTrue(report(RailReport.settled(id)));
        assertFalse(report(RailReport.settled(id)), "the same settlement twice");
        assertFalse(report(RailReport.failed(id, FailureReason.ACCOUNT_INVALID, RefundReason.TRANSACTION_FAILED)),
                "a failure after settlement is not a return");
        assertEquals("COMPLETED", transaction(transactionId).getString("status"));
        assertEquals(5000, totalBalance(payer.account("EUR")), "settled once");

        assertTrue(report(RailReport.returned(id)));
        assertFalse(report(RailReport.returned(id)), "the same return twice");
        assertFalse(report(RailReport.settled(id)), "a settlement after the return");
        JsonPath returned = transaction(transactionId);
        assertEquals("FAILED", returned.getString("status"));
        assertEquals("PAYOUT_RETURNED", returned.getString("failureReason"));
        assertEquals("COMPLETED", returned.getString("refund.status"));
        assertEquals("TRANSACTION_FAILED", returned.getString("refund.reason"));
        assertEquals(10000, balance(payer.account("EUR")), "refunded exactly once");
        assertEquals(List.of(1L, 1L, 1L), postings(id, "HOLD", "SETTLEMENT", "RETURN"));

        assertFalse(report(RailReport.settled(Ids.newUuid())), "a report about no payment");
        assertLedgerClean();
    }

    @Test
    void aFailureBeforeSettlementRefundsTheHold() throws Throwable {
        SlowPayout payout = SlowPayout.of(4000);
        Holder payer = payout.payer();
        String transactionId = payout.transactionId();
        UUID id = payout.id();

        RailReport rejected = RailReport.failed(id, FailureReason.ACCOUNT_CANNOT_RECEIVE, RefundReason.TRANSACTION_FAILED);
        assertTrue(report(rejected));
        assertFalse(report(rejected));
        assertFalse(report(RailReport.returned(id)), "nothing left to return");
        JsonPath failed = transaction(transactionId);
        assertEquals("FAILED", failed.getString("status"));
        assertEquals("ACCOUNT_CANNOT_RECEIVE", failed.getString("failureReason"));
        assertEquals(10000, balance(payer.account("EUR")));
        assertEquals(List.of(1L, 0L, 1L), postings(id, "HOLD", "SETTLEMENT", "RELEASE"));
        assertLedgerClean();
    }

    private static boolean report(RailReport report) throws Throwable {
        PaymentLifecycle lifecycle = Arc.container().instance(PaymentLifecycle.class).get();
        return VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(() -> lifecycle.report(report)));
    }

    private static JsonPath transaction(String transactionId) {
        return api().get("/transactions/" + transactionId).then().statusCode(200).extract().jsonPath();
    }

    private static List<Long> postings(UUID transactionId, String... kinds) {
        Pool pool = Arc.container().instance(Pool.class).get();
        return java.util.Arrays.stream(kinds).map(kind -> pool
                .preparedQuery("SELECT count(*) FROM ledger_transactions WHERE transaction_id = $1 AND kind = $2")
                .execute(Tuple.of(transactionId, kind)).await().indefinitely().iterator().next().getLong(0)).toList();
    }
}
