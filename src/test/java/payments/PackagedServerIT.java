package payments;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import payments.wallet.PasskeyFlow;
import payments.wallet.WalletClient;

import java.util.Map;

import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged server as users run it, started by Quarkus from the build's output: the jar in
 * {@code ./mvnw verify}, the native binary in {@code ./mvnw verify -Dnative} where a native builder
 * exists (README "Native image"). It reaches the tests' embedded PostgreSQL as an external database
 * (a native binary has none of its own). One walk through what a native image must have kept:
 * JSON records both ways, Hibernate entities, the job runner, the ledger, and the webhook signature
 * (a P-256 key made and sealed at start, its provider looked up at run time).
 */
@QuarkusIntegrationTest
@QuarkusTestResource(value = PackagedServerIT.Settings.class, restrictToAnnotatedClass = true)
class PackagedServerIT {

    /** What the test profile would set, given to the packaged server (it runs with the prod profile). */
    public static class Settings implements QuarkusTestResourceLifecycleManager {
        @Override
        public Map<String, String> start() {
            return Map.of("svc.api-client-id", TestSupport.CLIENT_ID, "svc.api-client-secret", TestSupport.CLIENT_SECRET,
                    "svc.sandbox-credentials-file", "target/packaged-server/sandbox-credentials.env",
                    "svc.sandbox-secrets-key-file", "target/packaged-server/secrets.key",
                    "svc.jobs.poll-interval", "100ms",
                    "svc.wallets.passkey-rp-id", PasskeyFlow.RP_ID, "svc.wallets.passkey-origins", PasskeyFlow.ORIGIN);
        }

        @Override
        public void stop() {
        }
    }

    @Test
    void aPaymentSettlesAndItsEventsArriveSigned() throws Exception {
        RestAssured.get("/q/health/ready").then().statusCode(200);
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            MoneyFixtures.Parties parties = MoneyFixtures.fundedParties("USD", 10_000);
            String payer = parties.payer().account("USD");
            String payee = parties.payee().account("USD");
            String transactionId = TestSupport.api().body(MoneyFixtures.transferBody(payer, payee, 2_500)).post("/quotes")
                    .then().statusCode(201).extract().path("transactionId");
            MoneyFixtures.awaitTransaction(transactionId, "COMPLETED");
            MoneyFixtures.assertBalances(payer, 7_500, 7_500);
            MoneyFixtures.assertBalances(payee, 2_500, 2_500);
            TestSupport.api().queryParam("customerId", parties.payer().customerId()).get("/transactions")
                    .then().statusCode(200).body("data[0].id", is(transactionId));
            WebhookReceiver.Delivery completed = receiver.nextMatching("OUTGOING_PAYMENT.COMPLETED", transactionId, 20);
            assertNotNull(completed, "the payment's completion was delivered");
            assertTrue(completed.signatureValid(), "signed with the key GET /config publishes");
        }
    }

    @Test
    void aWalletRegistersAPasskeyAndLogsInWithIt() {
        PasskeyFlow.Registered passkey = PasskeyFlow.registered();
        Response challenge = PasskeyFlow.challenge(passkey.credentialId(), WalletClient.compressed(WalletClient.newKey()));
        assertEquals(200, challenge.statusCode(), challenge.asString());
        Response session = PasskeyFlow.verify(passkey.credentialId(), passkey.authenticator().assertion(challenge.jsonPath().getString("challenge")),
                challenge.jsonPath().getString("requestId"));
        assertEquals(200, session.statusCode(), session.asString());
        assertEquals("PASSKEY", session.jsonPath().getString("type"));
    }
}
