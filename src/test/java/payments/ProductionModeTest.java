package payments;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static payments.TestSupport.api;

/** In production mode the sandbox endpoints do not exist; everything else behaves the same. */
@QuarkusTest
@TestProfile(ProductionModeTest.Production.class)
class ProductionModeTest {

    @jakarta.inject.Inject
    io.vertx.mutiny.sqlclient.Pool pool;
    @jakarta.inject.Inject
    payments.transaction.Deposits deposits;

    public static class Production implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // Production's JSON format, written to a file the test reads (the console handler writes
            // to the test run's own output); the authentication filter's refusals at DEBUG.
            return Map.of("svc.mode", "production", "svc.uma-domain", "payments.example.test", "svc.webhooks.allowed-hosts", "localhost",
                    "quarkus.log.file.enabled", "true", "quarkus.log.file.path", JSON_LOG.toString(),
                    "quarkus.log.file.json.enabled", "true",
                    "quarkus.log.category.\"payments.common.security.AuthFilter\".level", "DEBUG");
        }
    }

    static final java.nio.file.Path JSON_LOG = java.nio.file.Path.of("target", "production-json.log");

    /** Each request's log lines carry its id (answered in X-Request-Id), the caller's correlation id and the caller. */
    @Test
    void logLinesAreJsonWithTheRequestTheCorrelationAndTheCaller() throws Exception {
        java.util.Map<String, String> viewer = payments.TestSupport.newToken("VIEW");
        String requestId = payments.TestSupport.apiAs(viewer.get("clientId"), viewer.get("clientSecret"))
                .header("X-Correlation-Id", "order-4711").body(Map.of()).post("/customers")
                .then().statusCode(403).extract().header("X-Request-Id");
        com.fasterxml.jackson.databind.JsonNode line = null;
        for (int i = 0; i < 50 && line == null; i++) {
            line = java.nio.file.Files.readAllLines(JSON_LOG).stream().filter(text -> text.contains(requestId))
                    .map(text -> {
                        try {
                            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(text);
                        } catch (java.io.IOException e) {
                            throw new AssertionError("not a JSON line: " + text, e);
                        }
                    }).findFirst().orElse(null);
            if (line == null) {
                Thread.sleep(100);
            }
        }
        org.junit.jupiter.api.Assertions.assertNotNull(line, "a JSON line for request " + requestId);
        org.junit.jupiter.api.Assertions.assertEquals("order-4711", line.at("/mdc/correlationId").asText(), line.toString());
        org.junit.jupiter.api.Assertions.assertEquals(viewer.get("id"), line.at("/mdc/callerId").asText(), line.toString());
        org.junit.jupiter.api.Assertions.assertTrue(line.path("message").asText().contains("MANAGE"), line.toString());
        // A correlation id that is not a plain token is not copied into the logs: the request id stands in.
        String other = api().header("X-Correlation-Id", "bad\tvalue").get("/customers").then().statusCode(200)
                .extract().header("X-Request-Id");
        org.junit.jupiter.api.Assertions.assertNotEquals(requestId, other);
    }

    /** The start-up banner links only to what production answers: no Swagger UI, no console. */
    @Test
    void theBannerLinksOnlyToWhatProductionServes() throws java.io.IOException {
        String banner = java.nio.file.Files.readAllLines(JSON_LOG).stream().filter(text -> text.contains("(production mode)"))
                .reduce((first, last) -> last).orElseThrow(() -> new AssertionError("no banner in " + JSON_LOG));
        org.junit.jupiter.api.Assertions.assertTrue(banner.contains("Base URL"), banner);
        org.junit.jupiter.api.Assertions.assertFalse(banner.contains("swagger-ui"), banner);
        org.junit.jupiter.api.Assertions.assertFalse(banner.contains("/console"), banner);
    }

    /** Production serves the console for its operators, but not the sandbox's forms (clock, funding, card simulations). */
    @Test
    void theConsoleIsServedWithoutTheSandboxsForms() {
        io.restassured.RestAssured.given().redirects().follow(false).get("/console").then().statusCode(302)
                .header("Location", org.hamcrest.Matchers.endsWith(payments.TestSupport.BASE + "/console"));
        io.restassured.RestAssured.given().redirects().follow(false).get(payments.TestSupport.BASE + "/console/login").then().statusCode(200);
        for (String form : java.util.List.of("/console/clock/advance", "/console/accounts/InternalAccount:x/fund", "/console/cards/Card:x/authorize")) {
            io.restassured.RestAssured.given().redirects().follow(false).contentType(io.restassured.http.ContentType.URLENC)
                    .formParam("form", "x").post(payments.TestSupport.BASE + form).then().statusCode(404);
        }
    }

    /** No card issuer is connected in production: every card endpoint says so. */
    @Test
    void cardEndpointsAnswer501() {
        String card = "/cards/Card:00000000-0000-7000-8000-000000000000";
        api().get("/cards").then().statusCode(501).body("code", equalTo("NOT_IMPLEMENTED"));
        api().get(card).then().statusCode(501).body("code", equalTo("NOT_IMPLEMENTED"));
        api().body(Map.of("status", "FROZEN")).patch(card).then().statusCode(501).body("code", equalTo("NOT_IMPLEMENTED"));
        api().header("Idempotency-Key", "k").body(Map.of()).post("/cards").then().statusCode(501);
        api().post(card + "/reveal").then().statusCode(501);
        api().body(Map.of()).post(card + "/tokenize").then().statusCode(501);
        api().body(Map.of()).post(card.replace("/cards", "/sandbox/cards") + "/simulate/authorization").then().statusCode(404);
    }

    /** Production decides no packet by itself: a complete one waits for the platform's compliance staff (the operator queue). */
    @Test
    void aCompletePacketWaitsForTheComplianceStaffWhoApproveIt() {
        approvedByComplianceStaff("Pia Production");
    }

    /**
     * In production COMPLIANCE_REVIEW comes only from the operator's configured credential: the
     * platform's own MANAGE token cannot mint it (else it could approve its own customers).
     */
    @Test
    void noApiCallGrantsComplianceReview() {
        api().body(Map.of("name", "desk", "permissions", java.util.List.of("COMPLIANCE_REVIEW"))).post("/tokens").then()
                .statusCode(403).body("code", equalTo("FORBIDDEN")).body("details.errors[0].field", equalTo("permissions"));
        api().get("/tokens").then().statusCode(200).body("data.find { it.name == 'compliance desk' }.permissions",
                equalTo(java.util.List.of("COMPLIANCE_REVIEW")));
        TestSupport.complianceDesk().get("/compliance/reviews").then().statusCode(200);
        TestSupport.complianceDesk().get("/customers").then().statusCode(403);
    }

    /** A customer whose complete packet the compliance staff approved (asserts each step). */
    private static String approvedByComplianceStaff(String fullName) {
        String customerId = payments.verification.VerificationTest.completeIndividual(fullName);
        payments.verification.VerificationTest.upload(customerId, "PASSPORT", payments.verification.VerificationTest.PNG);
        String verificationId = payments.verification.VerificationTest.submit(customerId).getString("id");
        api().get("/verifications/" + verificationId).then().body("verificationStatus", equalTo("IN_PROGRESS"));
        TestSupport.complianceDesk().body(java.util.Map.of("reason", "Checked"))
                .post("/compliance/reviews/" + verificationId + "/approve").then().statusCode(200);
        api().get("/customers/" + customerId).then().body("kycStatus", equalTo("APPROVED"));
        return customerId;
    }

    /**
     * A production server without a rail cannot pay a sweep out to a bank account: such rules are
     * refused, and one made before falls back to the holder's own account (the deposit FAILED,
     * SWEEP_QUOTE_FAILED), never to the rail. (With a rail: AchRailTest.)
     */
    @Test
    void aRuleBasedAccountSweepsOnlyToTheHoldersOwnInternalAccount() throws Throwable {
        String customerId = approvedByComplianceStaff("Rita Rule");
        String own = MoneyFixtures.activeAccounts(customerId).get("USD");
        String bank = api().body(payments.account.ExternalAccountTest.usdAccount(customerId, "000"))
                .post("/customers/external-accounts").then().statusCode(201).extract().path("id");
        api().body(ruleBased(customerId, bank)).post("/internal-accounts").then().statusCode(400)
                .body("details.errors[0].field", equalTo("sweepRule.destinationAccountId"));
        String ruleBasedId = api().body(ruleBased(customerId, own)).post("/internal-accounts").then().statusCode(201)
                .extract().path("id");
        java.util.UUID ruleBasedUuid = java.util.UUID.fromString(ruleBasedId.substring(ruleBasedId.indexOf(':') + 1));
        for (int i = 0; i < 100 && !"ACTIVE".equals(api().get("/internal-accounts/" + ruleBasedId).then().extract().path("status")); i++) {
            Thread.sleep(100);
        }
        // A rule made before this check: it names the bank account.
        pool.preparedQuery("UPDATE internal_accounts SET sweep_rule = $1 WHERE id = $2").executeAndAwait(io.vertx.mutiny.sqlclient.Tuple.of(
                new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(Map.of("destinationAccountId", bank)), ruleBasedUuid));
        long rail = systemBalance("RAIL");
        String platformCustomerId = api().get("/customers/" + customerId).then().extract().path("platformCustomerId");

        String depositId = io.quarkus.vertx.VertxContextSupport.subscribeAndAwait(() -> io.quarkus.hibernate.reactive.panache.Panache.withTransaction(
                () -> payments.account.InternalAccount.<payments.account.InternalAccount>findById(ruleBasedUuid).flatMap(account -> deposits.credit(
                        new payments.transaction.Deposits.Deposit(account, platformCustomerId, 5_000, payments.ledger.Journal.SystemAccount.RAIL,
                                "REALTIME_FUNDING", "Bank transfer", "Bank transfer", null)))))
                .wireId();
        api().get("/transactions/" + depositId).then().statusCode(200).body("status", equalTo("FAILED"))
                .body("failureReason", equalTo("SWEEP_QUOTE_FAILED"));
        assertEquals(5_000, MoneyFixtures.balance(own), "the holder's own account took the deposit");
        assertEquals(0, MoneyFixtures.balance(ruleBasedId));
        assertEquals(rail - 5_000, systemBalance("RAIL"), "the rail only gave the money; nothing went back to it");
    }

    private static Map<String, Object> ruleBased(String customerId, String destination) {
        return Map.of("type", "RULE_BASED", "currency", "USD", "customerId", customerId,
                "sweepRule", Map.of("destinationAccountId", destination, "payerReference", "INV-7"));
    }

    private long systemBalance(String account) {
        var rows = pool.preparedQuery("SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE system_account = $1 AND currency = 'USD'")
                .executeAndAwait(io.vertx.mutiny.sqlclient.Tuple.of(account));
        return rows.iterator().next().getLong(0);
    }

    /** Ownership is proved only by a signature this server checks: no liveness page, no signature accepted unchecked. */
    @Test
    void walletOwnershipTakesOnlyASignatureTheServerChecks() {
        String customerId = payments.account.OwnershipVerificationTest.euCustomer();
        String solana = payments.account.OwnershipVerificationTest.wallet(customerId, "SOLANA_WALLET", "USDC",
                payments.account.WalletSignaturesTest.SOLANA_ADDRESS);
        String challenge = payments.account.OwnershipVerificationTest.challengePath(solana);
        api().body(Map.of("method", "LIVENESS")).post(challenge).then().statusCode(501).body("code", equalTo("NOT_IMPLEMENTED"));
        api().body(Map.of("method", "WALLET_SIGNATURE")).post(challenge).then().statusCode(201);
        api().body(Map.of("signature", "sandbox-valid-signature")).post("/customers/external-accounts/" + solana + "/verify")
                .then().statusCode(400);
        api().get("/customers/external-accounts/" + solana).then().body("status", equalTo("UNVERIFIED"));

        String spark = payments.account.OwnershipVerificationTest.wallet(customerId, "SPARK_WALLET", "BTC",
                "spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu");
        api().body(Map.of("method", "WALLET_SIGNATURE")).post(payments.account.OwnershipVerificationTest.challengePath(spark))
                .then().statusCode(400).body("details.errors[0].field", equalTo("method"));
    }

    /** What needs a provider's hosted check answers 501: the KYC link, an SCA factor reset. */
    @Test
    void hostedVerificationAndFactorResetsNeedAProvider() {
        java.util.Map<String, Object> body = payments.customer.CustomerTest.individual("prod-" + java.util.UUID.randomUUID(), "Paola Prova");
        body.put("region", "IT");
        String customerId = api().body(body).post("/customers").then().statusCode(201).extract().path("id");
        api().body(Map.of()).post("/customers/" + customerId + "/kyc-link").then().statusCode(501)
                .body("code", equalTo("NOT_IMPLEMENTED"));
        api().queryParam("customerId", customerId).body(Map.of("factor", "TOTP")).post("/sca/factors/reset").then().statusCode(501)
                .body("code", equalTo("NOT_IMPLEMENTED"));
    }

    @Test
    void invitationsNeedTheirClaimPageConfigured() {
        String uma = api().body(payments.customer.CustomerTest.individual(TestSupport.uniqueCustomerRef("prod-inviter"), "Pat Prod"))
                .post("/customers").then().statusCode(201).extract().path("umaAddress");
        api().body(Map.of("inviterUma", uma)).post("/invitations").then().statusCode(400)
                .body("code", equalTo("INVITATIONS_NOT_CONFIGURED"));
    }

    @Test
    void sandboxEndpointsAnswer404() {
        api().post("/sandbox/webhooks/test").then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        api().body(Map.of("seconds", 10)).post("/sandbox/clock/advance").then().statusCode(404);
    }

    /**
     * No payment rail or UMA network is connected in production: legs that need one answer 501 and
     * move nothing; a payment between the platform's own internal accounts goes through the same
     * ledger as in the sandbox (here it finds the account empty, as nothing can fund it).
     */
    @Test
    void moneyLegsThatNeedARailSay501AndInternalPaymentsUseTheLedger() {
        api().get("/receiver/uma/$success.usd@sandbox.uma.money").then().statusCode(501)
                .body("code", equalTo("NOT_IMPLEMENTED"));
        io.restassured.path.json.JsonPath platform = api().get("/platform/internal-accounts").then().statusCode(200)
                .extract().jsonPath();
        String usd = platform.getString("data.find { it.balance.currency.code == 'USD' }.id");
        String eur = platform.getString("data.find { it.balance.currency.code == 'EUR' }.id");
        String bank = api().body(payments.account.ExternalAccountTest.usdAccount(null, "000"))
                .post("/platform/external-accounts").then().statusCode(201).extract().path("id");

        var toBank = MoneyFixtures.quoteBody(usd, bank, 1000);
        api().body(toBank).post("/quotes").then().statusCode(501).body("code", equalTo("NOT_IMPLEMENTED"));
        var fromBank = MoneyFixtures.quoteBody(bank, usd, 1000);
        api().body(fromBank).post("/quotes").then().statusCode(501).body("code", equalTo("NOT_IMPLEMENTED"));

        String quote = api().body(MoneyFixtures.quoteBody(usd, eur, 1000)).post("/quotes").then().statusCode(201)
                .body("receivingCurrency.code", equalTo("EUR"))
                .extract().path("id");
        api().post("/quotes/" + quote + "/execute").then().statusCode(400).body("code", equalTo("INSUFFICIENT_FUNDS"));
        api().get("/sandbox/ledger/audit").then().statusCode(404);
        api().get("/internal-accounts/" + usd).then().statusCode(200).body("balance.amount", equalTo(0));
    }

    @Test
    void diagnosticsAreClosedAndHealthStaysOpen() {
        for (String path : java.util.List.of("/q/metrics", "/q/openapi", "/q/swagger-ui/", "/q/swagger-ui/index.html")) {
            io.restassured.RestAssured.given().get(path).then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        }
        io.restassured.RestAssured.given().get("/q/health/ready").then().statusCode(200);
    }

    /** The signing key generated in the database is sealed with the configured secrets key, never stored readable. */
    @Test
    void theGeneratedWebhookSigningKeyIsStoredSealed() {
        String stored = pool.query("SELECT value FROM server_settings WHERE name = 'webhook.signing-key'").execute()
                .await().indefinitely().iterator().next().getString(0);
        org.junit.jupiter.api.Assertions.assertTrue(stored.startsWith("v1:"), stored);
        org.junit.jupiter.api.Assertions.assertFalse(stored.contains("PRIVATE KEY"));
    }

    /** The server posts webhooks from inside its network: addresses only that network knows are refused. */
    @Test
    void webhookEndpointsMustNotReachInternalAddresses() {
        for (String endpoint : java.util.List.of("https://127.0.0.1:5432/", "https://169.254.169.254/latest/meta-data",
                "https://10.1.2.3/hooks", "https://192.168.0.10/", "https://[::1]/", "https://0.0.0.0/", "https://[fd00::1]/")) {
            io.restassured.response.Response refused = api().body(Map.of("webhookEndpoint", endpoint)).patch("/config");
            org.junit.jupiter.api.Assertions.assertEquals(400, refused.statusCode(), endpoint + ": " + refused.asString());
            org.junit.jupiter.api.Assertions.assertEquals("webhookEndpoint", refused.jsonPath().getString("details.errors[0].field"));
            org.junit.jupiter.api.Assertions.assertFalse(refused.asString().contains("5432"), refused.asString());
        }
        // A host the operator allows by name (svc.webhooks.allowed-hosts) may resolve to loopback.
        api().body(Map.of("webhookEndpoint", "https://localhost:9/hooks")).patch("/config").then().statusCode(200);
        api().body(Map.of("webhookEndpoint", "")).patch("/config").then().statusCode(200);
    }

    @Test
    void productionWebhookEndpointsMustBeHttps() {
        api().body(Map.of("webhookEndpoint", "http://example.com/hooks")).patch("/config").then().statusCode(400)
                .body("details.errors[0].field", equalTo("webhookEndpoint"));
        api().get("/config").then().statusCode(200);
    }
}
