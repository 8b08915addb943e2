package payments.wallet;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.jose4j.jws.JsonWebSignature;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;

import java.security.KeyPair;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;
import static payments.wallet.WalletClient.compressed;
import static payments.wallet.WalletClient.credentialOf;
import static payments.wallet.WalletClient.newKey;
import static payments.wallet.WalletClient.seal;
import static payments.wallet.WalletClient.verify;

/** One-time-code login of an embedded wallet, end to end, and each way it refuses. */
@QuarkusTest
class WalletLoginTest {

    @jakarta.inject.Inject
    io.vertx.mutiny.sqlclient.Pool pool;

    private static String wallet() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USDB"));
        return holder.account("USDB");
    }

    private static int sessions(String walletId) {
        return api().queryParam("accountId", walletId).get("/auth/sessions").then().statusCode(200).extract().path("data.size()");
    }

    /**
     * Verify outcome 5: while the provider's activity is in flight (sandbox holder ending 951: two
     * seconds on the server clock) the signed retry answers 200 WalletOperationProcessing and spends
     * nothing; the identical request resent after it settles opens the one session.
     */
    @Test
    void aLoginStillInFlightAnswersProcessingUntilTheIdenticalRetrySettlesIt() {
        Holder holder = MoneyFixtures.customerWithRef(payments.TestSupport.uniqueCustomerRef("slow") + "951", "US", List.of("USDB"));
        String walletId = holder.account("USDB");
        String credentialId = credentialOf(walletId, "EMAIL_OTP");
        KeyPair tek = newKey();
        Map<String, Object> body = Map.of("type", "EMAIL_OTP", "encryptedOtpBundle",
                seal(WalletClient.challenge(credentialId), "000000", compressed(tek)));
        Response first = verify(credentialId, body, null, null);
        assertEquals(202, first.statusCode(), first.asString());
        String stamp = WalletClientStamps.stamp(tek, first.jsonPath().getString("payloadToSign"));
        String requestId = first.jsonPath().getString("requestId");

        for (int attempt = 0; attempt < 2; attempt++) {
            Response processing = verify(credentialId, body, stamp, requestId);
            assertEquals(200, processing.statusCode(), processing.asString());
            assertEquals("PROCESSING", processing.jsonPath().getString("status"));
            assertNull(processing.jsonPath().get("id"), "no session yet");
            assertEquals(0, sessions(walletId));
        }
        api().body(Map.of("seconds", 2)).post("/sandbox/clock/advance").then().statusCode(200);
        Response settled = verify(credentialId, body, stamp, requestId);
        assertEquals(200, settled.statusCode(), settled.asString());
        assertTrue(settled.jsonPath().getString("id").startsWith("Session:"), settled.asString());
        assertEquals(1, sessions(walletId));
        assertEquals(401, verify(credentialId, body, stamp, requestId).statusCode(), "then spent, like any retry");
    }

    @Test
    void everyWalletStartsWithAnEmailOtpCredentialAndLogsInWithTheSandboxCode() throws Exception {
        String walletId = wallet();
        Response credentials = api().queryParam("accountId", walletId).get("/auth/credentials");
        assertEquals(200, credentials.statusCode(), credentials.asString());
        assertEquals(List.of("EMAIL_OTP"), credentials.jsonPath().getList("data.type"));
        assertEquals("jane@example.com", credentials.jsonPath().getString("data[0].nickname"));
        assertEquals(walletId, credentials.jsonPath().getString("data[0].accountId"));

        String credentialId = credentials.jsonPath().getString("data[0].id");
        KeyPair tek = newKey();
        Map<String, Object> body = Map.of("type", "EMAIL_OTP", "encryptedOtpBundle",
                seal(WalletClient.challenge(credentialId), "000000", compressed(tek)));
        String stored = pool.preparedQuery("SELECT code_hash FROM auth_otp_issuances WHERE credential_id = $1")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(java.util.UUID.fromString(credentialId.substring(credentialId.indexOf(':') + 1))))
                .await().indefinitely().iterator().next().getString("code_hash");
        assertTrue(!stored.equals(payments.common.Sha256.hex("000000")), "six digits are kept as a keyed MAC, not a plain hash");
        Response first = verify(credentialId, body, null, null);
        assertEquals(202, first.statusCode(), first.asString());
        assertEquals("EMAIL_OTP", first.jsonPath().getString("type"));
        assertTrue(first.jsonPath().getString("requestId").startsWith("Request:"));
        String token = first.jsonPath().getString("payloadToSign");
        JsonWebSignature jws = new JsonWebSignature();
        jws.setCompactSerialization(token);
        assertEquals("ES256", jws.getAlgorithmHeaderValue());
        assertTrue(jws.getUnverifiedPayload().contains(compressed(tek)), "the token binds the TEK");

        Response second = verify(credentialId, body, WalletClientStamps.stamp(tek, token), first.jsonPath().getString("requestId"));
        assertEquals(200, second.statusCode(), second.asString());
        assertTrue(second.jsonPath().getString("id").startsWith("Session:"));
        assertEquals("EMAIL_OTP", second.jsonPath().getString("type"));
        assertEquals(walletId, second.jsonPath().getString("accountId"));
        assertNull(second.jsonPath().get("encryptedSessionSigningKey"));
        assertEquals(1, sessions(walletId));

        Response replay = verify(credentialId, body, WalletClientStamps.stamp(tek, token), first.jsonPath().getString("requestId"));
        assertEquals(401, replay.statusCode(), replay.asString());
        assertEquals("UNAUTHORIZED", replay.jsonPath().getString("code"));
        assertEquals(1, sessions(walletId), "a replay opens no session");
    }

    @Test
    void wrongCodesAre400UntilTheAttemptsAreSpentThen429() {
        String walletId = wallet();
        String credentialId = credentialOf(walletId, "EMAIL_OTP");
        String target = WalletClient.challenge(credentialId);
        for (int attempt = 0; attempt < 5; attempt++) {
            Response wrong = verify(credentialId, Map.of("type", "EMAIL_OTP", "encryptedOtpBundle", seal(target, "123456", compressed(newKey()))), null, null);
            assertEquals(400, wrong.statusCode(), wrong.asString());
            assertEquals("INVALID_INPUT", wrong.jsonPath().getString("code"));
        }
        Response limited = verify(credentialId, Map.of("type", "EMAIL_OTP", "encryptedOtpBundle", seal(target, "000000", compressed(newKey()))), null, null);
        assertEquals(429, limited.statusCode(), limited.asString());
        assertEquals("RATE_LIMITED", limited.jsonPath().getString("code"));
        assertTrue(Integer.parseInt(limited.getHeader("Retry-After")) > 0);
        assertEquals(0, sessions(walletId));

        WalletClient.login(walletId);
        assertEquals(1, sessions(walletId), "a new code logs in");
    }

    /** Wrong codes add up across codes: past the day's limit (20) the credential is sent no new code until they age out. */
    @Test
    void wrongCodesAcrossCodesStopNewCodesUntilTheyAgeOut() {
        String walletId = wallet();
        String credentialId = credentialOf(walletId, "EMAIL_OTP");
        for (int code = 0; code < 4; code++) {
            String target = WalletClient.challenge(credentialId);
            for (int attempt = 0; attempt < 5; attempt++) {
                Response wrong = verify(credentialId, Map.of("type", "EMAIL_OTP", "encryptedOtpBundle", seal(target, "123456", compressed(newKey()))), null, null);
                assertEquals(400, wrong.statusCode(), wrong.asString());
            }
        }
        Response refused = api().post("/auth/credentials/" + credentialId + "/challenge");
        assertEquals(429, refused.statusCode(), refused.asString());
        assertEquals("RATE_LIMITED", refused.jsonPath().getString("code"));
        assertTrue(Integer.parseInt(refused.getHeader("Retry-After")) > 0);

        api().body(Map.of("seconds", 24 * 3600 + 1)).post("/sandbox/clock/advance").then().statusCode(200);
        WalletClient.login(walletId);
        assertEquals(1, sessions(walletId), "a day later a new code logs in");
    }

    @Test
    void anUncompressedTekOrAnUnreadableBundleIs400() {
        String walletId = wallet();
        String credentialId = credentialOf(walletId, "EMAIL_OTP");
        String target = WalletClient.challenge(credentialId);
        Response uncompressed = verify(credentialId, Map.of("type", "EMAIL_OTP", "encryptedOtpBundle",
                seal(target, "000000", WalletClient.uncompressed(newKey()))), null, null);
        assertEquals(400, uncompressed.statusCode(), uncompressed.asString());
        assertEquals("INVALID_INPUT", uncompressed.jsonPath().getString("code"));

        Response garbage = verify(credentialId, Map.of("type", "EMAIL_OTP", "encryptedOtpBundle", "{\"encappedPublic\":\"04\"}"), null, null);
        assertEquals(400, garbage.statusCode(), garbage.asString());
        assertEquals("encryptedOtpBundle", garbage.jsonPath().getString("details.errors[0].field"));

        Response otherTarget = verify(credentialId, Map.of("type", "EMAIL_OTP", "encryptedOtpBundle",
                seal(WalletClient.uncompressed(newKey()), "000000", compressed(newKey()))), null, null);
        assertEquals(400, otherTarget.statusCode(), otherTarget.asString());
        assertEquals(0, sessions(walletId));
    }

    @Test
    void theRetryMustBeStampedByTheTekAndRepeatTheRequest() {
        String walletId = wallet();
        String credentialId = credentialOf(walletId, "EMAIL_OTP");
        KeyPair tek = newKey();
        Map<String, Object> body = Map.of("type", "EMAIL_OTP", "encryptedOtpBundle", seal(WalletClient.challenge(credentialId), "000000", compressed(tek)));
        Response first = verify(credentialId, body, null, null);
        String token = first.jsonPath().getString("payloadToSign");
        String requestId = first.jsonPath().getString("requestId");

        Response otherKey = verify(credentialId, body, WalletClientStamps.stamp(newKey(), token), requestId);
        assertEquals(401, otherKey.statusCode(), otherKey.asString());
        assertEquals("WALLET_SIGNATURE_INVALID", otherKey.jsonPath().getString("code"));

        Response tampered = verify(credentialId, body, WalletClientStamps.stamp(tek, token + "x"), requestId);
        assertEquals("WALLET_SIGNATURE_INVALID", tampered.jsonPath().getString("code"));

        Response otherBody = verify(credentialId, Map.of("type", "EMAIL_OTP", "encryptedOtpBundle", "{\"x\":1}"),
                WalletClientStamps.stamp(tek, token), requestId);
        assertEquals(401, otherBody.statusCode(), otherBody.asString());
        assertEquals("WALLET_SIGNATURE_BODY_MISMATCH", otherBody.jsonPath().getString("code"));

        Response noRequestId = verify(credentialId, body, WalletClientStamps.stamp(tek, token), null);
        assertEquals("REQUEST_ID_MISSING", noRequestId.jsonPath().getString("code"));
        Response noStamp = verify(credentialId, body, null, requestId);
        assertEquals("WALLET_SIGNATURE_MISSING", noStamp.jsonPath().getString("code"));
        Response malformed = verify(credentialId, body, "%%%", requestId);
        assertEquals("WALLET_SIGNATURE_MALFORMED", malformed.jsonPath().getString("code"));
        assertEquals(0, sessions(walletId), "nothing changed");

        Response good = verify(credentialId, body, WalletClientStamps.stamp(tek, token), requestId);
        assertEquals(200, good.statusCode(), "the challenge survives failed retries: " + good.asString());
    }

    @Test
    void anExpiredChallengeIsRefused() {
        String walletId = wallet();
        String credentialId = credentialOf(walletId, "EMAIL_OTP");
        KeyPair tek = newKey();
        Map<String, Object> body = Map.of("type", "EMAIL_OTP", "encryptedOtpBundle", seal(WalletClient.challenge(credentialId), "000000", compressed(tek)));
        Response first = verify(credentialId, body, null, null);
        api().body(Map.of("seconds", 301)).post("/sandbox/clock/advance").then().statusCode(200);
        Response late = verify(credentialId, body, WalletClientStamps.stamp(tek, first.jsonPath().getString("payloadToSign")),
                first.jsonPath().getString("requestId"));
        assertEquals(401, late.statusCode(), late.asString());
        assertEquals("UNAUTHORIZED", late.jsonPath().getString("code"));
        assertEquals(0, sessions(walletId));
    }

    @Test
    void badRequestsAreDescribed() {
        String walletId = wallet();
        String credentialId = credentialOf(walletId, "EMAIL_OTP");
        Response noAccount = api().get("/auth/credentials");
        assertEquals(400, noAccount.statusCode());
        assertEquals("accountId", noAccount.jsonPath().getString("details.errors[0].field"));
        assertEquals(List.of(), api().queryParam("accountId", "InternalAccount:00000000-0000-0000-0000-000000000000")
                .get("/auth/sessions").then().statusCode(200).extract().path("data"));
        Response wrongType = verify(credentialId, Map.of("type", "SMS_OTP", "encryptedOtpBundle", "x"), null, null);
        assertEquals(400, wrongType.statusCode(), wrongType.asString());
        assertEquals("type", wrongType.jsonPath().getString("details.errors[0].field"));
        Response unknown = verify("AuthMethod:00000000-0000-0000-0000-000000000000", Map.of("type", "EMAIL_OTP", "encryptedOtpBundle", "x"), null, null);
        assertEquals(404, unknown.statusCode(), unknown.asString());
        Response missing = verify(credentialId, Map.of("type", "OAUTH"), null, null);
        assertEquals(400, missing.statusCode(), missing.asString());
        assertEquals(List.of("clientPublicKey", "oidcToken"), missing.jsonPath().getList("details.errors.field").stream().sorted().toList());
    }
}
