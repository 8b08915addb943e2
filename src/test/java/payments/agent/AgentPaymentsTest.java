package payments.agent;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;
import payments.WebhookReceiver;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.MoneyFixtures.assertLedgerClean;
import static payments.MoneyFixtures.balance;
import static payments.TestSupport.api;
import static payments.agent.AgentManagementTest.bearer;
import static payments.agent.AgentManagementTest.redeem;

/**
 * Agents moving money: quotes they create, executions carried out at once or held for the
 * platform, the policy's limits at and one past them, approvals against the present state, and
 * one customer's agent unable to see or touch another's.
 */
@QuarkusTest
class AgentPaymentsTest {

    record Connected(Holder holder, String agentId, String token) {
    }

    /** A customer with USD 1,000.00 and an MXN account, and a connected agent under {@code limits}. */
    static Connected connected(Map<String, Object> limits, Map<String, Object> extraPolicy) {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD", "MXN"));
        MoneyFixtures.fund(holder.account("USD"), 100_000);
        Map<String, Object> policy = new HashMap<>(Map.of("permissions", List.of("CREATE_QUOTES", "EXECUTE_QUOTES", "VIEW_TRANSACTIONS"),
                "defaultExecutionMode", "AUTO", "spendingLimits", limits));
        policy.putAll(extraPolicy);
        JsonPath created = AgentManagementTest.createAgent(holder.customerId(), policy);
        return new Connected(holder, created.getString("agent.id"), redeem(created.getString("deviceCode.code")));
    }

    static Map<String, Object> limits(long perTransaction, Long daily, Integer count, Long monthly) {
        Map<String, Object> limits = new HashMap<>();
        limits.put("currency", "USD");
        limits.put("perTransactionLimit", perTransaction);
        limits.put("dailyLimit", daily);
        limits.put("dailyTransactionLimit", count);
        limits.put("monthlyLimit", monthly);
        return limits;
    }

    /** The agent's quote of {@code amount} USD to its customer's MXN account. */
    static String quote(Connected agent, long amount) {
        return bearer(agent.token()).body(MoneyFixtures.quoteBody(agent.holder().account("USD"), agent.holder().account("MXN"), amount))
                .post("/agents/me/quotes").then().statusCode(201).extract().path("id");
    }

    static io.restassured.response.ValidatableResponse execute(Connected agent, String quoteId) {
        return bearer(agent.token()).post("/agents/me/quotes/" + quoteId + "/execute").then();
    }

    @Test
    void anAutoAgentExecutesWithinItsLimitsAndUsageCounts() {
        Connected agent = connected(limits(5_000, 8_000L, 3, 100_000L), Map.of());
        JsonPath action = execute(agent, quote(agent, 5_000)).statusCode(200).extract().jsonPath();
        assertEquals("APPROVED", action.getString("status"));
        assertEquals("EXECUTE_QUOTE", action.getString("type"));
        assertEquals(agent.agentId(), action.getString("agentId"));
        String transactionId = action.getString("transaction.id");
        assertNotNull(transactionId);
        assertEquals(agent.agentId(), action.getString("transaction.agentId"));
        MoneyFixtures.awaitTransaction(transactionId, "COMPLETED");
        api().get("/transactions/" + transactionId).then().body("agentId", equalTo(agent.agentId()));
        assertEquals(95_000, balance(agent.holder().account("USD")));
        bearer(agent.token()).get("/agents/me").then().statusCode(200)
                .body("usage.dailySpend", equalTo(5_000)).body("usage.dailyTransactionCount", equalTo(1))
                .body("usage.monthlySpend", equalTo(5_000));
        // At the per-transaction limit is allowed; one above is refused, with nothing moved.
        execute(agent, quote(agent, 5_001)).statusCode(403).body("code", equalTo("FORBIDDEN"));
        // The day's amount: 5,000 + 3,000 reaches 8,000 exactly; USD 1.00 more does not fit.
        execute(agent, quote(agent, 3_000)).statusCode(200).body("status", equalTo("APPROVED"));
        execute(agent, quote(agent, 100)).statusCode(403);
        // A new UTC day starts the day's counters again (the sandbox clock decides); the same quote twice is 409.
        nextUtcDay();
        String again = quote(agent, 100);
        execute(agent, again).statusCode(200);
        execute(agent, again).statusCode(409);
        bearer(agent.token()).get("/agents/me").then().body("usage.dailySpend", equalTo(100))
                .body("usage.dailyTransactionCount", equalTo(1));
        assertEquals(91_900, balance(agent.holder().account("USD")));
        assertLedgerClean();
    }

    @Test
    void anApprovalTheBalanceNoLongerCoversFailsAndMovesNothing() {
        Connected agent = connected(limits(90_000, null, null, null), Map.of("defaultExecutionMode", "APPROVAL_REQUIRED"));
        String actionId = execute(agent, quote(agent, 50_000)).statusCode(200).extract().path("id");
        // Meanwhile the platform moves most of the money away.
        api().body(MoneyFixtures.transferBody(agent.holder().account("USD"), agent.holder().account("MXN"), 90_000))
                .post("/quotes").then().statusCode(201);
        api().post("/agents/" + agent.agentId() + "/actions/" + actionId + "/approve").then().statusCode(200)
                .body("status", equalTo("FAILED"));
        MoneyFixtures.assertBalances(agent.holder().account("USD"), 10_000, 10_000);
        bearer(agent.token()).get("/agents/me").then().body("usage.dailyTransactionCount", equalTo(0));
        api().post("/agents/" + agent.agentId() + "/actions/" + actionId + "/approve").then().statusCode(409);
        assertLedgerClean();
    }

    @Test
    void aTransferWaitingForApprovalNeedsCreateTransfersNotExecuteQuotes() {
        Connected agent = connected(limits(50_000, null, null, null), Map.of("defaultExecutionMode", "APPROVAL_REQUIRED"));
        api().body(Map.of("permissions", List.of("CREATE_TRANSFERS"))).patch("/agents/" + agent.agentId() + "/policy")
                .then().statusCode(200);
        String bank = MoneyFixtures.externalUsdAccount(agent.holder().customerId(), "000");
        String actionId = bearer(agent.token()).body(Map.of("source", Map.of("accountId", agent.holder().account("USD")),
                        "destination", Map.of("accountId", bank), "amount", 1_500)).post("/agents/me/transfer-out")
                .then().statusCode(201).body("status", equalTo("PENDING_APPROVAL")).extract().path("id");
        api().post("/agents/" + agent.agentId() + "/actions/" + actionId + "/approve").then().statusCode(200)
                .body("status", equalTo("APPROVED"));
    }

    @Test
    void aNewPolicyCurrencyTakesTheDaysUsageAlong() {
        nextUtcDay(); // the day's usage must not roll over midway on the shared clock
        Connected agent = connected(limits(50_000, 10_000L, null, null), Map.of());
        execute(agent, quote(agent, 5_000)).statusCode(200);
        api().body(Map.of("spendingLimits", Map.of("currency", "EUR"))).patch("/agents/" + agent.agentId() + "/policy")
                .then().statusCode(200);
        long spent = bearer(agent.token()).get("/agents/me").then().extract().jsonPath().getLong("usage.dailySpend");
        assertTrue(spent > 0 && spent != 5_000, "USD 50.00 in EUR cents: " + spent);
        // Still USD 50.00 of USD 100.00 used: 60.00 more is over, 40.00 fits.
        execute(agent, quote(agent, 6_000)).statusCode(403);
        execute(agent, quote(agent, 4_000)).statusCode(200);
    }

    @Test
    void hugeLimitsThatCannotBeReDenominatedAreRefused() {
        Connected agent = connected(limits(9_000_000_000_000_000L, null, null, null), Map.of()); // the largest amount
        api().body(Map.of("spendingLimits", Map.of("currency", "MXN"))).patch("/agents/" + agent.agentId() + "/policy")
                .then().statusCode(400).body("details.errors.field", equalTo(List.of("spendingLimits.currency")));
    }

    @Test
    void anAgentCannotPayForACustomerWhoMustAuthenticateStrongly() {
        Holder eu = MoneyFixtures.customer("NL", List.of("EUR", "USD"));
        MoneyFixtures.fund(eu.account("EUR"), 10_000);
        JsonPath created = AgentManagementTest.createAgent(eu.customerId(), Map.of("permissions", List.of("CREATE_QUOTES", "EXECUTE_QUOTES"),
                "defaultExecutionMode", "AUTO", "spendingLimits", Map.of("currency", "EUR", "perTransactionLimit", 10_000)));
        String token = redeem(created.getString("deviceCode.code"));
        String quoteId = bearer(token).body(MoneyFixtures.quoteBody(eu.account("EUR"), eu.account("USD"), 1_000)).post("/agents/me/quotes")
                .then().statusCode(201).extract().path("id");
        bearer(token).post("/agents/me/quotes/" + quoteId + "/execute").then().statusCode(403);
        assertEquals(10_000, balance(eu.account("EUR")));
    }

    @Test
    void theMonthlyLimitAllowsExactlyItsAmount() {
        nextUtcMonth();
        Connected agent = connected(limits(50_000, null, null, 2_000L), Map.of());
        execute(agent, quote(agent, 1_000)).statusCode(200);
        execute(agent, quote(agent, 1_000)).statusCode(200);
        execute(agent, quote(agent, 100)).statusCode(403).body("reason", org.hamcrest.Matchers.containsString("monthly"));
        bearer(agent.token()).get("/agents/me").then().body("usage.monthlySpend", equalTo(2_000));
    }

    @Test
    void limitsInAnotherCurrencyConvertAndTheMonthStartsAgain() {
        Map<String, Object> eur = new HashMap<>(Map.of("currency", "EUR", "perTransactionLimit", 1));
        Connected agent = connected(eur, Map.of());
        // USD 1.00 is more than EUR 0.01: converted at the current rate, it breaks the limit.
        execute(agent, quote(agent, 100)).statusCode(403);
        Map<String, Object> limits = new HashMap<>(Map.of("perTransactionLimit", 1_000_000, "dailyTransactionLimit", 2,
                "monthlyLimit", 1_000_000));
        api().body(Map.of("spendingLimits", limits)).patch("/agents/" + agent.agentId() + "/policy").then().statusCode(200);
        nextUtcMonth();
        execute(agent, quote(agent, 1_000)).statusCode(200);
        execute(agent, quote(agent, 1_000)).statusCode(200);
        execute(agent, quote(agent, 1_000)).statusCode(403).body("reason", org.hamcrest.Matchers.containsString("2 payments"));
        JsonPath usage = bearer(agent.token()).get("/agents/me").then().statusCode(200).extract().jsonPath();
        long monthly = usage.getLong("usage.monthlySpend");
        assertTrue(monthly > 0 && monthly < 2_000, "USD 20.00 counted in EUR cents: " + monthly);
        assertEquals(2, usage.getInt("usage.dailyTransactionCount"));
        nextUtcMonth();
        bearer(agent.token()).get("/agents/me").then().body("usage.monthlySpend", equalTo(0))
                .body("usage.dailyTransactionCount", equalTo(0));
        execute(agent, quote(agent, 1_000)).statusCode(200);
        assertLedgerClean();
    }

    /** Moves the sandbox clock to just after the start of the next UTC month. */
    static void nextUtcMonth() {
        Instant now = Instant.parse(api().body(Map.of("seconds", 1)).post("/sandbox/clock/advance").then().statusCode(200)
                .extract().<String>path("now"));
        Instant start = now.atZone(ZoneOffset.UTC).toLocalDate().withDayOfMonth(1).plusMonths(1).atStartOfDay(ZoneOffset.UTC)
                .toInstant();
        api().body(Map.of("seconds", Duration.between(now, start).getSeconds() + 1)).post("/sandbox/clock/advance")
                .then().statusCode(200);
    }

    static void nextUtcDay() {
        Instant now = Instant.parse(api().body(Map.of("seconds", 1)).post("/sandbox/clock/advance").then().statusCode(200)
                .extract().<String>path("now"));
        Instant midnight = now.atZone(ZoneOffset.UTC).toLocalDate().plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        api().body(Map.of("seconds", Duration.between(now, midnight).getSeconds() + 1)).post("/sandbox/clock/advance")
                .then().statusCode(200);
    }

    @Test
    void aboveTheThresholdThePlatformDecides() throws Exception {
        Connected agent = connected(limits(50_000, null, null, null),
                Map.of("approvalThresholds", Map.of("currency", "USD", "amount", 1_000)));
        execute(agent, quote(agent, 1_000)).statusCode(200).body("status", equalTo("APPROVED"));
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            JsonPath pending = execute(agent, quote(agent, 1_001)).statusCode(200).extract().jsonPath();
            assertEquals("PENDING_APPROVAL", pending.getString("status"));
            assertEquals(null, pending.getString("transaction.id"));
            String actionId = pending.getString("id");
            WebhookReceiver.Delivery event = receiver.nextMatching("AGENT_ACTION.PENDING_APPROVAL", actionId, 10);
            assertNotNull(event);
            assertTrue(event.signatureValid());
            api().queryParam("agentId", agent.agentId()).get("/agents/approvals").then().statusCode(200)
                    .body("data.id", equalTo(List.of(actionId)));
            bearer(agent.token()).queryParam("status", "PENDING_APPROVAL").get("/agents/me/actions").then().statusCode(200)
                    .body("data.id", equalTo(List.of(actionId)));
            assertEquals(99_000, balance(agent.holder().account("USD")), "nothing moves while it waits");
            JsonPath approved = api().post("/agents/" + agent.agentId() + "/actions/" + actionId + "/approve").then().statusCode(200)
                    .extract().jsonPath();
            assertEquals("APPROVED", approved.getString("status"));
            MoneyFixtures.awaitTransaction(approved.getString("transaction.id"), "COMPLETED");
            api().post("/agents/" + agent.agentId() + "/actions/" + actionId + "/approve").then().statusCode(409);
            api().post("/agents/" + agent.agentId() + "/actions/" + actionId + "/reject").then().statusCode(409);
        }
        String rejected = execute(agent, quote(agent, 2_000)).statusCode(200).extract().path("id");
        api().body(Map.of("reason", "Not this week")).post("/agents/" + agent.agentId() + "/actions/" + rejected + "/reject")
                .then().statusCode(200).body("status", equalTo("REJECTED")).body("rejectionReason", equalTo("Not this week"));
        bearer(agent.token()).get("/agents/me/actions/" + rejected).then().statusCode(200).body("status", equalTo("REJECTED"));
        assertEquals(97_999, balance(agent.holder().account("USD")));
        bearer(agent.token()).get("/agents/me").then().body("usage.dailySpend", equalTo(2_001));
        assertLedgerClean();
    }

    @Test
    void transfersOutAndInAreActionsToo() {
        Connected agent = connected(limits(50_000, null, null, null), Map.of());
        String bank = MoneyFixtures.externalUsdAccount(agent.holder().customerId(), "000");
        Map<String, Object> out = Map.of("source", Map.of("accountId", agent.holder().account("USD")),
                "destination", Map.of("accountId", bank), "amount", 2_000);
        bearer(agent.token()).body(out).post("/agents/me/transfer-out").then().statusCode(403);
        api().body(Map.of("permissions", List.of("CREATE_TRANSFERS"))).patch("/agents/" + agent.agentId() + "/policy")
                .then().statusCode(200);
        JsonPath action = bearer(agent.token()).body(out).post("/agents/me/transfer-out").then().statusCode(201).extract().jsonPath();
        assertEquals("TRANSFER_OUT", action.getString("type"));
        assertEquals("APPROVED", action.getString("status"));
        assertEquals(2_000, action.getInt("transferDetails.amount"));
        assertEquals(bank, action.getString("transferDetails.destinationAccountId"));
        MoneyFixtures.awaitTransaction(action.getString("transaction.id"), "COMPLETED");
        assertEquals(98_000, balance(agent.holder().account("USD")));
        Map<String, Object> in = Map.of("source", Map.of("accountId", bank),
                "destination", Map.of("accountId", agent.holder().account("USD")), "amount", 500);
        JsonPath pulled = bearer(agent.token()).body(in).post("/agents/me/transfer-in").then().statusCode(201).extract().jsonPath();
        assertEquals("TRANSFER_IN", pulled.getString("type"));
        MoneyFixtures.awaitTransaction(pulled.getString("transaction.id"), "COMPLETED");
        assertEquals(98_500, balance(agent.holder().account("USD")));
        // Another customer's bank account is not there for this agent.
        Holder other = MoneyFixtures.approvedCustomer(List.of("USD"));
        String theirBank = MoneyFixtures.externalUsdAccount(other.customerId(), "000");
        bearer(agent.token()).body(Map.of("source", Map.of("accountId", agent.holder().account("USD")),
                "destination", Map.of("accountId", theirBank), "amount", 100)).post("/agents/me/transfer-out").then().statusCode(404);
        bearer(agent.token()).body(Map.of("amount", -1)).post("/agents/me/transfer-out").then().statusCode(400);
        // The pull rules are the same for agents: a bank account whose holder's name did not match is not debited.
        String unmatched = MoneyFixtures.externalUsdAccount(agent.holder().customerId(), "102");
        bearer(agent.token()).body(Map.of("source", Map.of("accountId", unmatched),
                        "destination", Map.of("accountId", agent.holder().account("USD")), "amount", 100)).post("/agents/me/transfer-in")
                .then().statusCode(400).body("code", equalTo("EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED"));
        assertEquals(98_500, balance(agent.holder().account("USD")));
        assertLedgerClean();
    }

    @Test
    void externalAccountsOfItsCustomerOnly() {
        Connected agent = connected(limits(50_000, null, null, null), Map.of());
        Map<String, Object> body = new HashMap<>(payments.account.ExternalAccountTest.usdAccount(agent.holder().customerId(), "000"));
        body.remove("customerId");
        bearer(agent.token()).body(body).post("/agents/me/external-accounts").then().statusCode(403);
        api().body(Map.of("permissions", List.of("MANAGE_EXTERNAL_ACCOUNTS"))).patch("/agents/" + agent.agentId() + "/policy")
                .then().statusCode(200);
        String created = bearer(agent.token()).body(body).post("/agents/me/external-accounts").then().statusCode(201)
                .body("customerId", equalTo(agent.holder().customerId())).extract().path("id");
        bearer(agent.token()).get("/agents/me/external-accounts").then().statusCode(200).body("data.id", equalTo(List.of(created)));
        bearer(agent.token()).get("/agents/me/external-accounts/" + created).then().statusCode(200);
        Holder other = MoneyFixtures.approvedCustomer(List.of("USD"));
        String theirs = MoneyFixtures.externalUsdAccount(other.customerId(), "000");
        bearer(agent.token()).get("/agents/me/external-accounts/" + theirs).then().statusCode(404);
        bearer(agent.token()).delete("/agents/me/external-accounts/" + theirs).then().statusCode(404);
        Map<String, Object> foreign = new HashMap<>(body);
        foreign.put("customerId", other.customerId());
        bearer(agent.token()).body(foreign).post("/agents/me/external-accounts").then().statusCode(400)
                .body("details.errors[0].field", equalTo("customerId"));
        bearer(agent.token()).delete("/agents/me/external-accounts/" + created).then().statusCode(204);
        bearer(agent.token()).get("/agents/me/external-accounts").then().statusCode(200).body("data", equalTo(List.of()));

        // Where incoming payments land is the platform's choice: an agent cannot redirect them.
        Map<String, Object> redirect = new HashMap<>(body);
        redirect.put("defaultUmaDepositAccount", true);
        bearer(agent.token()).body(redirect).post("/agents/me/external-accounts").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT")).body("details.errors.field", equalTo(List.of("defaultUmaDepositAccount")));
        bearer(agent.token()).get("/agents/me/external-accounts").then().statusCode(200).body("data", equalTo(List.of()));
    }

    @Test
    void aPaymentThatFailsLaterGivesItsUsageBack() {
        Connected agent = connected(limits(50_000, 60_000L, 5, null), Map.of());
        // The customer's own bank account ending 002: the sandbox rail fails the payout after it started.
        String failing = MoneyFixtures.externalUsdAccount(agent.holder().customerId(), "002");
        String quoteId = bearer(agent.token()).body(MoneyFixtures.quoteBody(agent.holder().account("USD"), failing, 4_000))
                .post("/agents/me/quotes").then().statusCode(201).extract().path("id");
        JsonPath action = execute(agent, quoteId).statusCode(200).extract().jsonPath();
        assertEquals("APPROVED", action.getString("status"));
        MoneyFixtures.awaitRefund(action.getString("transaction.id"), "COMPLETED");
        // The give-back is a job the settlement schedules: it follows the refund closely.
        String status = null;
        for (int i = 0; i < 100 && !"FAILED".equals(status); i++) {
            MoneyFixtures.sleep(100);
            status = bearer(agent.token()).get("/agents/me/actions/" + action.getString("id")).then().statusCode(200)
                    .extract().path("status");
        }
        assertEquals("FAILED", status);
        bearer(agent.token()).get("/agents/me").then().body("usage.dailySpend", equalTo(0))
                .body("usage.dailyTransactionCount", equalTo(0)).body("usage.monthlySpend", equalTo(0));
        assertEquals(100_000, balance(agent.holder().account("USD")));
        assertLedgerClean();
    }

    @Test
    void postQuotesTakesTheBearerTokenAndTransactionsApproveTakesTheAgentsPayment() {
        Connected agent = connected(limits(50_000, null, null, null), Map.of("defaultExecutionMode", "APPROVAL_REQUIRED"));
        JsonPath quote = bearer(agent.token())
                .body(MoneyFixtures.quoteBody(agent.holder().account("USD"), agent.holder().account("MXN"), 3_000))
                .post("/quotes").then().statusCode(201).extract().jsonPath();
        bearer(agent.token()).get("/agents/me/quotes/" + quote.getString("id")).then().statusCode(200);
        String actionId = execute(agent, quote.getString("id")).statusCode(200).body("status", equalTo("PENDING_APPROVAL"))
                .extract().path("id");
        String transactionId = quote.getString("transactionId");
        // A wrong body is refused before anything is decided, behind this real payment as behind an unknown id.
        for (String bad : List.of("\"yes\"", "[1]", "7", "{\"receiverCustomerInfo\": 5}")) {
            api().body(bad).post("/transactions/" + transactionId + "/approve").then().statusCode(400);
        }
        io.restassured.RestAssured.given().spec(api()).contentType("text/plain").body("{}").post("/transactions/" + transactionId + "/approve")
                .then().statusCode(415);
        bearer(agent.token()).get("/agents/me/actions/" + actionId).then().body("status", equalTo("PENDING_APPROVAL"));
        assertEquals(100_000, balance(agent.holder().account("USD")), "nothing moved on a refused body");
        api().post("/transactions/" + transactionId + "/approve").then().statusCode(200).body("id", equalTo(transactionId));
        bearer(agent.token()).get("/agents/me/actions/" + actionId).then().statusCode(200).body("status", equalTo("APPROVED"));
        MoneyFixtures.awaitTransaction(transactionId, "COMPLETED");
        assertEquals(97_000, balance(agent.holder().account("USD")));
        api().post("/transactions/" + transactionId + "/approve").then().statusCode(409);
        // An agent's waiting payment is rejected through /transactions/{id}/reject as it is approved through /approve.
        JsonPath second = bearer(agent.token())
                .body(MoneyFixtures.quoteBody(agent.holder().account("USD"), agent.holder().account("MXN"), 1_000))
                .post("/quotes").then().statusCode(201).extract().jsonPath();
        String secondAction = execute(agent, second.getString("id")).statusCode(200).extract().path("id");
        api().body(Map.of("reason", "Not today")).post("/transactions/" + second.getString("transactionId") + "/reject").then().statusCode(200);
        bearer(agent.token()).get("/agents/me/actions/" + secondAction).then().body("status", equalTo("REJECTED"));
        // Without CREATE_QUOTES, POST /quotes refuses the agent too.
        api().body(Map.of("permissions", List.of("EXECUTE_QUOTES"))).patch("/agents/" + agent.agentId() + "/policy").then().statusCode(200);
        bearer(agent.token()).body(MoneyFixtures.quoteBody(agent.holder().account("USD"), agent.holder().account("MXN"), 3_000))
                .post("/quotes").then().statusCode(403);
        assertLedgerClean();
    }

    @Test
    void anApprovalAfterTheQuoteExpiredFailsAndMovesNothing() {
        Connected agent = connected(limits(50_000, null, null, null), Map.of("defaultExecutionMode", "APPROVAL_REQUIRED"));
        String actionId = execute(agent, quote(agent, 2_500)).statusCode(200).body("status", equalTo("PENDING_APPROVAL"))
                .extract().path("id");
        api().body(Map.of("seconds", 6 * 60)).post("/sandbox/clock/advance").then().statusCode(200);
        api().post("/agents/" + agent.agentId() + "/actions/" + actionId + "/approve").then().statusCode(200)
                .body("status", equalTo("FAILED"));
        assertEquals(100_000, balance(agent.holder().account("USD")));
        bearer(agent.token()).get("/agents/me").then().body("usage.dailyTransactionCount", equalTo(0));
        assertLedgerClean();
    }

    @Test
    void aPausedAgentReadsButActsNotAndPermissionsGate() {
        Connected agent = connected(limits(50_000, null, null, null), Map.of());
        String quoteId = quote(agent, 100);
        api().body(Map.of("isPaused", true)).patch("/agents/" + agent.agentId()).then().statusCode(200);
        execute(agent, quoteId).statusCode(403);
        bearer(agent.token()).body(MoneyFixtures.quoteBody(agent.holder().account("USD"), agent.holder().account("MXN"), 100))
                .post("/agents/me/quotes").then().statusCode(403);
        bearer(agent.token()).get("/agents/me/quotes/" + quoteId).then().statusCode(200);
        api().body(Map.of("isPaused", false)).patch("/agents/" + agent.agentId()).then().statusCode(200);
        api().body(Map.of("permissions", List.of("CREATE_QUOTES"))).patch("/agents/" + agent.agentId() + "/policy").then().statusCode(200);
        execute(agent, quoteId).statusCode(403).body("reason", org.hamcrest.Matchers.containsString("EXECUTE_QUOTES"));
        // Accounts outside allowedAccountIds.
        api().body(Map.of("permissions", List.of("CREATE_QUOTES", "EXECUTE_QUOTES"),
                "accountRestrictions", Map.of("allowedAccountIds", List.of(agent.holder().account("MXN")))))
                .patch("/agents/" + agent.agentId() + "/policy").then().statusCode(200);
        execute(agent, quoteId).statusCode(403);
        assertEquals(100_000, balance(agent.holder().account("USD")));
        bearer(agent.token()).get("/agents/me/internal-accounts").then().statusCode(200)
                .body("data.id", equalTo(List.of(agent.holder().account("MXN"))));
        bearer(agent.token()).get("/agents/me/internal-accounts?type=NOT_A_TYPE").then().statusCode(400)
                .body("details.errors[0].field", equalTo("type"));
        // Without VIEW_TRANSACTIONS there is nothing to read.
        bearer(agent.token()).get("/agents/me/transactions").then().statusCode(403);
    }

    @Test
    void oneCustomersAgentNeverReachesAnothersResources() {
        Connected mine = connected(limits(50_000, null, null, null), Map.of("defaultExecutionMode", "APPROVAL_REQUIRED"));
        Connected theirs = connected(limits(50_000, null, null, null), Map.of("defaultExecutionMode", "APPROVAL_REQUIRED"));
        String theirQuote = quote(theirs, 100);
        String theirAction = execute(theirs, theirQuote).statusCode(200).extract().path("id");
        bearer(mine.token()).get("/agents/me/quotes/" + theirQuote).then().statusCode(404);
        execute(mine, theirQuote).statusCode(404);
        bearer(mine.token()).get("/agents/me/actions/" + theirAction).then().statusCode(404);
        bearer(mine.token()).body(MoneyFixtures.quoteBody(theirs.holder().account("USD"), mine.holder().account("MXN"), 100))
                .post("/agents/me/quotes").then().statusCode(404);
        bearer(mine.token()).body(MoneyFixtures.quoteBody(mine.holder().account("USD"), theirs.holder().account("MXN"), 100))
                .post("/agents/me/quotes").then().statusCode(404);
        bearer(mine.token()).get("/agents/me/actions").then().statusCode(200).body("data", equalTo(List.of()));
        // Transactions: its own customer's only.
        String theirFunding = api().queryParam("customerId", theirs.holder().customerId()).get("/transactions").then().statusCode(200)
                .extract().path("data[0].id");
        bearer(mine.token()).get("/agents/me/transactions/" + theirFunding).then().statusCode(404);
        bearer(theirs.token()).get("/agents/me/transactions/" + theirFunding).then().statusCode(200);
        bearer(mine.token()).get("/agents/me/transactions").then().statusCode(200).body("totalCount", equalTo(1))
                .body("data[0].customerId", equalTo(mine.holder().customerId()));
        // The platform's routes refuse a bearer token; approving takes the right agent.
        bearer(mine.token()).post("/agents/" + theirs.agentId() + "/actions/" + theirAction + "/approve").then().statusCode(401);
        api().post("/agents/" + mine.agentId() + "/actions/" + theirAction + "/approve").then().statusCode(404);
        api().get("/agents/approvals?customerId=" + theirs.holder().customerId()).then().statusCode(200)
                .body("data.id", hasItem(theirAction));
    }

    @Test
    void fiftyParallelPaymentsNeverPassTheDailyLimitTogether() throws Exception {
        nextUtcDay();
        Connected agent = connected(limits(1_000, 20_000L, null, null), Map.of());
        List<String> quotes = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            quotes.add(quote(agent, 1_000));
        }
        ExecutorService pool = Executors.newFixedThreadPool(25);
        try {
            List<Callable<Integer>> calls = quotes.stream().<Callable<Integer>>map(id -> () -> execute(agent, id).extract().statusCode()).toList();
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> status : pool.invokeAll(calls)) {
                statuses.add(status.get());
            }
            assertEquals(20, statuses.stream().filter(s -> s == 200).count(), statuses.toString());
            assertEquals(30, statuses.stream().filter(s -> s == 403).count(), statuses.toString());
        } finally {
            pool.shutdown();
        }
        assertEquals(80_000, balance(agent.holder().account("USD")));
        bearer(agent.token()).get("/agents/me").then().body("usage.dailySpend", equalTo(20_000))
                .body("usage.dailyTransactionCount", equalTo(20));
        assertLedgerClean();
    }
}
