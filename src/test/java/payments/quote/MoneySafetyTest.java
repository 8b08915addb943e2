package payments.quote;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures.Holder;
import payments.MoneyFixtures;
import payments.RowLocks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static payments.MoneyFixtures.assertBalances;
import static payments.MoneyFixtures.assertLedgerClean;
import static payments.MoneyFixtures.quoteBody;
import static payments.MoneyFixtures.totalBalance;
import static payments.MoneyFixtures.transferBody;
import static payments.TestSupport.api;

/**
 * Money may only reach an account that can receive it and leave one whose owner may send it: the
 * payee is checked again when the quote executes and when the payment settles, embedded wallets
 * move only with their owner's signature, and deleted customers neither send nor receive.
 */
@QuarkusTest
class MoneySafetyTest {

    @Inject
    Pool pool;

    private static String quoteTo(Holder payer, String payeeAccount, long amount) {
        return api().body(quoteBody(payer.account("USD"), payeeAccount, amount)).post("/quotes")
                .then().statusCode(201).extract().path("id");
    }

    private static void setStatus(String accountId, String status) {
        api().body(Map.of("status", status)).patch("/internal-accounts/" + accountId).then().statusCode(200);
    }

    @Test
    void executingAQuoteWhosePayeeWasClosedOrFrozenIsRefusedWithNothingHeld() {
        for (String status : List.of("CLOSED", "FROZEN")) {
            MoneyFixtures.Parties parties = MoneyFixtures.fundedParties("USD", 1000);
            Holder payer = parties.payer();
            Holder payee = parties.payee();
            String quoteId = quoteTo(payer, payee.account("USD"), 300);
            setStatus(payee.account("USD"), status);

            Response executed = api().post("/quotes/" + quoteId + "/execute");

            assertEquals(400, executed.statusCode(), executed.asString());
            assertEquals("INVALID_INPUT", executed.jsonPath().getString("code"));
            assertEquals("destination.accountId", executed.jsonPath().getString("details.errors[0].field"));
            JsonPath quote = api().get("/quotes/" + quoteId).then().statusCode(200).extract().jsonPath();
            assertEquals("PENDING", quote.getString("status"), status);
            assertEquals("PENDING", api().get("/transactions/" + quote.getString("transactionId")).then().extract().path("status"));
            assertBalances(payer.account("USD"), 1000, 1000);
            assertEquals(0, totalBalance(payee.account("USD")));
        }
        assertLedgerClean();
    }

    /**
     * The payee closes after the hold and before the settlement job credits it. The job is made to
     * wait deterministically: a first connection holds the payer's row so that the execute stops
     * at its hold while owning the transaction's row; a second connection then queues for that row
     * behind the execute and so gets it the moment the execute commits, before the job can.
     */
    @Test
    void aPayeeClosedBetweenTheHoldAndTheSettlementFailsThePaymentAndRefundsThePayerExactly() throws Exception {
        MoneyFixtures.Parties parties = MoneyFixtures.fundedParties("USD", 1000);
        Holder payer = parties.payer();
        Holder payee = parties.payee();
        String quoteId = quoteTo(payer, payee.account("USD"), 300);
        String transactionId = api().get("/quotes/" + quoteId).then().extract().path("transactionId");

        ExecutorService client = Executors.newFixedThreadPool(2);
        RowLocks locks = new RowLocks(pool);
        SqlConnection payerRow = locks.hold("internal_accounts", RowLocks.uuid(payer.account("USD")));
        SqlConnection transactionRow = pool.getConnection().await().indefinitely();
        try {
            Future<Response> execute = client.submit(() -> api().post("/quotes/" + quoteId + "/execute"));
            locks.awaitWaiters(null, 1);
            transactionRow.query("BEGIN").execute().await().indefinitely();
            Future<?> queued = client.submit(() -> transactionRow
                    .preparedQuery("SELECT 1 FROM transactions WHERE id = $1 FOR UPDATE")
                    .execute(Tuple.of(RowLocks.uuid(transactionId))).await().indefinitely());
            locks.awaitWaiters(null, 2);
            RowLocks.release(payerRow);
            Response executed = execute.get(60, TimeUnit.SECONDS);
            assertEquals(200, executed.statusCode(), executed.asString());
            queued.get(60, TimeUnit.SECONDS);
            assertBalances(payer.account("USD"), 700, 1000);
            setStatus(payee.account("USD"), "CLOSED");
        } finally {
            client.shutdownNow();
            RowLocks.release(transactionRow);
        }

        JsonPath failed = MoneyFixtures.awaitRefund(transactionId, "COMPLETED");
        assertEquals("FAILED", failed.getString("status"));
        assertEquals("ACCOUNT_CANNOT_RECEIVE", failed.getString("failureReason"));
        assertEquals("TRANSACTION_FAILED", failed.getString("refund.reason"));
        assertEquals(List.of("OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.FAILED",
                "OUTGOING_PAYMENT.REFUND_PENDING", "OUTGOING_PAYMENT.REFUND_COMPLETED"), recordedEvents(transactionId));
        assertBalances(payer.account("USD"), 1000, 1000);
        assertEquals(0, totalBalance(payee.account("USD")));
        assertLedgerClean();
    }

    /** A EUR payer pays a USD bank account ending in 003: the sandbox rail answers after six minutes. */
    @Test
    void anExternalPayeeDeletedBeforeItsSlowPayoutFailsWithAccountInvalidAndRefunds() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("EUR", "USD"));
        MoneyFixtures.fund(payer.account("EUR"), 10000);
        String bank = MoneyFixtures.externalUsdAccount(payer.customerId(), "003");
        String transactionId = api().body(transferBody(payer.account("EUR"), bank, 5000)).post("/quotes")
                .then().statusCode(201).extract().path("transactionId");
        assertEquals(10000, totalBalance(payer.account("EUR")));
        api().delete("/customers/external-accounts/" + bank).then().statusCode(204);

        api().body(Map.of("seconds", 361)).post("/sandbox/clock/advance").then().statusCode(200);

        JsonPath failed = MoneyFixtures.awaitRefund(transactionId, "COMPLETED");
        assertEquals("FAILED", failed.getString("status"));
        assertEquals("ACCOUNT_INVALID", failed.getString("failureReason"));
        assertEquals(List.of("OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.FAILED",
                "OUTGOING_PAYMENT.REFUND_PENDING", "OUTGOING_PAYMENT.REFUND_COMPLETED"), recordedEvents(transactionId));
        assertBalances(payer.account("EUR"), 10000, 10000);
        assertLedgerClean();
    }

    @Test
    void executingAQuoteWhoseExternalPayeeWasDeletedIsRefused() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 1000);
        String bank = MoneyFixtures.externalUsdAccount(payer.customerId(), "000");
        String quoteId = quoteTo(payer, bank, 300);
        api().delete("/customers/external-accounts/" + bank).then().statusCode(204);

        Response executed = api().post("/quotes/" + quoteId + "/execute");

        assertEquals(400, executed.statusCode(), executed.asString());
        assertEquals("destination.accountId", executed.jsonPath().getString("details.errors[0].field"));
        assertBalances(payer.account("USD"), 1000, 1000);
    }

    @Test
    void anEmbeddedWalletIsNeverDebitedWithoutItsOwnersSignature() {
        Holder owner = MoneyFixtures.approvedCustomer(List.of("USDB", "USD"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USDB"));
        String wallet = owner.account("USDB");
        MoneyFixtures.fund(wallet, 1000);

        Response immediate = api().body(transferBody(wallet, payee.account("USDB"), 100)).post("/quotes");
        assertEquals(400, immediate.statusCode(), immediate.asString());
        assertEquals("INVALID_INPUT", immediate.jsonPath().getString("code"));
        assertEquals("immediatelyExecute", immediate.jsonPath().getString("details.errors[0].field"));

        String quoteId = api().body(quoteBody(wallet, payee.account("USDB"), 100)).post("/quotes")
                .then().statusCode(201).extract().path("id");
        Response unsigned = api().post("/quotes/" + quoteId + "/execute");
        assertEquals(401, unsigned.statusCode(), unsigned.asString());
        assertEquals("WALLET_SIGNATURE_MISSING", unsigned.jsonPath().getString("code"));
        Response forged = api().header("Svc-Wallet-Signature", "eyJwdWJsaWNLZXkiOiJ4In0").post("/quotes/" + quoteId + "/execute");
        assertEquals(401, forged.statusCode(), forged.asString());
        assertEquals("WALLET_SIGNATURE_MALFORMED", forged.jsonPath().getString("code"));

        assertEquals("PENDING", api().get("/quotes/" + quoteId).then().extract().path("status"));
        assertBalances(wallet, 1000, 1000);
        assertEquals(0, totalBalance(payee.account("USDB")));
    }

    @Test
    void aCustomerHoldingMoneyCannotBeDeleted() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(holder.account("USD"), 500);

        Response refused = api().delete("/customers/" + holder.customerId());

        assertEquals(409, refused.statusCode(), refused.asString());
        assertEquals(200, api().get("/customers/" + holder.customerId()).statusCode());
        assertEquals("ACTIVE", api().get("/internal-accounts/" + holder.account("USD")).then().extract().path("status"));
    }

    @Test
    void aDeletedCustomersAccountsNeitherSendNorReceive() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder deleted = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 1000);
        String quotedBefore = quoteTo(payer, deleted.account("USD"), 100);
        String reverseQuote = api().body(quoteBody(deleted.account("USD"), payer.account("USD"), 1)).post("/quotes")
                .then().statusCode(201).extract().path("id");

        api().delete("/customers/" + deleted.customerId()).then().statusCode(200);

        assertEquals("CLOSED", api().get("/internal-accounts/" + deleted.account("USD")).then().extract().path("status"));
        List<Response> refused = new ArrayList<>();
        refused.add(api().body(transferBody(payer.account("USD"), deleted.account("USD"), 100)).post("/quotes"));
        refused.add(api().body(quoteBody(payer.account("USD"), deleted.account("USD"), 100)).post("/quotes"));
        refused.add(api().body(transferBody(deleted.account("USD"), payer.account("USD"), 1)).post("/quotes"));
        refused.add(api().post("/quotes/" + quotedBefore + "/execute"));
        refused.add(api().post("/quotes/" + reverseQuote + "/execute"));
        refused.add(api().body(Map.of("amount", 100)).post("/sandbox/internal-accounts/" + deleted.account("USD") + "/fund"));
        for (Response response : refused) {
            assertEquals(410, response.statusCode(), response.asString());
            assertEquals("CUSTOMER_DELETED", response.jsonPath().getString("code"));
        }
        assertBalances(payer.account("USD"), 1000, 1000);
        assertLedgerClean();
    }

    @Test
    void fundsArrivingForADeletedCustomersRealtimeQuoteAreRefused() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        Map<String, Object> realtime = Map.of(
                "source", Map.of("sourceType", "REALTIME_FUNDING", "currency", "USD", "customerId", holder.customerId()),
                "destination", Map.of("destinationType", "ACCOUNT", "accountId", holder.account("USD")),
                "lockedCurrencySide", "SENDING", "lockedCurrencyAmount", 500);
        String quoteId = api().body(realtime).post("/quotes").then().statusCode(201).extract().path("id");
        api().delete("/customers/" + holder.customerId()).then().statusCode(200);

        Response sent = api().body(Map.of("quoteId", quoteId, "currencyCode", "USD")).post("/sandbox/send");

        assertEquals(410, sent.statusCode(), sent.asString());
        assertEquals("CUSTOMER_DELETED", sent.jsonPath().getString("code"));
        assertEquals("PENDING", api().get("/quotes/" + quoteId).then().extract().path("status"));
    }

    /** A EUR bank account of the customer whose IBAN ends with {@code suffix} (the sandbox's outcome for cross-currency payouts). */
    private static String eurBankAccount(String customerId, String suffix) {
        return MoneyFixtures.externalEurAccount(customerId,
                payments.account.BankIdentifiers.ibanWithCheckDigits("DE", "37040044000000" + "0".repeat(4 - suffix.length()) + suffix));
    }

    /** A fee the settlement sent to SUSPENSE (frozen platform account) comes back out of SUSPENSE when the payment is refunded. */
    @Test
    void aFeeSentToSuspenseIsGivenBackFromSuspense() {
        MoneyFixtures.Parties parties = MoneyFixtures.fundedParties("USD", 10_000);
        String platformUsd = api().get("/platform/internal-accounts").then().statusCode(200).extract().jsonPath()
                .getString("data.find { it.balance.currency.code == 'USD' }.id");
        MoneyFixtures.fund(platformUsd, 500);  // so that taking the fee from the platform would show
        long platformBefore = MoneyFixtures.balance(platformUsd);
        long suspense = MoneyFixtures.systemBalance("SUSPENSE", "USD");
        Map<String, Object> body = new java.util.HashMap<>(transferBody(parties.payer().account("USD"), eurBankAccount(parties.payer().customerId(), "006"), 5000));
        body.put("platformFeeOverride", Map.of("platformFixedFee", Map.of("amount", 100, "currency", "USD"), "platformVariableFeeBps", 0));
        setStatus(platformUsd, "FROZEN");
        try {
            String transactionId = api().body(body).post("/quotes").then().statusCode(201).extract().path("transactionId");
            JsonPath refunded = MoneyFixtures.awaitRefund(transactionId, "COMPLETED");
            assertEquals("COMPLETED", refunded.getString("status"));
            assertBalances(parties.payer().account("USD"), 10_000, 10_000);
            assertEquals(platformBefore, MoneyFixtures.balance(platformUsd), "the platform neither got nor gave the fee");
            assertEquals(suspense, MoneyFixtures.systemBalance("SUSPENSE", "USD"), "in and out of SUSPENSE");
        } finally {
            setStatus(platformUsd, "ACTIVE");
        }
        assertLedgerClean();
    }

    /**
     * A frozen platform fee account is the platform's problem, not the payee's: the payment settles,
     * and the fee waits in SUSPENSE for the operator (before, the settlement waited for the platform,
     * and on a bank file held up every entry of the file). Given back later, the fee comes out of
     * SUSPENSE again, not out of the platform's account that never got it.
     */
    @Test
    void aFrozenPlatformFeeAccountSendsItsFeeToSuspenseAndThePaymentSettles() {
        MoneyFixtures.Parties parties = MoneyFixtures.fundedParties("USD", 10_000);
        String platformUsd = api().get("/platform/internal-accounts").then().statusCode(200).extract().jsonPath()
                .getString("data.find { it.balance.currency.code == 'USD' }.id");
        long platformBefore = MoneyFixtures.balance(platformUsd);
        long suspense = MoneyFixtures.systemBalance("SUSPENSE", "USD");
        Map<String, Object> body = new java.util.HashMap<>(transferBody(parties.payer().account("USD"), parties.payee().account("USD"), 1000));
        body.put("platformFeeOverride", Map.of("platformFixedFee", Map.of("amount", 100, "currency", "USD"), "platformVariableFeeBps", 0));
        setStatus(platformUsd, "FROZEN");
        try {
            String transactionId = api().body(body).post("/quotes").then().statusCode(201).extract().path("transactionId");
            MoneyFixtures.awaitTransaction(transactionId, "COMPLETED");
            assertBalances(parties.payer().account("USD"), 9000, 9000);
            assertBalances(parties.payee().account("USD"), 900, 900);
            assertEquals(platformBefore, MoneyFixtures.balance(platformUsd), "the frozen account took nothing");
            assertEquals(suspense + 100, MoneyFixtures.systemBalance("SUSPENSE", "USD"), "the fee waits for the operator");
        } finally {
            setStatus(platformUsd, "ACTIVE");
        }
        assertLedgerClean();
    }

    /**
     * A payout carrying a platform fee comes back after the platform spent that fee: the payer is
     * refunded in full all the same, and the part of the fee the platform no longer holds comes out of
     * SUSPENSE, a shortfall for the operator to recover. Before, the clawback failed on the platform's
     * balance and the refund never happened (in a bank file, the whole file rolled back each poll).
     */
    @Test
    void aReturnedPayoutWhoseFeeThePlatformSpentIsRefundedInFull() {
        MoneyFixtures.Parties parties = MoneyFixtures.fundedParties("USD", 10_000);
        String bank = eurBankAccount(parties.payer().customerId(), "005");
        Map<String, Object> body = new java.util.HashMap<>(transferBody(parties.payer().account("USD"), bank, 5000));
        body.put("platformFeeOverride", Map.of("platformFixedFee", Map.of("amount", 100, "currency", "USD"), "platformVariableFeeBps", 0));
        String transactionId = api().body(body).post("/quotes").then().statusCode(201).extract().path("transactionId");
        MoneyFixtures.awaitTransaction(transactionId, "COMPLETED");

        String platformUsd = api().get("/platform/internal-accounts").then().statusCode(200).extract().jsonPath()
                .getString("data.find { it.balance.currency.code == 'USD' }.id");
        long fees = MoneyFixtures.balance(platformUsd);
        api().body(transferBody(platformUsd, parties.payee().account("USD"), fees)).post("/quotes").then().statusCode(201);
        MoneyFixtures.awaitJobsDone();
        assertEquals(0, MoneyFixtures.balance(platformUsd), "the platform spent its fees");
        long suspense = MoneyFixtures.systemBalance("SUSPENSE", "USD");

        api().body(Map.of("seconds", 61)).post("/sandbox/clock/advance").then().statusCode(200);

        JsonPath returned = MoneyFixtures.awaitRefund(transactionId, "COMPLETED");
        assertEquals("PAYOUT_RETURNED", returned.getString("failureReason"));
        assertBalances(parties.payer().account("USD"), 10_000, 10_000);
        assertEquals(0, MoneyFixtures.balance(platformUsd));
        assertEquals(suspense - 100, MoneyFixtures.systemBalance("SUSPENSE", "USD"), "the fee the platform no longer held");
        assertLedgerClean();
    }

    /**
     * A bank returns a payout after its payer emptied and closed the account: the money must not land
     * in an account that can never send it again. It goes to suspense, and the refund says FAILED.
     */
    @Test
    void aPayoutReturnedToAClosedAccountGoesToSuspenseNotIntoTheAccount() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("EUR", "USD"));
        MoneyFixtures.fund(payer.account("EUR"), 5000);
        String bank = MoneyFixtures.externalUsdAccount(payer.customerId(), "005");
        String transactionId = api().body(transferBody(payer.account("EUR"), bank, 5000)).post("/quotes")
                .then().statusCode(201).extract().path("transactionId");
        MoneyFixtures.awaitTransaction(transactionId, "COMPLETED");
        setStatus(payer.account("EUR"), "CLOSED");

        api().body(Map.of("seconds", 61)).post("/sandbox/clock/advance").then().statusCode(200);

        JsonPath returned = MoneyFixtures.awaitRefund(transactionId, "FAILED");
        assertEquals("FAILED", returned.getString("status"));
        assertEquals("PAYOUT_RETURNED", returned.getString("failureReason"));
        assertBalances(payer.account("EUR"), 0, 0);
        assertEquals("CLOSED", api().get("/internal-accounts/" + payer.account("EUR")).then().extract().path("status"));
        assertLedgerClean();
    }

    /** Integers beyond a field's range (above 2^63 included) are refused, not wrapped or coerced. */
    @Test
    void amountsOutsideTheirRangeAreRefusedWithNothingCreated() {
        MoneyFixtures.Parties parties = MoneyFixtures.fundedParties("USD", 1000);
        Holder payer = parties.payer();
        Holder payee = parties.payee();
        String source = payer.account("USD");
        String destination = payee.account("USD");
        String quote = "{\"source\":{\"sourceType\":\"ACCOUNT\",\"accountId\":\"" + source + "\"},"
                + "\"destination\":{\"destinationType\":\"ACCOUNT\",\"accountId\":\"" + destination + "\"},"
                + "\"lockedCurrencySide\":\"SENDING\",\"immediatelyExecute\":true,";
        Map<String, String> bad = Map.of(
                "lockedCurrencyAmount", quote + "\"lockedCurrencyAmount\":18446744073709551716}",
                "platformFeeOverride.platformFixedFee.amount", quote + "\"lockedCurrencyAmount\":100,"
                        + "\"platformFeeOverride\":{\"platformFixedFee\":{\"amount\":9223372036854775000,\"currency\":\"USD\"},"
                        + "\"platformVariableFeeBps\":0}}",
                "platformFeeOverride.platformVariableFeeBps", quote + "\"lockedCurrencyAmount\":100,"
                        + "\"platformFeeOverride\":{\"platformFixedFee\":{\"amount\":1,\"currency\":\"USD\"},"
                        + "\"platformVariableFeeBps\":10001}}");
        bad.forEach((field, body) -> {
            Response response = api().body(body).post("/quotes");
            assertEquals(400, response.statusCode(), field + ": " + response.asString());
            assertEquals(field, response.jsonPath().getString("details.errors[0].field"), response.asString());
        });
        Response negativeFee = api().body(quote + "\"lockedCurrencyAmount\":100,\"platformFeeOverride\":{\"platformFixedFee\":"
                + "{\"amount\":-1,\"currency\":\"USD\"}}}").post("/quotes");
        assertEquals(400, negativeFee.statusCode(), negativeFee.asString());
        assertEquals(List.of("platformFeeOverride.platformFixedFee.amount", "platformFeeOverride.platformVariableFeeBps"),
                negativeFee.jsonPath().getList("details.errors.field").stream().sorted().toList());
        Response transferOut = api().body("{\"source\":{\"accountId\":\"" + source + "\"},\"destination\":{\"accountId\":\""
                + destination + "\"},\"amount\":18446744073709551617}").post("/transfer-out");
        assertEquals(400, transferOut.statusCode(), transferOut.asString());
        Response config = api().body("{\"feeConfigs\":[{\"feeType\":\"CROSS_CURRENCY_TRANSACTION\",\"sourceCurrency\":\"USD\","
                + "\"variableFeeBps\":0,\"fixedFee\":{\"amount\":9000000000000001,\"currency\":\"USD\"}}]}").patch("/config");
        assertEquals(400, config.statusCode(), config.asString());

        assertEquals(1000, totalBalance(source));
        assertEquals(0, api().queryParam("customerId", payer.customerId()).get("/transactions").then().extract().jsonPath()
                .getInt("totalCount") - 1, "only the sandbox funding is on record");
    }

    /** The event types recorded in the outbox for a transaction, in the order they were written. */
    private List<String> recordedEvents(String transactionId) {
        return pool.preparedQuery("SELECT type FROM webhook_events JOIN webhook_event_bodies ON event_id = id WHERE body LIKE $1 AND type LIKE 'OUTGOING_PAYMENT.%' ORDER BY id")
                .execute(Tuple.of("%" + transactionId + "%"))
                .map(rows -> {
                    List<String> types = new ArrayList<>();
                    for (Row row : rows) {
                        types.add(row.getString(0));
                    }
                    return types;
                })
                .await().indefinitely();
    }
}
