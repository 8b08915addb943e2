package payments.account;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import payments.WebhookReceiver;
import payments.customer.CustomerTest;

import java.util.Map;
import java.util.UUID;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

@QuarkusTest
public class OwnershipVerificationTest {

    public static String euCustomer() {
        Map<String, Object> body = CustomerTest.individual("own-" + UUID.randomUUID(), "Wally Wallet");
        body.put("region", "NL");
        return api().body(body).post("/customers").then().statusCode(201).extract().path("id");
    }

    public static String wallet(String customerId, String type, String currency, String address) {
        return api().body(Map.of("customerId", customerId, "currency", currency, "ownershipType", "FIRST_PARTY",
                        "accountInfo", Map.of("accountType", type, "address", address)))
                .post("/customers/external-accounts").then().statusCode(201)
                .body("status", equalTo("PENDING_OWNERSHIP_VERIFICATION")).extract().path("id");
    }

    public static String challengePath(String accountId) {
        return "/customers/external-accounts/" + accountId + "/challenge";
    }

    @Test
    void aWalletAwaitingItsOwnershipCheckTakesPaymentsOnlyBelowTheRegulatoryThreshold() {
        payments.MoneyFixtures.Holder payer = payments.MoneyFixtures.customer("NL", java.util.List.of("USDC"));
        String wallet = wallet(payer.customerId(), "SOLANA_WALLET", "USDC", "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV");
        // USDC has 6 decimals: 500 USDC is worth less than EUR 1,000, 2,000 USDC more.
        api().body(payments.MoneyFixtures.quoteBody(payer.account("USDC"), wallet, 500_000_000L)).post("/quotes").then()
                .statusCode(201);
        api().body(payments.MoneyFixtures.quoteBody(payer.account("USDC"), wallet, 2_000_000_000L)).post("/quotes").then()
                .statusCode(400).body("code", equalTo("EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED"));
    }

    @Test
    void aRealWalletSignatureVerifiesOwnership() throws Exception {
        WebhookReceiver receiver = new WebhookReceiver();
        api().body(Map.of("webhookEndpoint", receiver.url())).patch("/config").then().statusCode(200);
        try {
            // A wrong signature first: the account becomes UNVERIFIED, and a new challenge reopens it.
            String accountId = wallet(euCustomer(), "ETHEREUM_WALLET", "USDC", WalletSignaturesTest.EVM_ADDRESS);
            JsonPath challenge = api().body(Map.of("method", "WALLET_SIGNATURE")).post(challengePath(accountId))
                    .then().statusCode(201).body("method", equalTo("WALLET_SIGNATURE"))
                    .body("messageToSign", containsString(WalletSignaturesTest.EVM_ADDRESS)).extract().jsonPath();
            assertNotNull(challenge.getString("expiresAt"));
            api().body(Map.of("signature", WalletSignaturesTest.EVM_SIGNATURE))
                    .post("/customers/external-accounts/" + accountId + "/verify").then().statusCode(400)
                    .body("details.errors.field", hasItems("signature"));
            api().get("/customers/external-accounts/" + accountId).then().body("status", equalTo("UNVERIFIED"));
            WebhookReceiver.Delivery unverified = receiver.nextMatching("EXTERNAL_ACCOUNT.STATUS_UPDATED", "UNVERIFIED", 10);
            assertNotNull(unverified);
            assertTrue(unverified.body().contains(accountId) && unverified.signatureValid());
            api().body(Map.of("signature", "0x00")).post("/customers/external-accounts/" + accountId + "/verify")
                    .then().statusCode(409).body("code", equalTo("CONFLICT"));

            api().body(Map.of("method", "WALLET_SIGNATURE")).post(challengePath(accountId)).then().statusCode(201);
            api().get("/customers/external-accounts/" + accountId).then().body("status", equalTo("PENDING_OWNERSHIP_VERIFICATION"));
        } finally {
            api().body(Map.of("webhookEndpoint", "")).patch("/config").then().statusCode(200);
            receiver.close();
        }
    }

    @Test
    void sandboxSignatureAndLivenessPageCompleteVerification() {
        String signed = wallet(euCustomer(), "SOLANA_WALLET", "USDC", WalletSignaturesTest.SOLANA_ADDRESS);
        api().body(Map.of("method", "WALLET_SIGNATURE")).post(challengePath(signed)).then().statusCode(201);
        api().body(Map.of("signature", "sandbox-valid-signature")).post("/customers/external-accounts/" + signed + "/verify")
                .then().statusCode(200).body("status", equalTo("ACTIVE"));
        api().body(Map.of("method", "WALLET_SIGNATURE")).post(challengePath(signed)).then().statusCode(409);

        String live = wallet(euCustomer(), "SPARK_WALLET", "BTC",
                "spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu");
        String link = api().body(Map.of("method", "LIVENESS")).post(challengePath(live)).then().statusCode(201)
                .body("verificationLink", containsString("/hosted/liveness/")).extract().path("verificationLink");
        RestAssured.given().get(link).then().statusCode(200).body(containsString("Pass"));
        api().body(Map.of("signature", "sandbox-valid-signature")).post("/customers/external-accounts/" + live + "/verify")
                .then().statusCode(409);
        RestAssured.given().formParam("outcome", "pass").post(link).then().statusCode(200).body(containsString("ACTIVE"));
        api().get("/customers/external-accounts/" + live).then().body("status", equalTo("ACTIVE"));
        RestAssured.given().get(link).then().statusCode(404);
    }

    /** A self-custody wallet named nobody's is taken as the customer's own, so it can be verified; a third party's is refused. */
    @Test
    void aSelfCustodyWalletIsTheCustomersOwnOrRefused() {
        String customerId = euCustomer();
        String unnamed = api().body(Map.of("customerId", customerId, "currency", "USDC",
                        "accountInfo", Map.of("accountType", "SOLANA_WALLET", "address", WalletSignaturesTest.SOLANA_ADDRESS)))
                .post("/customers/external-accounts").then().statusCode(201)
                .body("ownershipType", equalTo("FIRST_PARTY")).body("status", equalTo("PENDING_OWNERSHIP_VERIFICATION"))
                .extract().path("id");
        api().body(Map.of("method", "WALLET_SIGNATURE")).post(challengePath(unnamed)).then().statusCode(201);
        api().body(Map.of("customerId", euCustomer(), "currency", "USDC", "ownershipType", "THIRD_PARTY",
                        "accountInfo", Map.of("accountType", "SOLANA_WALLET", "address", WalletSignaturesTest.SOLANA_ADDRESS)))
                .post("/customers/external-accounts").then().statusCode(400).body("details.errors[0].field", equalTo("ownershipType"));
    }

    @Test
    void challengesOnlyApplyToWalletsAwaitingVerification() {
        String customerId = euCustomer();
        String bank = api().body(ExternalAccountTest.usdAccount(customerId, "000")).post("/customers/external-accounts")
                .then().statusCode(201).extract().path("id");
        api().body(Map.of("method", "WALLET_SIGNATURE")).post(challengePath(bank)).then().statusCode(409);
        api().body(Map.of("method", "SELFIE")).post(challengePath(bank)).then().statusCode(400)
                .body("details.errors.field", hasItems("method"));
        api().body(Map.of("method", "LIVENESS")).post(challengePath("ExternalAccount:" + UUID.randomUUID()))
                .then().statusCode(404);
        api().body(Map.of("method", "LIVENESS")).post("/platform/external-accounts/" + bank + "/challenge")
                .then().statusCode(404);
        String walletId = wallet(customerId, "BASE_WALLET", "USDC", "0x" + "ab".repeat(20));
        api().body(Map.of()).post("/customers/external-accounts/" + walletId + "/verify").then().statusCode(400)
                .body("details.errors.field", hasItems("signature"));
    }
}
