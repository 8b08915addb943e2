package payments.wallet;

import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.cbor.CBORGenerator;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.util.Base64;
import java.util.Map;

/**
 * A WebAuthn authenticator in software, as a browser and a platform authenticator would answer
 * navigator.credentials.create() and get(): CBOR written with Jackson's CBOR generator, the key a
 * plain JCA P-256 key, the assertion signed by the JDK over authenticatorData || SHA-256(clientDataJSON).
 */
public final class SoftwareAuthenticator {

    private static final int USER_PRESENT = 0x01;
    private static final int ATTESTED_DATA = 0x40;

    private final KeyPair key = WalletClient.newKey();
    private final byte[] credentialId = new byte[32];
    private final String rpId;
    private final String origin;
    private int counter;

    public SoftwareAuthenticator(String rpId, String origin) {
        new SecureRandom().nextBytes(credentialId);
        this.rpId = rpId;
        this.origin = origin;
    }

    public String credentialId() {
        return b64(credentialId);
    }

    /** The attestation for a registration challenge (the raw challenge bytes), "none" format. */
    public Map<String, Object> attestation(byte[] challenge) {
        String clientData = "{\"type\":\"webauthn.create\",\"challenge\":\"" + b64(challenge) + "\",\"origin\":\"" + origin + "\",\"crossOrigin\":false}";
        ByteBuffer authData = ByteBuffer.allocate(37 + 16 + 2 + credentialId.length + 77);
        authData.put(sha256(rpId.getBytes(StandardCharsets.UTF_8))).put((byte) (USER_PRESENT | ATTESTED_DATA)).putInt(counter)
                .put(new byte[16]).putShort((short) credentialId.length).put(credentialId).put(coseKey());
        byte[] authenticatorData = java.util.Arrays.copyOf(authData.array(), authData.position());
        return Map.of("credentialId", credentialId(), "clientDataJson", b64(clientData.getBytes(StandardCharsets.UTF_8)),
                "attestationObject", b64(attestationObject(authenticatorData)), "transports", java.util.List.of("internal"));
    }

    /** The assertion over {@code challengeText} (its UTF-8 bytes are the challenge), counter moved forward. */
    public Map<String, Object> assertion(String challengeText) {
        counter++;
        return assertionWithCounter(challengeText, counter, origin);
    }

    /** An assertion with a chosen counter and origin (replays, other sites). */
    public Map<String, Object> assertionWithCounter(String challengeText, int signCount, String fromOrigin) {
        String clientData = "{\"type\":\"webauthn.get\",\"challenge\":\"" + b64(challengeText.getBytes(StandardCharsets.UTF_8))
                + "\",\"origin\":\"" + fromOrigin + "\",\"crossOrigin\":false}";
        byte[] clientDataBytes = clientData.getBytes(StandardCharsets.UTF_8);
        byte[] authenticatorData = ByteBuffer.allocate(37).put(sha256(rpId.getBytes(StandardCharsets.UTF_8)))
                .put((byte) USER_PRESENT).putInt(signCount).array();
        try {
            Signature signer = Signature.getInstance("SHA256withECDSA");
            signer.initSign(key.getPrivate());
            signer.update(authenticatorData);
            signer.update(sha256(clientDataBytes));
            return Map.of("credentialId", credentialId(), "clientDataJson", b64(clientDataBytes),
                    "authenticatorData", b64(authenticatorData), "signature", b64(signer.sign()));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The registration as a browser's {@code PublicKeyCredential.toJSON()} gives it
     * (RegistrationResponseJSON in the WebAuthn Level 3 text): id and rawId base64url, type
     * "public-key", the authenticator's answer under response.
     */
    public Map<String, Object> registrationResponseJson(byte[] challenge) {
        Map<String, Object> flat = attestation(challenge);
        return Map.of("id", credentialId(), "rawId", credentialId(), "type", "public-key", "authenticatorAttachment", "platform",
                "clientExtensionResults", Map.of(), "response", Map.of("clientDataJSON", flat.get("clientDataJson"),
                        "attestationObject", flat.get("attestationObject"), "transports", flat.get("transports"),
                        "publicKeyAlgorithm", -7));
    }

    /** An assertion as {@code PublicKeyCredential.toJSON()} gives it (AuthenticationResponseJSON), counter moved forward. */
    public Map<String, Object> authenticationResponseJson(String challengeText) {
        Map<String, Object> flat = assertion(challengeText);
        return Map.of("id", credentialId(), "rawId", credentialId(), "type", "public-key", "authenticatorAttachment", "platform",
                "clientExtensionResults", Map.of(), "response", Map.of("clientDataJSON", flat.get("clientDataJson"),
                        "authenticatorData", flat.get("authenticatorData"), "signature", flat.get("signature")));
    }

    /** The COSE_Key of the credential: {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}. */
    private byte[] coseKey() {
        ECPublicKey publicKey = (ECPublicKey) key.getPublic();
        return cbor(generator -> {
            generator.writeStartObject(5);
            generator.writeFieldId(1);
            generator.writeNumber(2);
            generator.writeFieldId(3);
            generator.writeNumber(-7);
            generator.writeFieldId(-1);
            generator.writeNumber(1);
            generator.writeFieldId(-2);
            generator.writeBinary(unsigned32(publicKey.getW().getAffineX()));
            generator.writeFieldId(-3);
            generator.writeBinary(unsigned32(publicKey.getW().getAffineY()));
            generator.writeEndObject();
        });
    }

    private static byte[] attestationObject(byte[] authenticatorData) {
        return cbor(generator -> {
            generator.writeStartObject(3);
            generator.writeFieldName("fmt");
            generator.writeString("none");
            generator.writeFieldName("attStmt");
            generator.writeStartObject(0);
            generator.writeEndObject();
            generator.writeFieldName("authData");
            generator.writeBinary(authenticatorData);
            generator.writeEndObject();
        });
    }

    private interface Writes {
        void to(CBORGenerator generator) throws IOException;
    }

    private static byte[] cbor(Writes writes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CBORGenerator generator = new CBORFactory().createGenerator(out)) {
            writes.to(generator);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toByteArray();
    }

    private static byte[] unsigned32(BigInteger value) {
        byte[] raw = value.toByteArray();
        byte[] out = new byte[32];
        System.arraycopy(raw, Math.max(0, raw.length - 32), out, Math.max(0, 32 - raw.length), Math.min(32, raw.length));
        return out;
    }

    static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String b64(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
