package payments.wallet;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;

import java.security.SecureRandom;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** Passkeys: WebAuthn registration and assertion by a software authenticator, verified end to end. */
@QuarkusTest
class WalletPasskeyTest {

    static final String RP_ID = "wallet.example.test";
    static final String ORIGIN = "https://wallet.example.test";

    private record Registered(String walletId, String credentialId, SoftwareAuthenticator authenticator) {
    }

    private static Response create(Map<String, Object> body, WalletClient.Session signer) {
        Response first = api().body(body).post("/auth/credentials");
        if (first.statusCode() != 202) {
            return first;
        }
        return api().body(body).header("Svc-Wallet-Signature", WalletClientStamps.stamp(signer.key(), first.jsonPath().getString("payloadToSign")))
                .header("Request-Id", first.jsonPath().getString("requestId")).post("/auth/credentials");
    }

    private static Map<String, Object> registration(String walletId, SoftwareAuthenticator authenticator, byte[] challenge) {
        return Map.of("type", "PASSKEY", "accountId", walletId, "nickname", "  iPhone Face-ID (work) ",
                "challenge", SoftwareAuthenticator.b64(challenge), "attestation", authenticator.attestation(challenge));
    }

    private static byte[] newChallenge() {
        byte[] challenge = new byte[32];
        new SecureRandom().nextBytes(challenge);
        return challenge;
    }

    private static Registered registered() {
        String walletId = MoneyFixtures.approvedCustomer(List.of("USDB")).account("USDB");
        WalletClient.Session email = WalletClient.login(walletId);
        SoftwareAuthenticator authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
        Response created = create(registration(walletId, authenticator, newChallenge()), email);
        assertEquals(201, created.statusCode(), created.asString());
        assertEquals("PASSKEY", created.jsonPath().getString("type"));
        assertEquals("iPhone Face-ID (work)", created.jsonPath().getString("nickname"));
        assertEquals(authenticator.credentialId(), created.jsonPath().getString("credentialId"));
        return new Registered(walletId, created.jsonPath().getString("id"), authenticator);
    }

    private static Response challenge(String credentialId, String clientPublicKey) {
        return api().body(Map.of("clientPublicKey", clientPublicKey)).post("/auth/credentials/" + credentialId + "/challenge");
    }

    private static Response verify(String credentialId, Map<String, Object> assertion, String requestId) {
        var request = api().body(Map.of("type", "PASSKEY", "assertion", assertion));
        if (requestId != null) {
            request = request.header("Request-Id", requestId);
        }
        return request.post("/auth/credentials/" + credentialId + "/verify");
    }

    private static int sessions(String walletId) {
        return api().queryParam("accountId", walletId).get("/auth/sessions").then().statusCode(200).extract().path("data.size()");
    }

    @Test
    void aPasskeyRegistersAndLogsInWithAnAssertionOverTheIssuedChallenge() {
        Registered passkey = registered();
        String clientKey = WalletClient.compressed(WalletClient.newKey());
        Response challenge = challenge(passkey.credentialId(), clientKey);
        assertEquals(200, challenge.statusCode(), challenge.asString());
        String text = challenge.jsonPath().getString("challenge");
        assertTrue(text.matches("[0-9a-f]{64}"), text);
        assertEquals(passkey.authenticator().credentialId(), challenge.jsonPath().getString("credentialId"));

        Response session = verify(passkey.credentialId(), passkey.authenticator().assertion(text), challenge.jsonPath().getString("requestId"));
        assertEquals(200, session.statusCode(), session.asString());
        assertEquals("PASSKEY", session.jsonPath().getString("type"));
        assertEquals(passkey.authenticator().credentialId(), session.jsonPath().getString("credentialId"));
        assertEquals(2, sessions(passkey.walletId()));

        Response replay = verify(passkey.credentialId(), passkey.authenticator().assertion(text), challenge.jsonPath().getString("requestId"));
        assertEquals(401, replay.statusCode(), replay.asString());
        assertEquals(2, sessions(passkey.walletId()));
    }

    @Test
    void assertionsFromAnotherOriginOldCountersOtherChallengesOrWithoutRequestIdAre401() {
        Registered passkey = registered();
        String clientKey = WalletClient.compressed(WalletClient.newKey());
        Response first = challenge(passkey.credentialId(), clientKey);
        String text = first.jsonPath().getString("challenge");
        String requestId = first.jsonPath().getString("requestId");

        assertEquals(401, verify(passkey.credentialId(), passkey.authenticator().assertionWithCounter(text, 5, "https://evil.example"), requestId).statusCode());
        assertEquals(401, verify(passkey.credentialId(), passkey.authenticator().assertionWithCounter("0".repeat(64), 6, ORIGIN), requestId).statusCode());
        Response noRequestId = verify(passkey.credentialId(), passkey.authenticator().assertionWithCounter(text, 7, ORIGIN), null);
        assertEquals("REQUEST_ID_MISSING", noRequestId.jsonPath().getString("code"));
        Map<String, Object> forged = new HashMap<>(passkey.authenticator().assertionWithCounter(text, 8, ORIGIN));
        forged.put("signature", new SoftwareAuthenticator(RP_ID, ORIGIN).assertionWithCounter(text, 8, ORIGIN).get("signature"));
        assertEquals(401, verify(passkey.credentialId(), forged, requestId).statusCode());

        assertEquals(200, verify(passkey.credentialId(), passkey.authenticator().assertionWithCounter(text, 10, ORIGIN), requestId).statusCode());
        Response second = challenge(passkey.credentialId(), clientKey);
        Response stale = verify(passkey.credentialId(), passkey.authenticator().assertionWithCounter(second.jsonPath().getString("challenge"), 10, ORIGIN),
                second.jsonPath().getString("requestId"));
        assertEquals(401, stale.statusCode(), "a counter that did not move forward: " + stale.asString());
        assertEquals(2, sessions(passkey.walletId()), "the EMAIL_OTP session and the one good assertion");

        api().body(Map.of("seconds", 301)).post("/sandbox/clock/advance").then().statusCode(200);
        Response late = verify(passkey.credentialId(), passkey.authenticator().assertionWithCounter(second.jsonPath().getString("challenge"), 11, ORIGIN),
                second.jsonPath().getString("requestId"));
        assertEquals(401, late.statusCode(), "expired challenge: " + late.asString());
    }

    @Test
    void registrationsAreCheckedAndEachPasskeyAndChallengeCountsOnce() {
        String walletId = MoneyFixtures.approvedCustomer(List.of("USDB")).account("USDB");
        WalletClient.Session email = WalletClient.login(walletId);
        SoftwareAuthenticator elsewhere = new SoftwareAuthenticator(RP_ID, "https://evil.example");
        Response otherOrigin = create(registration(walletId, elsewhere, newChallenge()), email);
        assertEquals(400, otherOrigin.statusCode(), otherOrigin.asString());
        assertEquals("attestation", otherOrigin.jsonPath().getString("details.errors[0].field"));

        SoftwareAuthenticator authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
        byte[] challenge = newChallenge();
        Map<String, Object> body = new HashMap<>(registration(walletId, authenticator, challenge));
        body.put("challenge", SoftwareAuthenticator.b64(newChallenge()));
        assertEquals(400, create(body, email).statusCode(), "the attestation is for another challenge");

        assertEquals(201, create(registration(walletId, authenticator, challenge), email).statusCode());
        Response again = create(registration(walletId, authenticator, newChallenge()), email);
        assertEquals(400, again.statusCode(), again.asString());
        assertEquals("PASSKEY_CREDENTIAL_ALREADY_EXISTS", again.jsonPath().getString("code"));
        Response reused = create(registration(walletId, new SoftwareAuthenticator(RP_ID, ORIGIN), challenge), email);
        assertEquals(400, reused.statusCode(), "a registration challenge counts once: " + reused.asString());

        byte[] shortChallenge = new byte[15];
        new SecureRandom().nextBytes(shortChallenge);
        Response guessable = create(registration(walletId, new SoftwareAuthenticator(RP_ID, ORIGIN), shortChallenge), email);
        assertEquals(400, guessable.statusCode(), guessable.asString());
        assertEquals("challenge", guessable.jsonPath().getString("details.errors[0].field"));

        Response missingKey = api().body(Map.of()).post("/auth/credentials/" + WalletClient.credentialOf(walletId, "PASSKEY") + "/challenge");
        assertEquals(400, missingKey.statusCode(), missingKey.asString());
        assertEquals("clientPublicKey", missingKey.jsonPath().getString("details.errors[0].field"));
    }
}
