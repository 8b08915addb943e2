package payments.wallet;

import io.github.novacrypto.base58.Base58;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** Adding and revoking credentials, refreshing and revoking sessions: each a signed retry. */
@QuarkusTest
class WalletCredentialsTest {

    /** Sends the same request twice: bare (202), then stamped by {@code signer} with the Request-Id. */
    private static Response signed(String method, String path, Map<String, Object> body, KeyPair signer) {
        Response challenge = send(method, path, body, null, null);
        assertEquals(202, challenge.statusCode(), challenge.asString());
        return send(method, path, body, WalletClientStamps.stamp(signer, challenge.jsonPath().getString("payloadToSign")),
                challenge.jsonPath().getString("requestId"));
    }

    private static Response send(String method, String path, Map<String, Object> body, String stamp, String requestId) {
        var request = api();
        if (body != null) {
            request = request.body(body);
        }
        if (stamp != null) {
            request = request.header("Svc-Wallet-Signature", stamp).header("Request-Id", requestId);
        }
        return request.request(method, path);
    }

    private static List<String> types(String walletId) {
        return api().queryParam("accountId", walletId).get("/auth/credentials").then().statusCode(200).extract().path("data.type");
    }

    /** An SMS_OTP credential added with the EMAIL_OTP session's stamp, and a session of it. */
    private static WalletClient.Session addSmsAndLogIn(String walletId, WalletClient.Session email) {
        Map<String, Object> body = Map.of("type", "SMS_OTP", "accountId", walletId);
        Response first = api().body(body).post("/auth/credentials");
        assertEquals(202, first.statusCode(), first.asString());
        assertEquals("SMS_OTP", first.jsonPath().getString("type"));
        assertTrue(first.jsonPath().getString("payloadToSign").contains("ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER"));
        Response created = send("POST", "/auth/credentials", body, WalletClientStamps.stamp(email.key(), first.jsonPath().getString("payloadToSign")),
                first.jsonPath().getString("requestId"));
        assertEquals(201, created.statusCode(), created.asString());
        assertEquals("+14155551234", created.jsonPath().getString("nickname"));
        String credentialId = created.jsonPath().getString("id");

        KeyPair tek = WalletClient.newKey();
        Map<String, Object> verify = Map.of("type", "SMS_OTP", "encryptedOtpBundle",
                WalletClient.seal(WalletClient.targetOf(created.jsonPath().getString("otpEncryptionTargetBundle")), "000000", WalletClient.compressed(tek)));
        Response leg = WalletClient.verify(credentialId, verify, null, null);
        Response session = WalletClient.verify(credentialId, verify, WalletClientStamps.stamp(tek, leg.jsonPath().getString("payloadToSign")),
                leg.jsonPath().getString("requestId"));
        assertEquals(200, session.statusCode(), session.asString());
        return new WalletClient.Session(session.jsonPath().getString("id"), credentialId, tek);
    }

    @Test
    void credentialsAreAddedAndRevokedWithAnotherCredentialsSignatureButNeverTheLast() {
        String walletId = MoneyFixtures.approvedCustomer(List.of("USDB")).account("USDB");
        WalletClient.Session email = WalletClient.login(walletId);
        WalletClient.Session sms = addSmsAndLogIn(walletId, email);
        assertEquals(List.of("EMAIL_OTP", "SMS_OTP"), types(walletId));

        Response duplicate = api().body(Map.of("type", "SMS_OTP", "accountId", walletId)).post("/auth/credentials");
        assertEquals(400, duplicate.statusCode(), duplicate.asString());
        assertEquals("SMS_OTP_CREDENTIAL_ALREADY_EXISTS", duplicate.jsonPath().getString("code"));
        assertEquals("EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS", api().body(Map.of("type", "EMAIL_OTP", "accountId", walletId))
                .post("/auth/credentials").jsonPath().getString("code"));

        String path = "/auth/credentials/" + email.credentialId();
        Response bySelf = signed("DELETE", path, null, email.key());
        assertEquals(401, bySelf.statusCode(), bySelf.asString());
        assertEquals("WALLET_SIGNATURE_INVALID", bySelf.jsonPath().getString("code"));

        Response revoked = signed("DELETE", path, null, sms.key());
        assertEquals(204, revoked.statusCode(), revoked.asString());
        assertEquals(List.of("SMS_OTP"), types(walletId));
        assertEquals(List.of(sms.id()), api().queryParam("accountId", walletId).get("/auth/sessions").then().extract().path("data.id"),
                "the revoked credential's sessions end with it");

        Response last = api().delete("/auth/credentials/" + sms.credentialId());
        assertEquals(400, last.statusCode(), last.asString());
        assertEquals(404, api().delete(path).statusCode());
    }

    @Test
    void twoCrossedRevocationsAtOnceLeaveOneCredential() throws Exception {
        String walletId = MoneyFixtures.approvedCustomer(List.of("USDB")).account("USDB");
        WalletClient.Session email = WalletClient.login(walletId);
        WalletClient.Session sms = addSmsAndLogIn(walletId, email);
        Response emailChallenge = api().delete("/auth/credentials/" + email.credentialId());
        Response smsChallenge = api().delete("/auth/credentials/" + sms.credentialId());
        String emailStamp = WalletClientStamps.stamp(sms.key(), emailChallenge.jsonPath().getString("payloadToSign"));
        String smsStamp = WalletClientStamps.stamp(email.key(), smsChallenge.jsonPath().getString("payloadToSign"));
        // Both leave together: started one after the other, the first could finish before the second begins.
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(2);
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(2);
        CompletableFuture<Response> one = CompletableFuture.supplyAsync(() -> {
            awaitQuietly(start);
            return send("DELETE", "/auth/credentials/" + email.credentialId(), null, emailStamp, emailChallenge.jsonPath().getString("requestId"));
        }, threads);
        CompletableFuture<Response> two = CompletableFuture.supplyAsync(() -> {
            awaitQuietly(start);
            return send("DELETE", "/auth/credentials/" + sms.credentialId(), null, smsStamp, smsChallenge.jsonPath().getString("requestId"));
        }, threads);
        threads.shutdown();
        List<Integer> statuses = List.of(one.get().statusCode(), two.get().statusCode());
        assertEquals(1, statuses.stream().filter(s -> s == 204).count(), statuses.toString());
        assertEquals(1, types(walletId).size());
    }

    private static void awaitQuietly(java.util.concurrent.CyclicBarrier barrier) {
        try {
            barrier.await(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aSessionIsRefreshedOnlyByItsOwnKeyAndTheLegacyKeyComesSealed() throws Exception {
        String walletId = MoneyFixtures.approvedCustomer(List.of("USDB")).account("USDB");
        WalletClient.Session session = WalletClient.login(walletId);
        String path = "/auth/sessions/" + session.id() + "/refresh";
        KeyPair next = WalletClient.newKey();

        Response byStranger = signed("POST", path, Map.of("clientPublicKey", WalletClient.compressed(next)), WalletClient.newKey());
        assertEquals(401, byStranger.statusCode(), byStranger.asString());

        Response refreshed = signed("POST", path, Map.of("clientPublicKey", WalletClient.compressed(next)), session.key());
        assertEquals(201, refreshed.statusCode(), refreshed.asString());
        assertTrue(refreshed.jsonPath().getString("id").startsWith("Session:"));
        assertEquals(null, refreshed.jsonPath().getString("encryptedSessionSigningKey"));

        // The deprecated flow: an uncompressed key gets the new session key sealed to it.
        KeyPair legacyClient = newJcaKey();
        Response legacy = signed("POST", "/auth/sessions/" + refreshed.jsonPath().getString("id") + "/refresh",
                Map.of("clientPublicKey", WalletClient.uncompressed(legacyClient)), next);
        assertEquals(201, legacy.statusCode(), legacy.asString());
        KeyPair sessionKey = openSealedKey(legacy.jsonPath().getString("encryptedSessionSigningKey"), legacyClient);
        assertTrue(api().queryParam("accountId", walletId).get("/auth/sessions").then().extract().path("data.encryptedSessionSigningKey")
                .toString().equals("[null, null, null]"), "lists never carry the sealed key");

        // The unsealed key is the new session's: it can sign that session's own revocation.
        Response logout = signed("DELETE", "/auth/sessions/" + legacy.jsonPath().getString("id"), null, sessionKey);
        assertEquals(204, logout.statusCode(), logout.asString());
        assertEquals(404, api().delete("/auth/sessions/" + legacy.jsonPath().getString("id")).statusCode());
    }

    /** base58check -> compressed encapsulated key (33) || ciphertext; HPKE-open with the client's key -> the session's P-256 scalar. */
    private static KeyPair openSealedKey(String encrypted, KeyPair client) throws Exception {
        byte[] decoded = Base58.base58Decode(encrypted);
        byte[] payload = Arrays.copyOf(decoded, decoded.length - 4);
        var sha256 = java.security.MessageDigest.getInstance("SHA-256");
        assertTrue(Arrays.equals(Arrays.copyOf(sha256.digest(sha256.digest(payload)), 4), Arrays.copyOfRange(decoded, decoded.length - 4, decoded.length)));
        byte[] enc = P256.point(Arrays.copyOf(payload, 33)).getEncoded(false);
        byte[] scalar32 = toScalar(((ECPrivateKey) client.getPrivate()).getS());
        byte[] opened = Hpke.open(enc, Arrays.copyOfRange(payload, 33, payload.length), Hpke.keyPair(scalar32));
        assertEquals(32, opened.length);
        java.math.BigInteger s = new java.math.BigInteger(1, opened);
        var factory = java.security.KeyFactory.getInstance("EC");
        var privateKey = factory.generatePrivate(new java.security.spec.ECPrivateKeySpec(s, P256.jcaParameters()));
        return new KeyPair(P256.publicKey(P256.publicPoint(s)), privateKey);
    }

    private static byte[] toScalar(java.math.BigInteger s) {
        byte[] raw = s.toByteArray();
        byte[] out = new byte[32];
        System.arraycopy(raw, Math.max(0, raw.length - 32), out, Math.max(0, 32 - raw.length), Math.min(32, raw.length));
        return out;
    }

    private static KeyPair newJcaKey() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }
}
