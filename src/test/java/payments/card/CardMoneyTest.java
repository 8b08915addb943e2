package payments.card;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import payments.WebhookReceiver;
import payments.card.CardFixtures.Cardholder;

import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.MoneyFixtures.assertBalances;
import static payments.MoneyFixtures.assertLedgerClean;
import static payments.MoneyFixtures.balance;
import static payments.TestSupport.api;
import static payments.card.CardFixtures.authorize;
import static payments.card.CardFixtures.awaitTransaction;
import static payments.card.CardFixtures.simulate;
import static payments.card.CardFixtures.transaction;

/**
 * Card money: an approved authorization pulls the funding account into card settlement, clearings
 * pay the network (with a post-hoc pull beyond the authorization), an expiry gives the rest back,
 * merchant returns credit the account on their own rows and their reversals take it back. The
 * ledger audit stays clean after every scenario.
 */
@QuarkusTest
class CardMoneyTest {

    @Test
    void anAuthorizationPullsTheFundsAndAClearingSettlesIt() throws Exception {
        Cardholder card = CardFixtures.cardholder("USD", 10_000, Map.of());
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            JsonPath auth = authorize(card.cardId(), 2_500, "BLUE BOTTLE COFFEE SF");
            String id = auth.getString("id");
            assertTrue(id.startsWith("CardTransaction:"), id);
            assertEquals("CARD", auth.getString("type"));
            assertEquals("AUTHORIZED", auth.getString("status"));
            assertEquals("DEBIT", auth.getString("direction"));
            assertEquals(2_500, auth.getLong("authorizedAmount.amount"));
            assertEquals("USD", auth.getString("authorizedAmount.currency.code"));
            assertEquals(2, auth.getInt("authorizedAmount.currency.decimals"));
            assertEquals("BLUE BOTTLE COFFEE SF", auth.getString("merchant.descriptor"));
            assertEquals(card.account(), auth.getString("accountId"));
            assertEquals(card.cardId(), auth.getString("cardId"));
            assertEquals(1, auth.getInt("pullSummary.count"));
            assertBalances(card.account(), 7_500, 7_500);
            WebhookReceiver.Delivery authorized = receiver.nextMatching("CARD_TRANSACTION.AUTHORIZED", id, 10);
            assertNotNull(authorized);
            assertTrue(authorized.signatureValid());

            simulate(card.cardId(), "clearing", Map.of("cardTransactionId", id, "amount", 2_500));
            JsonPath settled = awaitTransaction(id, "status", "SETTLED");
            assertEquals(2_500, settled.getLong("settledAmount.amount"));
            assertEquals(1, settled.getInt("settlementSummary.count"));
            assertNotNull(receiver.nextMatching("CARD_TRANSACTION.SETTLED", id, 10));
        }
        assertBalances(card.account(), 7_500, 7_500);
        api().queryParam("type", "CARD").queryParam("customerId", card.holder().customerId()).get("/transactions")
                .then().statusCode(200).body("totalCount", equalTo(1)).body("data[0].type", equalTo("CARD"));
        assertLedgerClean();
    }

    @Test
    void aClearingAboveTheAuthorizationPullsTheDifference() {
        Cardholder card = CardFixtures.cardholder("USD", 10_000, Map.of());
        String id = authorize(card.cardId(), 1_250, "TACO STAND").getString("id");
        simulate(card.cardId(), "clearing", Map.of("cardTransactionId", id, "amount", 1_500));
        JsonPath settled = awaitTransaction(id, "status", "SETTLED");
        assertEquals(1_500, settled.getLong("settledAmount.amount"));
        assertEquals(2, settled.getInt("pullSummary.count"));
        assertEquals(1_500, settled.getLong("pullSummary.totalAmount"));
        assertBalances(card.account(), 8_500, 8_500);
        assertLedgerClean();
    }

    @Test
    void anExpiryVoidsAnUnclearedAuthorizationAndGivesTheMoneyBack() throws Exception {
        Cardholder card = CardFixtures.cardholder("USD", 10_000, Map.of());
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            String id = authorize(card.cardId(), 4_000, "HOTEL DEPOSIT").getString("id");
            assertEquals(6_000, balance(card.account()));
            simulate(card.cardId(), "clearing", Map.of("cardTransactionId", id, "amount", 0));
            awaitTransaction(id, "status", "VOIDED");
            assertNotNull(receiver.nextMatching("CARD_TRANSACTION.VOIDED", id, 10));
        }
        assertBalances(card.account(), 10_000, 10_000);
        // The network may still clear a lapsed authorization (a force post): paid by a post-hoc pull, flagged EXCEPTION.
        simulate(card.cardId(), "clearing", Map.of("cardTransactionId", id(card), "amount", 10));
        awaitTransaction(id(card), "status", "EXCEPTION");
        assertBalances(card.account(), 9_990, 9_990);
        assertLedgerClean();
    }

    private static String id(Cardholder card) {
        return (String) CardFixtures.cardTransactions(card.cardId()).get(0).get("id");
    }

    @Test
    void aPartialClearingKeepsTheRestUntilTheAuthorizationExpires() {
        Cardholder card = CardFixtures.cardholder("USD", 10_000, Map.of());
        String id = authorize(card.cardId(), 3_000, "SPLIT SHIPMENT").getString("id");
        simulate(card.cardId(), "clearing", Map.of("cardTransactionId", id, "amount", 1_000));
        awaitTransaction(id, "settledAmount.amount", 1_000);
        simulate(card.cardId(), "clearing", Map.of("cardTransactionId", id, "amount", 500));
        awaitTransaction(id, "settledAmount.amount", 1_500);
        assertEquals(7_000, balance(card.account()), "the remainder stays pulled for later clearings");
        simulate(card.cardId(), "clearing", Map.of("cardTransactionId", id, "amount", 0));
        awaitBalance(card.account(), 8_500);
        assertBalances(card.account(), 8_500, 8_500);
        JsonPath done = transaction(id);
        assertEquals("SETTLED", done.getString("status"), "an expiry after a clearing leaves the purchase SETTLED");
        assertEquals(2, done.getInt("settlementSummary.count"));
        assertLedgerClean();
    }

    @Test
    void aMerchantReturnOpensACreditRowAndItsReversalTakesItBack() throws Exception {
        Cardholder card = CardFixtures.cardholder("USD", 10_000, Map.of());
        String purchase = authorize(card.cardId(), 5_000, "SHOE STORE").getString("id");
        // Nothing settled yet: nothing to return.
        api().body(Map.of("cardTransactionId", purchase, "amount", 100)).post("/sandbox/cards/" + card.cardId() + "/simulate/return")
                .then().statusCode(400);
        simulate(card.cardId(), "clearing", Map.of("cardTransactionId", purchase, "amount", 5_000));
        awaitTransaction(purchase, "status", "SETTLED");
        api().body(Map.of("cardTransactionId", purchase, "amount", 5_001)).post("/sandbox/cards/" + card.cardId() + "/simulate/return")
                .then().statusCode(400).body("details.errors.field", equalTo(List.of("amount")));
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            simulate(card.cardId(), "return", Map.of("cardTransactionId", purchase, "amount", 2_000));
            JsonPath parent = awaitTransaction(purchase, "refundedAmount.amount", 2_000);
            assertEquals("SETTLED", parent.getString("status"), "no REFUNDED status");
            assertEquals(1, parent.getInt("refundSummary.count"));
            assertNotNull(receiver.nextMatching("CARD_TRANSACTION.SETTLED", "\"refundedAmount\":{\"amount\":2000", 10),
                    "the purchase re-fires SETTLED as its amounts changed");
        }
        Map<String, Object> refund = CardFixtures.cardTransactions(card.cardId()).stream()
                .filter(row -> purchase.equals(row.get("originalTransactionId"))).findFirst().orElseThrow();
        assertEquals("CREDIT", refund.get("direction"));
        assertEquals("SETTLED", refund.get("status"));
        assertBalances(card.account(), 7_000, 7_000);
        String refundId = (String) refund.get("id");

        // The reversal names the refund row; the purchase's own id is refused.
        api().body(Map.of("cardTransactionId", purchase)).post("/sandbox/cards/" + card.cardId() + "/simulate/return_reversal")
                .then().statusCode(400);
        simulate(card.cardId(), "return_reversal", Map.of("cardTransactionId", refundId));
        awaitTransaction(refundId, "status", "VOIDED");
        awaitTransaction(purchase, "refundedAmount.amount", 0);
        assertBalances(card.account(), 5_000, 5_000);
        assertLedgerClean();
    }

    @Test
    void aPostHocPullThatCannotBeCoveredIsAnException() throws Exception {
        Cardholder card = CardFixtures.cardholder("USD", 1_000, Map.of());
        String id = authorize(card.cardId(), 1_000, "RESTAURANT").getString("id");
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            simulate(card.cardId(), "clearing", Map.of("cardTransactionId", id, "amount", 1_300));
            JsonPath exception = awaitTransaction(id, "status", "EXCEPTION");
            assertEquals(1_300, exception.getLong("settledAmount.amount"));
            assertNotNull(receiver.nextMatching("CARD_TRANSACTION.EXCEPTION", id, 10));
        }
        assertBalances(card.account(), 0, 0);
        JsonPath audit = api().get("/sandbox/ledger/audit").then().statusCode(200).extract().jsonPath();
        assertTrue(audit.getBoolean("clean"));
        assertTrue(audit.getList("systemAccounts.account").contains("CARD_LOSSES"), audit.prettify());
    }

    @Test
    void descriptorSuffixesChooseTheIssuersSignal() throws Exception {
        Cardholder card = CardFixtures.cardholder("USD", 10_000, Map.of());
        JsonPath insufficient = authorize(card.cardId(), 100, "ANY SHOP 002");
        assertEquals("DECLINED", insufficient.getString("status"));
        assertEquals("INSUFFICIENT_FUNDS", insufficient.getString("cardDeclinedReason"));
        assertEquals("CARD_NOT_ACTIVE", authorize(card.cardId(), 100, "ANY SHOP 003").getString("cardDeclinedReason"));
        // This server's own endings for the issuer-side declines the reference lists.
        assertEquals("BLOCKED", authorize(card.cardId(), 100, "ANY SHOP 921").getString("cardDeclinedReason"));
        assertEquals("UNSUPPORTED_NETWORK", authorize(card.cardId(), 100, "ANY SHOP 922").getString("cardDeclinedReason"));
        assertEquals("OTHER", authorize(card.cardId(), 100, "ANY SHOP 923").getString("cardDeclinedReason"));
        assertBalances(card.account(), 10_000, 10_000);

        // 005: approved at once, the pull held until the issuer confirms it 30 seconds later.
        JsonPath delayed = authorize(card.cardId(), 1_000, "ANY SHOP 005");
        assertEquals("AUTHORIZED", delayed.getString("status"));
        assertEquals(1, delayed.getInt("pullSummary.pendingCount"));
        assertBalances(card.account(), 9_000, 10_000);
        api().body(Map.of("seconds", 31)).post("/sandbox/clock/advance").then().statusCode(200);
        awaitTransaction(delayed.getString("id"), "pullSummary.pendingCount", 0);
        assertBalances(card.account(), 9_000, 9_000);

        // 006: approved, then the pull's confirmation fails: EXCEPTION, the hold is lifted.
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            String failing = authorize(card.cardId(), 2_000, "ANY SHOP 006").getString("id");
            awaitTransaction(failing, "status", "EXCEPTION");
            assertNotNull(receiver.nextMatching("CARD_TRANSACTION.EXCEPTION", failing, 10));
        }
        assertBalances(card.account(), 9_000, 9_000);
        assertLedgerClean();
    }

    @Test
    void declinesMoveNothing() throws Exception {
        Cardholder card = CardFixtures.cardholder("USD", 500, Map.of());
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            JsonPath underfunded = authorize(card.cardId(), 501, "BIG TV");
            assertEquals("DECLINED", underfunded.getString("status"));
            assertEquals("INSUFFICIENT_FUNDS", underfunded.getString("cardDeclinedReason"));
            assertNotNull(receiver.nextMatching("CARD_TRANSACTION.DECLINED", underfunded.getString("id"), 10));
        }
        api().body(Map.of("status", "FROZEN")).patch("/cards/" + card.cardId()).then().statusCode(200);
        assertEquals("CARD_NOT_ACTIVE", authorize(card.cardId(), 100, "COFFEE").getString("cardDeclinedReason"));
        api().body(Map.of("status", "ACTIVE")).patch("/cards/" + card.cardId()).then().statusCode(200);
        api().body(Map.of("status", "FROZEN")).patch("/internal-accounts/" + card.account()).then().statusCode(200);
        assertEquals("NO_ELIGIBLE_FUNDING_SOURCE", authorize(card.cardId(), 100, "COFFEE").getString("cardDeclinedReason"));
        api().body(Map.of("status", "ACTIVE")).patch("/internal-accounts/" + card.account()).then().statusCode(200);
        assertEquals("AUTHORIZED", authorize(card.cardId(), 500, "COFFEE").getString("status"));
        assertBalances(card.account(), 0, 0);
        assertLedgerClean();
    }

    @Test
    void aSingleMessagePurchaseTakesNoClearing() {
        Cardholder card = CardFixtures.cardholder("USD", 10_000, Map.of());
        simulate(card.cardId(), "financial_authorization", CardFixtures.authorization(1_000, "USD", "ATM"));
        String atm = awaitRows(card.cardId(), 1).get(0).get("id").toString();
        awaitTransaction(atm, "status", "SETTLED");
        api().body(Map.of("cardTransactionId", atm, "amount", 1_000)).post("/sandbox/cards/" + card.cardId() + "/simulate/clearing")
                .then().statusCode(400).body("details.errors.field", equalTo(List.of("cardTransactionId")));
        assertBalances(card.account(), 9_000, 9_000);
    }

    @Test
    void aReturnOnAPurchaseTheServicePaidForGoesBackToTheLossesAccount() {
        Cardholder card = CardFixtures.cardholder("USD", 10_000, Map.of());
        String purchase = authorize(card.cardId(), 2_000, "SHOP 006").getString("id");
        awaitTransaction(purchase, "status", "EXCEPTION");
        simulate(card.cardId(), "clearing", Map.of("cardTransactionId", purchase, "amount", 2_000));
        awaitTransaction(purchase, "settledAmount.amount", 2_000);
        long losses = cardLosses();
        simulate(card.cardId(), "return", Map.of("cardTransactionId", purchase, "amount", 500));
        awaitTransaction(purchase, "refundedAmount.amount", 500);
        assertBalances(card.account(), 10_000, 10_000);
        assertEquals(losses + 500, cardLosses(), "the service, which paid, is refunded");
        String refund = CardFixtures.cardTransactions(card.cardId()).stream()
                .filter(row -> purchase.equals(row.get("originalTransactionId"))).findFirst().orElseThrow().get("id").toString();
        simulate(card.cardId(), "return_reversal", Map.of("cardTransactionId", refund));
        awaitTransaction(refund, "status", "VOIDED");
        JsonPath after = awaitTransaction(purchase, "refundedAmount.amount", 0);
        assertEquals(0, after.getInt("refundSummary.count"));
        assertEquals(losses, cardLosses());
        assertBalances(card.account(), 10_000, 10_000);
        assertLedgerClean();
    }

    private static long cardLosses() {
        return payments.MoneyFixtures.systemBalance("CARD_LOSSES", "USD");
    }

    @Test
    void anAdviceThatCannotBePulledLeavesTheClearingToDecide() {
        Cardholder card = CardFixtures.cardholder("USD", 1_000, Map.of());
        String id = authorize(card.cardId(), 1_000, "CAR RENTAL").getString("id");
        simulate(card.cardId(), "authorization_advice", Map.of("cardTransactionId", id, "amount", 1_500));
        JsonPath advised = awaitTransaction(id, "authorizedAmount.amount", 1_500);
        assertEquals("AUTHORIZED", advised.getString("status"), "nothing settled yet: no EXCEPTION");
        simulate(card.cardId(), "clearing", Map.of("cardTransactionId", id, "amount", 1_500));
        awaitTransaction(id, "status", "EXCEPTION");
        assertBalances(card.account(), 0, 0);
        assertLedgerClean();
    }

    @Test
    void anEmbeddedWalletFundsNoAuthorizationWithoutADelegatedKey() {
        payments.MoneyFixtures.Holder holder = payments.MoneyFixtures.approvedCustomer(List.of("USDB"));
        String walletCard = CardFixtures.issue(holder.customerId(), holder.account("USDB"), Map.of()).getString("id");
        CardFixtures.awaitStatus(walletCard, "ACTIVE");
        api().body(CardFixtures.authorization(100, "USDB", "SHOP")).post("/sandbox/cards/" + walletCard + "/simulate/authorization")
                .then().statusCode(200).body("status", equalTo("DECLINED"))
                .body("cardDeclinedReason", equalTo("NO_ELIGIBLE_FUNDING_SOURCE"));
    }

    @Test
    void singleMessageAndCreditSimulatorsApplyRightAfter() {
        Cardholder card = CardFixtures.cardholder("USD", 10_000, Map.of());
        String cardId = card.cardId();
        simulate(cardId, "financial_authorization", CardFixtures.authorization(1_000, "USD", "ATM WITHDRAWAL"));
        simulate(cardId, "financial_credit_authorization", CardFixtures.authorization(300, "USD", "PUSH CREDIT"));
        simulate(cardId, "credit_authorization", CardFixtures.authorization(200, "USD", "REFUND AS AUTH"));
        simulate(cardId, "credit_authorization_advice", CardFixtures.authorization(50, "USD", "NETWORK CREDIT"));
        simulate(cardId, "balance_inquiry", Map.of("merchant", Map.of("descriptor", "ATM BALANCE")));
        List<Map<String, Object>> rows = awaitRows(cardId, 5);
        Map<String, Map<String, Object>> byDescriptor = new java.util.HashMap<>();
        rows.forEach(row -> byDescriptor.put((String) ((Map<?, ?>) row.get("merchant")).get("descriptor"), row));
        assertEquals("SETTLED", byDescriptor.get("ATM WITHDRAWAL").get("status"));
        assertEquals("DEBIT", byDescriptor.get("ATM WITHDRAWAL").get("direction"));
        assertEquals("SETTLED", byDescriptor.get("PUSH CREDIT").get("status"));
        assertEquals("CREDIT", byDescriptor.get("PUSH CREDIT").get("direction"));
        assertEquals("AUTHORIZED", byDescriptor.get("REFUND AS AUTH").get("status"));
        assertEquals("AUTHORIZED", byDescriptor.get("NETWORK CREDIT").get("status"));
        assertEquals("VOIDED", byDescriptor.get("ATM BALANCE").get("status"));
        assertBalances(card.account(), 9_300, 9_300);
        // A credit authorization credits the account when it clears.
        String credit = (String) byDescriptor.get("REFUND AS AUTH").get("id");
        simulate(cardId, "clearing", Map.of("cardTransactionId", credit, "amount", 200));
        awaitTransaction(credit, "status", "SETTLED");
        assertBalances(card.account(), 9_500, 9_500);
        assertLedgerClean();
    }

    @Test
    void anAuthorizationAdviceResizesTheOpenAuthorization() {
        Cardholder card = CardFixtures.cardholder("USD", 10_000, Map.of());
        String id = authorize(card.cardId(), 2_000, "CAR RENTAL").getString("id");
        simulate(card.cardId(), "authorization_advice", Map.of("cardTransactionId", id, "amount", 3_500));
        awaitTransaction(id, "authorizedAmount.amount", 3_500);
        assertBalances(card.account(), 6_500, 6_500);
        simulate(card.cardId(), "authorization_advice", Map.of("cardTransactionId", id, "amount", 1_000));
        awaitTransaction(id, "authorizedAmount.amount", 1_000);
        assertBalances(card.account(), 9_000, 9_000);
        assertLedgerClean();
    }

    @Test
    void aRepeatedSimulationWithItsIdempotencyKeyHappensOnce() {
        Cardholder card = CardFixtures.cardholder("USD", 10_000, Map.of());
        String base = "/sandbox/cards/" + card.cardId() + "/simulate/";
        Map<String, Object> purchase = CardFixtures.authorization(1_000, "USD", "ONCE ONLY");
        String first = api().header("Idempotency-Key", "auth-once-" + card.cardId()).body(purchase).post(base + "authorization")
                .then().statusCode(200).extract().path("id");
        String again = api().header("Idempotency-Key", "auth-once-" + card.cardId()).body(purchase).post(base + "authorization")
                .then().statusCode(200).extract().path("id");
        assertEquals(first, again);
        Map<String, Object> clearing = Map.of("cardTransactionId", first, "amount", 1_500);
        String token = api().header("Idempotency-Key", "clear-once-" + card.cardId()).body(clearing).post(base + "clearing")
                .then().statusCode(202).extract().path("issuerTransactionToken");
        assertEquals(token, api().header("Idempotency-Key", "clear-once-" + card.cardId()).body(clearing).post(base + "clearing")
                .then().statusCode(202).extract().path("issuerTransactionToken"));
        awaitTransaction(first, "settledAmount.amount", 1_500);
        assertBalances(card.account(), 8_500, 8_500);
        assertEquals(1, CardFixtures.cardTransactions(card.cardId()).size());
        assertLedgerClean();
    }

    @Test
    void simulatorsCheckTheirBodiesCardsAndTransactions() {
        Cardholder card = CardFixtures.cardholder("USD", 1_000, Map.of());
        Cardholder other = CardFixtures.cardholder("USD", 1_000, Map.of());
        String base = "/sandbox/cards/" + card.cardId() + "/simulate/";
        api().body(Map.of("amount", 0, "currency", Map.of(), "merchant", Map.of("descriptor", "x".repeat(26), "country", "ZZ")))
                .post(base + "authorization").then().statusCode(400)
                .body("details.errors.field", hasItem("amount"))
                .body("details.errors.field", hasItem("currency.code"))
                .body("details.errors.field", hasItem("merchant.descriptor"))
                .body("details.errors.field", hasItem("merchant.country"));
        api().body(CardFixtures.authorization(100, "EUR", "SHOP")).post(base + "authorization").then().statusCode(400)
                .body("details.errors.field", equalTo(List.of("currency.code")));
        api().body(CardFixtures.authorization(100, "USD", "SHOP"))
                .post("/sandbox/cards/Card:00000000-0000-7000-8000-000000000000/simulate/authorization")
                .then().statusCode(404).body("code", equalTo("REFERENCE_NOT_FOUND")).body("details.notFoundCode", equalTo("CARD_NOT_FOUND"));
        String otherTransaction = authorize(other.cardId(), 100, "SHOP").getString("id");
        api().body(Map.of("cardTransactionId", otherTransaction, "amount", 100)).post(base + "clearing").then().statusCode(404);
        api().body(Map.of("cardTransactionId", "CardTransaction:00000000-0000-7000-8000-000000000000", "amount", 1))
                .post(base + "clearing").then().statusCode(404).body("code", equalTo("TRANSACTION_NOT_FOUND"));
        api().body(Map.of("cardTransactionId", otherTransaction, "amount", -1)).post(base + "clearing").then().statusCode(400);
        api().body(Map.of()).post(base + "return_reversal").then().statusCode(400)
                .body("details.errors.field", equalTo(List.of("cardTransactionId")));
    }

    static void awaitBalance(String account, long expected) {
        for (int i = 0; i < 100 && balance(account) != expected; i++) {
            payments.MoneyFixtures.sleep(100);
        }
        assertEquals(expected, balance(account));
    }

    private static List<Map<String, Object>> awaitRows(String cardId, int count) {
        List<Map<String, Object>> rows = List.of();
        for (int i = 0; i < 100; i++) {
            rows = CardFixtures.cardTransactions(cardId);
            if (rows.size() >= count) {
                return rows;
            }
            payments.MoneyFixtures.sleep(100);
        }
        throw new AssertionError("only " + rows.size() + " card transactions: " + rows);
    }
}
