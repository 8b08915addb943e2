package payments.account;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import payments.WebhookReceiver;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

@QuarkusTest
class RuleBasedAccountTest {

    static Map<String, Object> request(String customerId, String destination) {
        return Map.of("type", "RULE_BASED", "currency", "USD", "customerId", customerId, "label", "Payer 42",
                "sweepRule", Map.of("destinationAccountId", destination, "payerReference", "INV-42"));
    }

    /** A customer whose KYC is APPROVED: a rule-based account needs a verified holder. */
    private static String verifiedCustomer() {
        return payments.MoneyFixtures.approvedCustomer(List.of("USD")).customerId();
    }

    @Test
    void opensARuleBasedAccountOnceAndActivatesIt() throws Exception {
        String customerId = verifiedCustomer();
        // A rule-based account needs the holder's own USD account ACTIVE: wait for its activation job.
        payments.MoneyFixtures.activeAccounts(customerId);
        String bank = api().body(ExternalAccountTest.usdAccount(customerId, "000")).post("/customers/external-accounts")
                .then().statusCode(201).extract().path("id");
        String key = UUID.randomUUID().toString();
        JsonPath first = api().header("Idempotency-Key", key).body(request(customerId, bank)).post("/internal-accounts")
                .then().statusCode(201).body("type", equalTo("RULE_BASED")).body("status", equalTo("PENDING"))
                .body("sweepRule.destinationAccountId", equalTo(bank)).body("sweepRule.payerReference", equalTo("INV-42"))
                .body("label", equalTo("Payer 42")).extract().jsonPath();
        api().header("Idempotency-Key", key).body(request(customerId, bank)).post("/internal-accounts")
                .then().statusCode(201).body("id", equalTo(first.getString("id"))).body("status", equalTo("PENDING"));

        JsonPath accounts = InternalAccountTest.settledAccounts(customerId);
        Map<String, Object> ruleBased = accounts.getMap("data.find { it.type == 'RULE_BASED' }");
        assertEquals("ACTIVE", ruleBased.get("status"));
        assertNotNull(ruleBased.get("fundingPaymentInstructions"));
        Map<String, Object> regular = accounts.getMap("data.find { it.type == 'INTERNAL_FIAT' }");
        assertTrue(!ruleBased.get("fundingPaymentInstructions").equals(regular.get("fundingPaymentInstructions")),
                "a rule-based account has its own account number");

        // The customer's own internal USD account is a valid destination too.
        api().body(request(customerId, (String) regular.get("id"))).post("/internal-accounts").then().statusCode(201);
    }

    /** An ACTIVE rule-based account of the customer sweeping to {@code destination}, with a minimum. */
    private static String ruleBasedAccount(String customerId, String destination, long minimum) throws Exception {
        Map<String, Object> body = new java.util.HashMap<>(request(customerId, destination));
        body.put("sweepRule", Map.of("destinationAccountId", destination, "payerReference", "INV-42", "minimumSweepAmount", minimum));
        String id = api().body(body).post("/internal-accounts").then().statusCode(201).extract().path("id");
        InternalAccountTest.settledAccounts(customerId);
        return id;
    }

    @Test
    void aDepositIsAttributedAndSweptSoTheAccountNeverHoldsABalance() throws Exception {
        String customerId = verifiedCustomer();
        String own = InternalAccountTest.settledAccounts(customerId).getString("data.find { it.type == 'INTERNAL_FIAT' }.id");
        String bank = api().body(ExternalAccountTest.usdAccount(customerId, "000")).post("/customers/external-accounts")
                .then().statusCode(201).extract().path("id");
        String toBank = ruleBasedAccount(customerId, bank, 500);
        String toOwn = ruleBasedAccount(customerId, own, 0);

        api().body(Map.of("amount", 2_000)).post("/sandbox/internal-accounts/" + toOwn + "/fund").then().statusCode(200)
                .body("balance.amount", equalTo(0));
        assertEquals(2_000, payments.MoneyFixtures.balance(own));
        JsonPath swept = sweepOf(toOwn);
        assertEquals("COMPLETED", swept.getString("status"));
        assertEquals(own, swept.getString("destination.accountId"));
        assertEquals(customerId, swept.getString("customerId"));
        assertEquals("Deposit from INV-42", swept.getString("description"));

        api().body(Map.of("amount", 1_000)).post("/sandbox/internal-accounts/" + toBank + "/fund").then().statusCode(200)
                .body("balance.amount", equalTo(0));
        JsonPath paidOut = sweepOf(toBank);
        assertEquals("COMPLETED", paidOut.getString("status"));
        assertEquals(bank, paidOut.getString("destination.accountId"));
        assertEquals(2_000, payments.MoneyFixtures.balance(own), "the bank got it, not the own account");

        // Below the rule's minimum: to the holder's own account, FAILED.
        api().body(Map.of("amount", 499)).post("/sandbox/internal-accounts/" + toBank + "/fund").then().statusCode(200)
                .body("balance.amount", equalTo(0));
        JsonPath small = sweepOf(toBank);
        assertEquals("FAILED", small.getString("status"));
        assertEquals("SWEEP_AMOUNT_OUT_OF_RANGE", small.getString("failureReason"));
        assertEquals(own, small.getString("destination.accountId"));
        assertEquals(2_499, payments.MoneyFixtures.balance(own));

        // The destination can no longer receive: the sweep cannot be priced; no receivedAmount.
        api().delete("/customers/external-accounts/" + bank).then().statusCode(204);
        api().body(Map.of("amount", 800)).post("/sandbox/internal-accounts/" + toBank + "/fund").then().statusCode(200);
        JsonPath unpriced = sweepOf(toBank);
        assertEquals("SWEEP_QUOTE_FAILED", unpriced.getString("failureReason"));
        assertNull(unpriced.get("receivedAmount"));
        assertEquals(3_299, payments.MoneyFixtures.balance(own));
        payments.MoneyFixtures.assertLedgerClean();

        // Paying it directly would leave money it never sweeps: refused.
        payments.MoneyFixtures.fund(own, 100);
        api().body(payments.MoneyFixtures.transferBody(own, toOwn, 100)).post("/quotes").then().statusCode(400)
                .body("details.errors[0].field", equalTo("destination.accountId"));
    }

    @Test
    void theHolderNeedsItsOwnUsdAccountForWhatTheRuleCannotSweep() {
        payments.MoneyFixtures.Holder euroOnly = payments.MoneyFixtures.approvedCustomer(List.of("EUR"));
        String bank = api().body(ExternalAccountTest.usdAccount(euroOnly.customerId(), "000")).post("/customers/external-accounts")
                .then().statusCode(201).extract().path("id");
        api().body(request(euroOnly.customerId(), bank)).post("/internal-accounts").then().statusCode(400)
                .body("details.errors[0].field", equalTo("customerId"));
    }

    /** The newest transaction swept from the rule-based account. */
    private static JsonPath sweepOf(String ruleBasedAccountId) {
        String customerId = api().get("/internal-accounts/" + ruleBasedAccountId).then().statusCode(200).extract().path("customerId");
        JsonPath list = api().queryParam("customerId", customerId).queryParam("limit", 100).get("/transactions").then()
                .statusCode(200).extract().jsonPath();
        Map<String, Object> newest = list.getMap("data.find { it.ruleBasedAccountId == '" + ruleBasedAccountId + "' }");
        return new JsonPath(new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(newest).toString());
    }

    @Test
    void refusesWhatTheRulesForbid() {
        String customerId = verifiedCustomer();
        api().body(Map.of("type", "INTERNAL_FIAT", "currency", "EUR", "label", "x".repeat(256))).post("/internal-accounts")
                .then().statusCode(400).body("code", equalTo("INVALID_INPUT"))
                .body("details.errors.field", hasItems("type", "currency", "label", "sweepRule", "customerId"));
        api().body(Map.of("type", "RULE_BASED", "currency", "USD", "customerId", customerId,
                        "sweepRule", Map.of("payerReference", "")))
                .post("/internal-accounts").then().statusCode(400)
                .body("details.errors.field", hasItems("sweepRule.destinationAccountId", "sweepRule.payerReference"));
        api().body(request("Customer:" + UUID.randomUUID(), "ExternalAccount:" + UUID.randomUUID())).post("/internal-accounts")
                .then().statusCode(404).body("code", equalTo("USER_NOT_FOUND"));
        // Someone else's account, an unknown one, and a non-USD one are not the holder's verified USD account.
        String other = ExternalAccountTest.customer();
        String othersBank = api().body(ExternalAccountTest.usdAccount(other, "000")).post("/customers/external-accounts")
                .then().statusCode(201).extract().path("id");
        for (String destination : List.of(othersBank, "ExternalAccount:" + UUID.randomUUID(), "Card:1")) {
            api().body(request(customerId, destination)).post("/internal-accounts").then().statusCode(400)
                    .body("details.errors.field", equalTo(List.of("sweepRule.destinationAccountId")));
        }
        // A holder whose KYC never ran is not verified.
        String unverified = ExternalAccountTest.customer();
        String ownBank = api().body(ExternalAccountTest.usdAccount(unverified, "000")).post("/customers/external-accounts")
                .then().statusCode(201).extract().path("id");
        api().body(request(unverified, ownBank)).post("/internal-accounts").then().statusCode(403).body("code", equalTo("USER_NOT_READY"));
    }

    @Test
    void platformFreezesUnfreezesAndClosesAccounts() throws Exception {
        String customerId = ExternalAccountTest.customer();
        String accountId = InternalAccountTest.settledAccounts(customerId).getString("data[0].id");
        WebhookReceiver receiver = new WebhookReceiver();
        api().body(Map.of("webhookEndpoint", receiver.url())).patch("/config").then().statusCode(200);
        try {
            api().body(Map.of("status", "FROZEN")).patch("/internal-accounts/" + accountId).then().statusCode(200)
                    .body("status", equalTo("FROZEN"));
            WebhookReceiver.Delivery frozen = receiver.nextMatching("INTERNAL_ACCOUNT.STATUS_UPDATED", "\"status\":\"FROZEN\"", 10);
            assertNotNull(frozen);
            assertTrue(frozen.body().contains(accountId) && frozen.signatureValid());
            api().body(Map.of("status", "ACTIVE")).patch("/internal-accounts/" + accountId).then().statusCode(200)
                    .body("status", equalTo("ACTIVE"));
            api().body(Map.of("status", "CLOSED")).patch("/internal-accounts/" + accountId).then().statusCode(200)
                    .body("status", equalTo("CLOSED")).body("fundingPaymentInstructions", org.hamcrest.Matchers.empty());
            WebhookReceiver.Delivery withdrawn = receiver.nextMatching("INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED", accountId, 10);
            assertNotNull(withdrawn, "closing withdraws the account's funding instructions");
            api().body(Map.of("status", "ACTIVE")).patch("/internal-accounts/" + accountId).then().statusCode(409)
                    .body("code", equalTo("INVALID_STATE_TRANSITION"));
            api().body(Map.of("status", "PENDING")).patch("/internal-accounts/" + accountId).then().statusCode(400)
                    .body("details.errors.field", hasItems("status"));
        } finally {
            api().body(Map.of("webhookEndpoint", "")).patch("/config").then().statusCode(200);
            receiver.close();
        }
    }
}
