package payments.agent;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** Agents as the platform manages them, and how agent software connects with a device code. */
@QuarkusTest
class AgentManagementTest {

    static Map<String, Object> policy(String currency, long perTransaction) {
        Map<String, Object> limits = new HashMap<>();
        limits.put("currency", currency);
        limits.put("perTransactionLimit", perTransaction);
        limits.put("dailyLimit", perTransaction * 10);
        limits.put("dailyTransactionLimit", 5);
        limits.put("monthlyLimit", perTransaction * 100);
        return new HashMap<>(Map.of("permissions", List.of("VIEW_TRANSACTIONS", "CREATE_QUOTES"),
                "defaultExecutionMode", "AUTO", "spendingLimits", limits));
    }

    static JsonPath createAgent(String customerId, Map<String, Object> policy) {
        return api().body(Map.of("name", "Budget bot", "customerId", customerId, "policy", policy)).post("/agents")
                .then().statusCode(201).extract().jsonPath();
    }

    private static final String BASE = "/2025-10-13";

    static String redeem(String code) {
        return RestAssured.given().basePath(BASE).post("/agents/device-codes/" + code + "/redeem").then().statusCode(200)
                .extract().path("accessToken");
    }

    @Test
    void anAgentIsCreatedWithADeviceCodeTheSoftwareRedeemsOnce() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        JsonPath created = createAgent(holder.customerId(), policy("USD", 10_000));
        String agentId = created.getString("agent.id");
        assertTrue(agentId.startsWith("Agent:"));
        assertEquals(false, created.getBoolean("agent.isConnected"));
        assertEquals(false, created.getBoolean("agent.isPaused"));
        assertEquals(holder.customerId(), created.getString("agent.customerId"));
        assertEquals(List.of("VIEW_TRANSACTIONS", "CREATE_QUOTES"), created.getList("agent.policy.permissions"));
        assertEquals(0, created.getInt("agent.usage.dailyTransactionCount"));
        String code = created.getString("deviceCode.code");
        assertTrue(code.matches("[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}"), code);
        assertEquals(agentId, created.getString("deviceCode.agentId"));
        assertEquals(false, created.getBoolean("deviceCode.redeemed"));
        Duration lifetime = Duration.between(Instant.parse(created.getString("agent.createdAt")),
                Instant.parse(created.getString("deviceCode.expiresAt")));
        assertEquals(Duration.ofHours(24), lifetime);

        api().get("/agents/device-codes/" + code + "/status").then().statusCode(200)
                .body("code", equalTo(code)).body("redeemed", equalTo(false));
        JsonPath redeemed = RestAssured.given().basePath(BASE).post("/agents/device-codes/" + code + "/redeem")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(agentId, redeemed.getString("agentId"));
        assertEquals("Budget bot", redeemed.getString("agentName"));
        assertEquals("AUTO", redeemed.getString("policy.defaultExecutionMode"));
        String token = redeemed.getString("accessToken");
        api().get("/agents/device-codes/" + code + "/status").then().statusCode(200).body("redeemed", equalTo(true));
        api().get("/agents/" + agentId).then().statusCode(200).body("isConnected", equalTo(true))
                .body(org.hamcrest.Matchers.not(org.hamcrest.Matchers.containsString(token)));
        // Once only; unknown codes are 404.
        RestAssured.given().basePath(BASE).post("/agents/device-codes/" + code + "/redeem").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT"));
        RestAssured.given().basePath(BASE).post("/agents/device-codes/2222-2222-2222/redeem").then().statusCode(404);
        api().get("/agents/device-codes/nope/status").then().statusCode(404);

        // The token reaches the agent's own routes only; the platform's routes refuse it, and Basic is refused on /agents/me.
        LocalDate today = Instant.parse(api().body(Map.of("seconds", 1)).post("/sandbox/clock/advance").then().statusCode(200)
                .extract().<String>path("now")).atZone(ZoneOffset.UTC).toLocalDate();
        bearer(token).get("/agents/me").then().statusCode(200).body("id", equalTo(agentId))
                .body("usage.dailyResetDate", equalTo(today.plusDays(1).toString()))
                .body("usage.monthlyResetMonth", equalTo(YearMonth.from(today).plusMonths(1).toString()));
        bearer(token).get("/agents").then().statusCode(401);
        bearer(token).get("/customers").then().statusCode(401);
        bearer(token + "x").get("/agents/me").then().statusCode(401);
        api().get("/agents/me").then().statusCode(401);
        // A connected agent gets no new code.
        api().post("/agents/" + agentId + "/device-codes").then().statusCode(409);
    }

    /** An access token expires after its lifetime (90 days): the agent shows isConnected false and takes a new device code. */
    @Test
    void anAccessTokenExpiresAndTheAgentConnectsAgainWithANewCode() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        JsonPath created = createAgent(holder.customerId(), policy("USD", 10_000));
        String agentId = created.getString("agent.id");
        String token = RestAssured.given().basePath(BASE).post("/agents/device-codes/" + created.getString("deviceCode.code") + "/redeem")
                .then().statusCode(200).extract().path("accessToken");
        bearer(token).get("/agents/me").then().statusCode(200);
        api().queryParam("isConnected", "true").queryParam("customerId", holder.customerId()).get("/agents").then().statusCode(200)
                .body("data.id", equalTo(List.of(agentId)));

        api().body(Map.of("seconds", 90 * 24 * 3600 + 1)).post("/sandbox/clock/advance").then().statusCode(200);
        bearer(token).get("/agents/me").then().statusCode(401);
        api().get("/agents/" + agentId).then().statusCode(200).body("isConnected", equalTo(false));
        api().queryParam("isConnected", "false").queryParam("customerId", holder.customerId()).get("/agents").then().statusCode(200)
                .body("data.id", equalTo(List.of(agentId)));
        String code = api().post("/agents/" + agentId + "/device-codes").then().statusCode(201).extract().path("code");
        String renewed = RestAssured.given().basePath(BASE).post("/agents/device-codes/" + code + "/redeem").then().statusCode(200)
                .extract().path("accessToken");
        bearer(renewed).get("/agents/me").then().statusCode(200).body("isConnected", equalTo(true));
        bearer(token).get("/agents/me").then().statusCode(401);
    }

    static RequestSpecification bearer(String token) {
        return RestAssured.given().basePath(BASE).header("Authorization", "Bearer " + token).contentType("application/json");
    }

    @Test
    void aNewDeviceCodeReplacesTheOldOneAndCodesExpire() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        JsonPath created = createAgent(holder.customerId(), policy("USD", 10_000));
        String agentId = created.getString("agent.id");
        String first = created.getString("deviceCode.code");
        JsonPath second = api().post("/agents/" + agentId + "/device-codes").then().statusCode(201).extract().jsonPath();
        assertFalse(first.equals(second.getString("code")));
        RestAssured.given().basePath(BASE).post("/agents/device-codes/" + first + "/redeem").then().statusCode(400);
        api().body(Map.of("seconds", 24 * 3600 + 1)).post("/sandbox/clock/advance").then().statusCode(200);
        RestAssured.given().basePath(BASE).post("/agents/device-codes/" + second.getString("code") + "/redeem")
                .then().statusCode(400).body("details.errors[0].message", org.hamcrest.Matchers.containsString("expired"));
        String third = api().post("/agents/" + agentId + "/device-codes").then().statusCode(201).extract().path("code");
        // Typed in lower case, without dashes: the same code.
        RestAssured.given().basePath(BASE).post("/agents/device-codes/" + third.replace("-", "").toLowerCase() + "/redeem")
                .then().statusCode(200);
    }

    @Test
    void redeemingIsRateLimitedPerCodePrefix() {
        String prefix = "Z" + UUID.randomUUID().toString().replaceAll("[^2-9]", "").substring(0, 3);
        for (int i = 0; i < 5; i++) {
            RestAssured.given().basePath(BASE).post("/agents/device-codes/" + prefix + "-ZZZZ-ZZZ" + (2 + i) + "/redeem")
                    .then().statusCode(404);
        }
        RestAssured.given().basePath(BASE).post("/agents/device-codes/" + prefix + "-ZZZZ-ZZZZ/redeem").then().statusCode(429)
                .header("Retry-After", notNullValue()).body("code", equalTo("RATE_LIMITED"));
    }

    @Test
    void everyInvalidFieldIsListedAtOnce() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder other = MoneyFixtures.approvedCustomer(List.of("USD"));
        Map<String, Object> bad = new HashMap<>();
        bad.put("permissions", List.of("FLY"));
        bad.put("defaultExecutionMode", "SOMETIMES");
        bad.put("spendingLimits", Map.of("currency", "XYZ", "perTransactionLimit", 0));
        bad.put("accountRestrictions", Map.of("allowedAccountIds", List.of("nope")));
        bad.put("approvalThresholds", Map.of("amount", 100));
        api().body(Map.of("name", "", "customerId", "Customer:nope", "policy", bad)).post("/agents").then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("name", "customerId", "policy.permissions[0]",
                        "policy.defaultExecutionMode", "policy.spendingLimits.currency", "policy.spendingLimits.perTransactionLimit",
                        "policy.accountRestrictions.allowedAccountIds[0]", "policy.approvalThresholds.currency"));
        api().body(Map.of()).post("/agents").then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("name", "customerId", "policy"));
        Map<String, Object> foreign = policy("USD", 100);
        foreign.put("accountRestrictions", Map.of("allowedAccountIds", List.of(other.account("USD"))));
        api().body(Map.of("name", "x", "customerId", holder.customerId(), "policy", foreign)).post("/agents").then().statusCode(400)
                .body("details.errors.field", hasItem("policy.accountRestrictions"));
        api().body(Map.of("name", "x", "customerId", "Customer:" + UUID.randomUUID(), "policy", policy("USD", 100))).post("/agents")
                .then().statusCode(400).body("code", equalTo("INVALID_INPUT")).body("details.errors[0].field", equalTo("customerId"));
    }

    @Test
    void pausingRenamingAndDeletingAnAgent() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        JsonPath created = createAgent(holder.customerId(), policy("USD", 10_000));
        String agentId = created.getString("agent.id");
        String token = redeem(created.getString("deviceCode.code"));
        api().body(Map.of("isPaused", true, "name", "Paused bot")).patch("/agents/" + agentId).then().statusCode(200)
                .body("isPaused", equalTo(true)).body("name", equalTo("Paused bot"));
        bearer(token).get("/agents/me").then().statusCode(200).body("isPaused", equalTo(true));
        api().body(Map.of()).patch("/agents/" + agentId).then().statusCode(400).body("details.errors.field", equalTo(List.of("body")));
        Map<String, Object> nulls = new HashMap<>();
        nulls.put("isPaused", null);
        nulls.put("name", 7);
        api().body(nulls).patch("/agents/" + agentId).then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("isPaused", "name"));
        api().queryParam("customerId", holder.customerId()).queryParam("isPaused", "true").get("/agents").then().statusCode(200)
                .body("data.id", equalTo(List.of(agentId)));
        api().queryParam("customerId", holder.customerId()).queryParam("isConnected", "false").get("/agents").then().statusCode(200)
                .body("data", equalTo(List.of()));
        api().queryParam("isPaused", "maybe").queryParam("createdAfter", "yesterday").get("/agents").then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("isPaused", "createdAfter"));

        api().delete("/agents/" + agentId).then().statusCode(204);
        bearer(token).get("/agents/me").then().statusCode(401);
        api().get("/agents/" + agentId).then().statusCode(404).body("code", equalTo("TRANSACTION_NOT_FOUND"));
        api().delete("/agents/" + agentId).then().statusCode(404).body("code", equalTo("TRANSACTION_NOT_FOUND"));
        api().queryParam("customerId", holder.customerId()).get("/agents").then().statusCode(200).body("totalCount", equalTo(0));
    }

    @Test
    void thePolicyChangesPartiallyAndANewCurrencyReDenominatesTheLimits() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        String agentId = createAgent(holder.customerId(), policy("USD", 10_000)).getString("agent.id");
        JsonPath changed = api().body(Map.of("permissions", List.of("EXECUTE_QUOTES"), "spendingLimits", Map.of("currency", "EUR")))
                .patch("/agents/" + agentId + "/policy").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of("EXECUTE_QUOTES"), changed.getList("policy.permissions"));
        assertEquals("AUTO", changed.getString("policy.defaultExecutionMode"));
        assertEquals("EUR", changed.getString("policy.spendingLimits.currency"));
        long perTransaction = changed.getLong("policy.spendingLimits.perTransactionLimit");
        assertTrue(perTransaction > 0 && perTransaction != 10_000, "USD 100.00 re-denominated in EUR: " + perTransaction);
        assertEquals(5, changed.getInt("policy.spendingLimits.dailyTransactionLimit"));
        Map<String, Object> clear = new HashMap<>();
        clear.put("dailyLimit", null);
        clear.put("perTransactionLimit", 500);
        api().body(Map.of("spendingLimits", clear, "accountRestrictions", Map.of("allowedAccountIds", List.of(holder.account("USD")))))
                .patch("/agents/" + agentId + "/policy").then().statusCode(200)
                .body("policy.spendingLimits.dailyLimit", org.hamcrest.Matchers.nullValue())
                .body("policy.spendingLimits.perTransactionLimit", equalTo(500))
                .body("policy.accountRestrictions.allowedAccountIds", equalTo(List.of(holder.account("USD"))));
        api().body(Map.of()).patch("/agents/" + agentId + "/policy").then().statusCode(400);
        api().body(Map.of("defaultExecutionMode", "NEVER")).patch("/agents/" + agentId + "/policy").then().statusCode(400)
                .body("details.errors.field", equalTo(List.of("defaultExecutionMode")));
        api().body(Map.of("permissions", List.of())).patch("/agents/Agent:" + UUID.randomUUID() + "/policy").then().statusCode(404);
    }
}
