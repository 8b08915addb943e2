package payments.wallet;

import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.HexFormat;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** What a wallet app does against the API: OTP login with a TEK, stamping, signed retries. */
public final class WalletClient {

    private WalletClient() {
    }

    /** A logged-in session and the key that signs for it. */
    public record Session(String id, String credentialId, KeyPair key) {
    }

    public static KeyPair newKey() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            return generator.generateKeyPair();
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String compressed(KeyPair key) {
        return P256.compressedHex((ECPublicKey) key.getPublic());
    }

    public static String uncompressed(KeyPair key) {
        return P256.uncompressedHex(P256.pointOf((ECPublicKey) key.getPublic()));
    }

    public static String credentialOf(String walletId, String type) {
        return api().queryParam("accountId", walletId).get("/auth/credentials").then().statusCode(200)
                .extract().path("data.find { it.type == '" + type + "' }.id");
    }

    /** POST .../challenge; checks the bundle's signature as a production client would; answers targetPublic. */
    public static String challenge(String credentialId) {
        Response response = api().post("/auth/credentials/" + credentialId + "/challenge");
        assertEquals(200, response.statusCode(), response.asString());
        return targetOf(response.jsonPath().getString("otpEncryptionTargetBundle"));
    }

    /** The targetPublic of an otpEncryptionTargetBundle, after verifying dataSignature with enclaveQuorumPublic. */
    public static String targetOf(String bundle) {
        return JsonPath.from(verifiedData(bundle)).getString("targetPublic");
    }

    /** A bundle's data (UTF-8 JSON), after verifying dataSignature with enclaveQuorumPublic. */
    public static String verifiedData(String bundle) {
        JsonPath envelope = JsonPath.from(bundle);
        assertEquals("v1.0.0", envelope.getString("version"));
        byte[] data = HexFormat.of().parseHex(envelope.getString("data"));
        try {
            Signature verifier = Signature.getInstance("SHA256withECDSA");
            verifier.initVerify(P256.publicKey(P256.point(envelope.getString("enclaveQuorumPublic"))));
            verifier.update(data);
            assertTrue(verifier.verify(HexFormat.of().parseHex(envelope.getString("dataSignature"))), "bundle signature");
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
        return new String(data, StandardCharsets.UTF_8);
    }

    /** The encryptedOtpBundle sealing {otp_code, public_key} to {@code targetPublic}. */
    public static String seal(String targetPublic, String code, String publicKeyHex) {
        String inner = "{\"otp_code\":\"" + code + "\",\"public_key\":\"" + publicKeyHex + "\"}";
        Hpke.Sealed sealed = Hpke.seal(HexFormat.of().parseHex(targetPublic), inner.getBytes(StandardCharsets.UTF_8));
        return "{\"encappedPublic\":\"" + HexFormat.of().formatHex(sealed.encapsulatedKey()) + "\",\"ciphertext\":\""
                + HexFormat.of().formatHex(sealed.ciphertext()) + "\"}";
    }

    public static Response verify(String credentialId, Map<String, Object> body, String stamp, String requestId) {
        var request = api().body(body);
        if (stamp != null) {
            request = request.header("Svc-Wallet-Signature", stamp);
        }
        if (requestId != null) {
            request = request.header("Request-Id", requestId);
        }
        return request.post("/auth/credentials/" + credentialId + "/verify");
    }

    /** The whole OTP login with the sandbox code: challenge, sealed code, 202, stamped retry, 200. */
    public static Session login(String walletId) {
        return login(walletId, () -> "000000");
    }

    /** Logs in with the code {@code received} answers once the challenge has sent it (production e-mails it). */
    public static Session login(String walletId, java.util.function.Supplier<String> received) {
        String credentialId = credentialOf(walletId, "EMAIL_OTP");
        KeyPair tek = newKey();
        String target = challenge(credentialId);
        Map<String, Object> body = Map.of("type", "EMAIL_OTP", "encryptedOtpBundle", seal(target, received.get(), compressed(tek)));
        Response first = verify(credentialId, body, null, null);
        assertEquals(202, first.statusCode(), first.asString());
        Response second = verify(credentialId, body, WalletClientStamps.stamp(tek, first.jsonPath().getString("payloadToSign")),
                first.jsonPath().getString("requestId"));
        assertEquals(200, second.statusCode(), second.asString());
        return new Session(second.jsonPath().getString("id"), credentialId, tek);
    }
}
