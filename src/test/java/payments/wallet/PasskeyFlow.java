package payments.wallet;

import io.restassured.response.Response;
import payments.MoneyFixtures;

import java.security.SecureRandom;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static payments.TestSupport.api;

/** A wallet's passkey through the API, as a browser would do it, with a software authenticator. */
public final class PasskeyFlow {

    public static final String RP_ID = "wallet.example.test";
    public static final String ORIGIN = "https://wallet.example.test";

    public record Registered(String walletId, String credentialId, SoftwareAuthenticator authenticator) {
    }

    private PasskeyFlow() {
    }

    /** A new approved customer's wallet, logged in by e-mail code, registers a passkey (asserts 201). */
    public static Registered registered() {
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

    static Response create(Map<String, Object> body, WalletClient.Session signer) {
        Response first = api().body(body).post("/auth/credentials");
        if (first.statusCode() != 202) {
            return first;
        }
        return api().body(body).header("Svc-Wallet-Signature", WalletClientStamps.stamp(signer.key(), first.jsonPath().getString("payloadToSign")))
                .header("Request-Id", first.jsonPath().getString("requestId")).post("/auth/credentials");
    }

    static Map<String, Object> registration(String walletId, SoftwareAuthenticator authenticator, byte[] challenge) {
        return Map.of("type", "PASSKEY", "accountId", walletId, "nickname", "  iPhone Face-ID (work) ",
                "challenge", SoftwareAuthenticator.b64(challenge), "attestation", authenticator.attestation(challenge));
    }

    static byte[] newChallenge() {
        byte[] challenge = new byte[32];
        new SecureRandom().nextBytes(challenge);
        return challenge;
    }

    public static Response challenge(String credentialId, String clientPublicKey) {
        return api().body(Map.of("clientPublicKey", clientPublicKey)).post("/auth/credentials/" + credentialId + "/challenge");
    }

    public static Response verify(String credentialId, Map<String, Object> assertion, String requestId) {
        var request = api().body(Map.of("type", "PASSKEY", "assertion", assertion));
        if (requestId != null) {
            request = request.header("Request-Id", requestId);
        }
        return request.post("/auth/credentials/" + credentialId + "/verify");
    }
}
