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

    private static final String RP_ID = PasskeyFlow.RP_ID;
    private static final String ORIGIN = PasskeyFlow.ORIGIN;

    private static int sessions(String walletId) {
        return api().queryParam("accountId", walletId).get("/auth/sessions").then().statusCode(200).extract().path("data.size()");
    }

    @Test
    void aPasskeyRegistersAndLogsInWithAnAssertionOverTheIssuedChallenge() {
        PasskeyFlow.Registered passkey = PasskeyFlow.registered();
        String clientKey = WalletClient.compressed(WalletClient.newKey());
        Response challenge = PasskeyFlow.challenge(passkey.credentialId(), clientKey);
        assertEquals(200, challenge.statusCode(), challenge.asString());
        String text = challenge.jsonPath().getString("challenge");
        assertTrue(text.matches("[0-9a-f]{64}"), text);
        assertEquals(passkey.authenticator().credentialId(), challenge.jsonPath().getString("credentialId"));

        Response session = PasskeyFlow.verify(passkey.credentialId(), passkey.authenticator().assertion(text), challenge.jsonPath().getString("requestId"));
        assertEquals(200, session.statusCode(), session.asString());
        assertEquals("PASSKEY", session.jsonPath().getString("type"));
        assertEquals(passkey.authenticator().credentialId(), session.jsonPath().getString("credentialId"));
        assertEquals(2, sessions(passkey.walletId()));

        Response replay = PasskeyFlow.verify(passkey.credentialId(), passkey.authenticator().assertion(text), challenge.jsonPath().getString("requestId"));
        assertEquals(401, replay.statusCode(), replay.asString());
        assertEquals(2, sessions(passkey.walletId()));
    }

    @Test
    void assertionsFromAnotherOriginOldCountersOtherChallengesOrWithoutRequestIdAre401() {
        PasskeyFlow.Registered passkey = PasskeyFlow.registered();
        String clientKey = WalletClient.compressed(WalletClient.newKey());
        Response first = PasskeyFlow.challenge(passkey.credentialId(), clientKey);
        String text = first.jsonPath().getString("challenge");
        String requestId = first.jsonPath().getString("requestId");

        assertEquals(401, PasskeyFlow.verify(passkey.credentialId(), passkey.authenticator().assertionWithCounter(text, 5, "https://evil.example"), requestId).statusCode());
        assertEquals(401, PasskeyFlow.verify(passkey.credentialId(), passkey.authenticator().assertionWithCounter("0".repeat(64), 6, ORIGIN), requestId).statusCode());
        Response noRequestId = PasskeyFlow.verify(passkey.credentialId(), passkey.authenticator().assertionWithCounter(text, 7, ORIGIN), null);
        assertEquals("REQUEST_ID_MISSING", noRequestId.jsonPath().getString("code"));
        Map<String, Object> forged = new HashMap<>(passkey.authenticator().assertionWithCounter(text, 8, ORIGIN));
        forged.put("signature", new SoftwareAuthenticator(RP_ID, ORIGIN).assertionWithCounter(text, 8, ORIGIN).get("signature"));
        assertEquals(401, PasskeyFlow.verify(passkey.credentialId(), forged, requestId).statusCode());

        assertEquals(200, PasskeyFlow.verify(passkey.credentialId(), passkey.authenticator().assertionWithCounter(text, 10, ORIGIN), requestId).statusCode());
        Response second = PasskeyFlow.challenge(passkey.credentialId(), clientKey);
        Response stale = PasskeyFlow.verify(passkey.credentialId(), passkey.authenticator().assertionWithCounter(second.jsonPath().getString("challenge"), 10, ORIGIN),
                second.jsonPath().getString("requestId"));
        assertEquals(401, stale.statusCode(), "a counter that did not move forward: " + stale.asString());
        assertEquals(2, sessions(passkey.walletId()), "the EMAIL_OTP session and the one good assertion");

        api().body(Map.of("seconds", 301)).post("/sandbox/clock/advance").then().statusCode(200);
        Response late = PasskeyFlow.verify(passkey.credentialId(), passkey.authenticator().assertionWithCounter(second.jsonPath().getString("challenge"), 11, ORIGIN),
                second.jsonPath().getString("requestId"));
        assertEquals(401, late.statusCode(), "expired challenge: " + late.asString());
    }

    @Test
    void registrationsAreCheckedAndEachPasskeyAndChallengeCountsOnce() {
        String walletId = MoneyFixtures.approvedCustomer(List.of("USDB")).account("USDB");
        WalletClient.Session email = WalletClient.login(walletId);
        SoftwareAuthenticator elsewhere = new SoftwareAuthenticator(RP_ID, "https://evil.example");
        Response otherOrigin = PasskeyFlow.create(PasskeyFlow.registration(walletId, elsewhere, PasskeyFlow.newChallenge()), email);
        assertEquals(400, otherOrigin.statusCode(), otherOrigin.asString());
        assertEquals("attestation", otherOrigin.jsonPath().getString("details.errors[0].field"));

        SoftwareAuthenticator authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
        byte[] challenge = PasskeyFlow.newChallenge();
        Map<String, Object> body = new HashMap<>(PasskeyFlow.registration(walletId, authenticator, challenge));
        body.put("challenge", SoftwareAuthenticator.b64(PasskeyFlow.newChallenge()));
        assertEquals(400, PasskeyFlow.create(body, email).statusCode(), "the attestation is for another challenge");

        assertEquals(201, PasskeyFlow.create(PasskeyFlow.registration(walletId, authenticator, challenge), email).statusCode());
        Response again = PasskeyFlow.create(PasskeyFlow.registration(walletId, authenticator, PasskeyFlow.newChallenge()), email);
        assertEquals(400, again.statusCode(), again.asString());
        assertEquals("PASSKEY_CREDENTIAL_ALREADY_EXISTS", again.jsonPath().getString("code"));
        Response reused = PasskeyFlow.create(PasskeyFlow.registration(walletId, new SoftwareAuthenticator(RP_ID, ORIGIN), challenge), email);
        assertEquals(400, reused.statusCode(), "a registration challenge counts once: " + reused.asString());

        byte[] shortChallenge = new byte[15];
        new SecureRandom().nextBytes(shortChallenge);
        Response guessable = PasskeyFlow.create(PasskeyFlow.registration(walletId, new SoftwareAuthenticator(RP_ID, ORIGIN), shortChallenge), email);
        assertEquals(400, guessable.statusCode(), guessable.asString());
        assertEquals("challenge", guessable.jsonPath().getString("details.errors[0].field"));

        Response missingKey = api().body(Map.of()).post("/auth/credentials/" + WalletClient.credentialOf(walletId, "PASSKEY") + "/challenge");
        assertEquals(400, missingKey.statusCode(), missingKey.asString());
        assertEquals("clientPublicKey", missingKey.jsonPath().getString("details.errors[0].field"));
    }
}
