package payments.transaction;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;
import payments.WebhookReceiver;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static payments.MoneyFixtures.assertLedgerClean;
import static payments.MoneyFixtures.awaitRefund;
import static payments.MoneyFixtures.awaitTransaction;
import static payments.MoneyFixtures.balance;
import static payments.MoneyFixtures.totalBalance;
import static payments.MoneyFixtures.transferBody;
import static payments.TestSupport.api;

/** The sandbox rail's outcomes, chosen by the last three characters of the payee's account number. */
@QuarkusTest
class SandboxRailTest {

    private WebhookReceiver receiver;

    @BeforeEach
    void listen() {
        receiver = WebhookReceiver.configured();
    }

    @AfterEach
    void stop() {
        receiver.disconnect();
    }

    /** A EUR payer funded with 10000 paying a USD bank account ending in {@code suffix} (the cross-currency table). */
    private record Payout(Holder payer, String transactionId) {
        String account() {
            return payer.account("EUR");
        }
    }

    private Payout crossCurrencyPayout(String suffix) {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("EUR", "USD"));
        MoneyFixtures.fund(payer.account("EUR"), 10000);
        String bank = MoneyFixtures.externalUsdAccount(payer.customerId(), suffix);
        Map<String, Object> body = transferBody(payer.account("EUR"), bank, 5000);
        String transactionId = api().body(body).post("/quotes").then().statusCode(201).extract().path("transactionId");
        return new Payout(payer, transactionId);
    }

    /**
     * The OUTGOING_PAYMENT event types of one transaction in the order they were recorded (webhook
     * ids are time-ordered), collected until {@code last} arrives. Delivery order itself is not
     * guaranteed, as with any at-least-once webhook stream.
     */
    private List<String> eventsOf(String transactionId, String last) throws Exception {
        List<JsonPath> events = new ArrayList<>();
        long deadline = System.nanoTime() + 15_000_000_000L;
        long settled = Long.MAX_VALUE;
        // After the last one, a second more for earlier events still in their delivery jobs.
        while (System.nanoTime() < Math.min(deadline, settled)) {
            if (settled == Long.MAX_VALUE && events.stream().anyMatch(e -> last.equals(e.getString("type")))) {
                settled = System.nanoTime() + 1_000_000_000L;
            }
            WebhookReceiver.Delivery delivery = receiver.next(1);
            if (delivery != null && delivery.body().contains(transactionId) && delivery.body().contains("\"OUTGOING_PAYMENT.")) {
                events.add(new JsonPath(delivery.body()));
            }
        }
        events.sort(java.util.Comparator.comparing(e -> e.getString("id")));
        return events.stream().map(e -> e.getString("type")).toList();
    }

    @Test
    void successfulPayoutSettlesToTheRail() throws Exception {
        Payout payout = crossCurrencyPayout("000");
        JsonPath done = awaitTransaction(payout.transactionId(), "COMPLETED");
        assertNull(done.get("refund"));
        assertEquals(List.of("OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.COMPLETED"),
                eventsOf(payout.transactionId(), "OUTGOING_PAYMENT.COMPLETED"));
        assertEquals(5000, balance(payout.account()));
        assertEquals(5000, totalBalance(payout.account()));
        assertLedgerClean();
    }

    @Test
    void executionFailureRefundsTheHold002() throws Exception {
        Payout payout = crossCurrencyPayout("002");
        JsonPath failed = awaitRefund(payout.transactionId(), "COMPLETED");
        assertEquals("FAILED", failed.getString("status"));
        assertEquals("QUOTE_EXECUTION_FAILED", failed.getString("failureReason"));
        assertEquals("TRANSACTION_FAILED", failed.getString("refund.reason"));
        assertEquals(List.of("OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.FAILED",
                "OUTGOING_PAYMENT.REFUND_PENDING", "OUTGOING_PAYMENT.REFUND_COMPLETED"),
                eventsOf(payout.transactionId(), "OUTGOING_PAYMENT.REFUND_COMPLETED"));
        assertEquals(10000, balance(payout.account()));
        assertEquals(10000, totalBalance(payout.account()));
        assertLedgerClean();
    }

    @Test
    void slowPayoutCompletesAfterSixMinutes003() {
        Payout payout = crossCurrencyPayout("003");
        MoneyFixtures.awaitJobsDone();
        assertEquals("PROCESSING", api().get("/transactions/" + payout.transactionId()).then().extract().path("status"));
        assertEquals(5000, balance(payout.account()));
        assertEquals(10000, totalBalance(payout.account()));
        api().body(Map.of("seconds", 361)).post("/sandbox/clock/advance").then().statusCode(200);
        awaitTransaction(payout.transactionId(), "COMPLETED");
        assertEquals(5000, totalBalance(payout.account()));
        assertLedgerClean();
    }

    @Test
    void deliveryFailureRefunds004() {
        Payout payout = crossCurrencyPayout("004");
        JsonPath failed = awaitRefund(payout.transactionId(), "COMPLETED");
        assertEquals("ACCOUNT_CANNOT_RECEIVE", failed.getString("failureReason"));
        assertEquals(10000, balance(payout.account()));
        assertLedgerClean();
    }

    @Test
    void returnedPayoutFailsAfterCompletingAndRefunds005() throws Exception {
        Payout payout = crossCurrencyPayout("005");
        awaitTransaction(payout.transactionId(), "COMPLETED");
        assertEquals(5000, balance(payout.account()));
        api().body(Map.of("seconds", 61)).post("/sandbox/clock/advance").then().statusCode(200);
        JsonPath returned = awaitRefund(payout.transactionId(), "COMPLETED");
        assertEquals("FAILED", returned.getString("status"));
        assertEquals("PAYOUT_RETURNED", returned.getString("failureReason"));
        assertEquals(List.of("OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.COMPLETED",
                "OUTGOING_PAYMENT.FAILED", "OUTGOING_PAYMENT.REFUND_PENDING", "OUTGOING_PAYMENT.REFUND_COMPLETED"),
                eventsOf(payout.transactionId(), "OUTGOING_PAYMENT.REFUND_COMPLETED"));
        assertEquals(10000, balance(payout.account()));
        assertLedgerClean();
    }

    @Test
    void userCancellationRefundsButTheTransactionStaysCompleted006() throws Exception {
        Payout payout = crossCurrencyPayout("006");
        JsonPath done = awaitRefund(payout.transactionId(), "COMPLETED");
        assertEquals("COMPLETED", done.getString("status"));
        assertEquals("USER_CANCELLATION", done.getString("refund.reason"));
        assertEquals(List.of("OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.REFUND_PENDING",
                "OUTGOING_PAYMENT.REFUND_COMPLETED", "OUTGOING_PAYMENT.COMPLETED"),
                eventsOf(payout.transactionId(), "OUTGOING_PAYMENT.COMPLETED"));
        assertEquals(10000, balance(payout.account()));
        assertLedgerClean();
    }

    @Test
    void failedRefundLeavesTheMoneyInSuspense007() {
        Payout payout = crossCurrencyPayout("007");
        JsonPath failed = awaitRefund(payout.transactionId(), "FAILED");
        assertEquals("FAILED", failed.getString("status"));
        // A refund that failed never settled: no settledAt (issue 32).
        org.junit.jupiter.api.Assertions.assertNull(failed.getString("refund.settledAt"));
        assertEquals("FAILED", failed.getString("refund.status"));
        assertEquals(5000, balance(payout.account()));
        assertEquals(5000, totalBalance(payout.account()));
        assertLedgerClean();
    }

    /** A payout to a crypto wallet carries its on-chain transaction once settled; a bank payout does not. */
    @Test
    void aSettledWalletPayoutCarriesItsOnChainTransaction() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USDC"));
        MoneyFixtures.fund(payer.account("USDC"), 5_000_000);
        String wallet = api().body(Map.of("customerId", payer.customerId(), "currency", "USDC",
                        "accountInfo", Map.of("accountType", "SOLANA_WALLET", "address", "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV")))
                .post("/customers/external-accounts").then().statusCode(201).extract().path("id");
        String transactionId = api().body(transferBody(payer.account("USDC"), wallet, 1_000_000)).post("/quotes").then().statusCode(201)
                .extract().path("transactionId");
        JsonPath settled = awaitTransaction(transactionId, "COMPLETED");
        assertEquals("SOLANA", settled.getString("destination.onChainTransaction.network"));
        String hash = settled.getString("destination.onChainTransaction.transactionHash");
        org.junit.jupiter.api.Assertions.assertNotNull(hash);
        assertEquals(hash, settled.getString("reconciliationInstructions.transactionHash"), "the deprecated field still answers");

        Holder usd = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(usd.account("USD"), 5_000);
        String bank = MoneyFixtures.externalUsdAccount(usd.customerId(), "000");
        String bankPayout = api().body(transferBody(usd.account("USD"), bank, 1_000)).post("/quotes").then().statusCode(201)
                .extract().path("transactionId");
        JsonPath toBank = awaitTransaction(bankPayout, "COMPLETED");
        assertNull(toBank.get("destination.onChainTransaction"));
        assertNull(toBank.get("reconciliationInstructions.transactionHash"));
    }

    @Test
    void sameCurrencyPayoutsUseTheTransferTable() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 10000);
        Map<String, String> expected = Map.of("002", "QUOTE_EXECUTION_FAILED", "003", "ACCOUNT_INVALID",
                "004", "ACCOUNT_CANNOT_RECEIVE");
        expected.forEach((suffix, reason) -> {
            String bank = MoneyFixtures.externalUsdAccount(payer.customerId(), suffix);
            Map<String, Object> body = transferBody(payer.account("USD"), bank, 1000);
            String transactionId = api().body(body).post("/quotes").then().statusCode(201).extract().path("transactionId");
            assertEquals(reason, awaitRefund(transactionId, "COMPLETED").getString("failureReason"));
        });
        // 005: pending about 30 seconds, then it times out and is refunded.
        String slow = MoneyFixtures.externalUsdAccount(payer.customerId(), "005");
        Map<String, Object> body = transferBody(payer.account("USD"), slow, 1000);
        String transactionId = api().body(body).post("/quotes").then().statusCode(201).extract().path("transactionId");
        MoneyFixtures.awaitJobsDone();
        assertEquals("PROCESSING", api().get("/transactions/" + transactionId).then().extract().path("status"));
        api().body(Map.of("seconds", 31)).post("/sandbox/clock/advance").then().statusCode(200);
        assertEquals("TIMEOUT", awaitRefund(transactionId, "COMPLETED").getString("refund.reason"));
        assertEquals(10000, balance(payer.account("USD")));
        assertLedgerClean();
    }
}
