package payments.wallet;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.common.Sha256;

import java.security.KeyPair;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** OAUTH credentials in the sandbox: the token's shape and claims are checked, its signature is not. */
@QuarkusTest
class WalletOauthTest {

    static final String GOOGLE = "https://accounts.google.com";

    /** A wallet with an OAUTH credential for {@code subject}, added with its EMAIL_OTP session's stamp. */
    static String walletWithOauth(String subject) {
        String walletId = MoneyFixtures.approvedCustomer(List.of("USDB")).account("USDB");
        WalletClient.Session email = WalletClient.login(walletId);
        Map<String, Object> body = Map.of("type", "OAUTH", "accountId", walletId,
                "oidcToken", IdTokens.token(IdTokens.claims(GOOGLE, subject, null, IdTokens.serverNow())));
        Response first = api().body(body).post("/auth/credentials");
        assertEquals(202, first.statusCode(), first.asString());
        assertTrue(first.jsonPath().getString("payloadToSign").contains("ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS"));
        Response created = api().body(body).header("Svc-Wallet-Signature", WalletClientStamps.stamp(email.key(), first.jsonPath().getString("payloadToSign")))
                .header("Request-Id", first.jsonPath().getString("requestId")).post("/auth/credentials");
        assertEquals(201, created.statusCode(), created.asString());
        assertEquals(subject + "@example.com", created.jsonPath().getString("nickname"));
        assertEquals("OAUTH", created.jsonPath().getString("type"));
        return walletId;
    }

    static Response verify(String credentialId, String token, String clientPublicKey) {
        return api().body(Map.of("type", "OAUTH", "oidcToken", token, "clientPublicKey", clientPublicKey))
                .post("/auth/credentials/" + credentialId + "/verify");
    }

    private static int sessions(String walletId) {
        return api().queryParam("accountId", walletId).get("/auth/sessions").then().statusCode(200).extract().path("data.size()");
    }

    @Test
    void aFreshTokenOfTheRegisteredIdentityWithTheKeysNonceOpensASession() {
        String walletId = walletWithOauth("alice");
        String credentialId = WalletClient.credentialOf(walletId, "OAUTH");
        KeyPair key = WalletClient.newKey();
        String clientKey = WalletClient.compressed(key);
        Response ok = verify(credentialId, IdTokens.token(IdTokens.claims(GOOGLE, "alice", Sha256.hex(clientKey), IdTokens.serverNow())), clientKey);
        assertEquals(200, ok.statusCode(), ok.asString());
        assertEquals("OAUTH", ok.jsonPath().getString("type"));
        assertEquals(2, sessions(walletId), "the EMAIL_OTP session and this one");

        String legacyKey = WalletClient.uncompressed(WalletClient.newKey());
        Response legacy = verify(credentialId, IdTokens.token(IdTokens.claims(GOOGLE, "alice", Sha256.hex(legacyKey), IdTokens.serverNow())), legacyKey);
        assertEquals(200, legacy.statusCode(), legacy.asString());
        assertNotNull(legacy.jsonPath().getString("encryptedSessionSigningKey"));
    }

    @Test
    void everyFailedCheckIs401NamingItAndOpensNothing() {
        String walletId = walletWithOauth("bob");
        String credentialId = WalletClient.credentialOf(walletId, "OAUTH");
        String clientKey = WalletClient.compressed(WalletClient.newKey());
        String nonce = Sha256.hex(clientKey);
        Instant now = IdTokens.serverNow();
        int before = sessions(walletId);

        Map<String, Map<String, Object>> cases = new java.util.LinkedHashMap<>();
        cases.put("iat", IdTokens.claims(GOOGLE, "bob", nonce, now.minusSeconds(66)));
        // The spec's rule exactly: 60 s old is too old, and a token dated ahead of the server's clock is refused (no skew).
        cases.put("iat ", IdTokens.claims(GOOGLE, "bob", nonce, now.minusSeconds(60)));
        cases.put("iat  ", IdTokens.claims(GOOGLE, "bob", nonce, now.plusSeconds(3)));
        cases.put("nonce", IdTokens.claims(GOOGLE, "bob", Sha256.hex(clientKey.toUpperCase()), now));
        cases.put("identity", IdTokens.claims(GOOGLE, "mallory", nonce, now));
        Map<String, Object> otherAudience = IdTokens.claims(GOOGLE, "bob", nonce, now);
        otherAudience.put("aud", "another-client.apps.example.com");
        cases.put("identity ", otherAudience);
        Map<String, Object> expired = IdTokens.claims(GOOGLE, "bob", nonce, now);
        expired.put("exp", now.getEpochSecond() - 1);
        cases.put("exp", expired);
        Map<String, Object> noNonce = IdTokens.claims(GOOGLE, "bob", null, now);
        cases.put("nonce ", noNonce);
        Map<String, Object> twoAudiences = IdTokens.claims(GOOGLE, "bob", nonce, now);
        twoAudiences.put("aud", List.of("a", "b"));
        cases.put("aud", twoAudiences);
        cases.put("iss", IdTokens.claims("https://issuer.invalid", "bob", nonce, now));

        cases.forEach((check, claims) -> {
            Response refused = verify(credentialId, IdTokens.token(claims), clientKey);
            assertEquals(401, refused.statusCode(), check + ": " + refused.asString());
            assertEquals("UNAUTHORIZED", refused.jsonPath().getString("code"));
            assertTrue(refused.jsonPath().getString("reason").contains("(" + check.strip() + ")"), check + ": " + refused.asString());
        });
        Response justFresh = verify(credentialId, IdTokens.token(IdTokens.claims(GOOGLE, "bob", nonce, now.minusSeconds(55))), clientKey);
        assertEquals(200, justFresh.statusCode(), "55 s old is fresh: " + justFresh.asString());
        assertEquals(before + 1, sessions(walletId));
    }

    /**
     * A wallet without credentials takes its first one unsigned, and an OAUTH token is checked on
     * every call: a request that looks like a signed retry skipped the checks before and stored an
     * identity no one had proven.
     */
    @Test
    void aWalletsFirstOauthCredentialIsCheckedEvenWithRetryHeaders() {
        String walletId = MoneyFixtures.customer("US", List.of("USDB"), "email").account("USDB");
        String expired = IdTokens.token(IdTokens.claims(GOOGLE, "mallory", null, IdTokens.serverNow().minusSeconds(7200)));
        Map<String, Object> body = Map.of("type", "OAUTH", "accountId", walletId, "oidcToken", expired);
        Response stored = api().body(body).header("Svc-Wallet-Signature", "x").header("Request-Id", "y").post("/auth/credentials");
        assertEquals(401, stored.statusCode(), stored.asString());
        api().queryParam("accountId", walletId).get("/auth/credentials").then().statusCode(200).body("data.size()", equalTo(0));

        Map<String, Object> fresh = Map.of("type", "OAUTH", "accountId", walletId,
                "oidcToken", IdTokens.token(IdTokens.claims(GOOGLE, "erin", null, IdTokens.serverNow())));
        Response first = api().body(fresh).post("/auth/credentials");
        assertEquals(201, first.statusCode(), "a wallet's first credential needs no signature: " + first.asString());
    }

    @Test
    void malformedTokensAndUnsupportedIssuersAre400() {
        String walletId = walletWithOauth("carol");
        String credentialId = WalletClient.credentialOf(walletId, "OAUTH");
        for (String bad : List.of("sandbox-valid-oidc-token", "a.b", "e30.e30", "!!.??.sig")) {
            Response refused = verify(credentialId, bad, WalletClient.compressed(WalletClient.newKey()));
            assertEquals(400, refused.statusCode(), bad + ": " + refused.asString());
            assertEquals("oidcToken", refused.jsonPath().getString("details.errors[0].field"));
        }
        Response unsupported = api().body(Map.of("type", "OAUTH", "accountId", walletId, "oidcToken",
                IdTokens.token(IdTokens.claims("https://issuer.invalid", "carol", null, IdTokens.serverNow())))).post("/auth/credentials");
        assertEquals(400, unsupported.statusCode(), unsupported.asString());
        Response duplicate = api().body(Map.of("type", "OAUTH", "accountId", walletId, "oidcToken",
                IdTokens.token(IdTokens.claims(GOOGLE, "carol", null, IdTokens.serverNow())))).post("/auth/credentials");
        assertEquals(400, duplicate.statusCode(), duplicate.asString());
        assertEquals("INVALID_INPUT", duplicate.jsonPath().getString("code"));
    }
}
