package payments.wallet;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.lang.JoseException;
import payments.common.Sha256;
import payments.common.security.ServiceKeys;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The service's side of the wallet flows: its P-256 key (generated once, stored sealed) signs the
 * bundles it hands out and the verification tokens of OTP logins; and the canonical activity
 * payloads the owner stamps ({@code {"organizationId", "parameters", "timestampMs", "type"}}, keys
 * sorted, compact).
 */
@ApplicationScoped
public class WalletEnclave {

    static final String KEY_SETTING = "wallet.enclave-key";
    public static final String BUNDLE_VERSION = "v1.0.0";
    private static final ObjectMapper CANONICAL = new ObjectMapper()
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    private final ServiceKeys keys;
    private volatile KeyPair keyPair;
    private volatile String publicKeyHex;
    private volatile String organizationId;

    public WalletEnclave(ServiceKeys keys) {
        this.keys = keys;
    }

    void load(@Observes @Priority(10) StartupEvent event) {
        keyPair = keys.storedOrGenerated(KEY_SETTING);
        publicKeyHex = P256.uncompressedHex(P256.pointOf((ECPublicKey) keyPair.getPublic()));
        organizationId = "org_" + Sha256.hex(publicKeyHex).substring(0, 24);
    }

    /** The enclave's public key, uncompressed hex (enclaveQuorumPublic). */
    public String publicKeyHex() {
        return publicKeyHex;
    }

    public String organizationId() {
        return organizationId;
    }

    /**
     * An envelope {@code {version, data, dataSignature, enclaveQuorumPublic}}: data is the hex of
     * the UTF-8 JSON {@code inner}, signed (DER ECDSA P-256 over SHA-256 of those bytes) by this key.
     */
    public String bundle(Map<String, String> inner) {
        byte[] data = canonical(inner).getBytes(StandardCharsets.UTF_8);
        Map<String, String> envelope = new LinkedHashMap<>();
        envelope.put("version", BUNDLE_VERSION);
        envelope.put("data", HexFormat.of().formatHex(data));
        envelope.put("dataSignature", HexFormat.of().formatHex(sign(data)));
        envelope.put("enclaveQuorumPublic", publicKeyHex);
        return write(envelope, new ObjectMapper());
    }

    /** The OTP target bundle: where the client seals its code and TEK to. */
    public String targetBundle(byte[] targetPublicUncompressed) {
        return bundle(Map.of("targetPublic", HexFormat.of().formatHex(targetPublicUncompressed),
                "organizationId", organizationId));
    }

    /** A compact ES256 JWS naming the credential and binding the TEK that must sign it. */
    public String verificationToken(String subject, String tekCompressedHex, Instant issuedAt, Instant expiresAt) {
        JwtClaims claims = new JwtClaims();
        claims.setSubject(subject);
        claims.setIssuedAt(NumericDate.fromSeconds(issuedAt.getEpochSecond()));
        claims.setExpirationTime(NumericDate.fromSeconds(expiresAt.getEpochSecond()));
        claims.setClaim("public_key", tekCompressedHex);
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(claims.toJson());
        jws.setKey(keyPair.getPrivate());
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.ECDSA_USING_P256_CURVE_AND_SHA256);
        jws.setKeyIdHeaderValue(organizationId);
        try {
            return jws.getCompactSerialization();
        } catch (JoseException e) {
            throw new IllegalStateException("Cannot sign a verification token", e);
        }
    }

    /** The canonical payload of an activity the wallet owner authorizes. */
    public String activity(String type, Map<String, ?> parameters, Instant at) {
        Map<String, Object> payload = new TreeMap<>();
        payload.put("organizationId", organizationId);
        payload.put("parameters", parameters);
        payload.put("timestampMs", Long.toString(at.toEpochMilli()));
        payload.put("type", type);
        return canonical(payload);
    }

    /** Compact JSON with every object's keys sorted. */
    public static String canonical(Object value) {
        return write(CANONICAL.convertValue(value, Object.class), CANONICAL);
    }

    private static String write(Object value, ObjectMapper mapper) {
        try {
            return mapper.writeValueAsString(value);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private byte[] sign(byte[] data) {
        try {
            Signature signature = Signature.getInstance("SHA256withECDSA");
            signature.initSign(keyPair.getPrivate());
            signature.update(data);
            return signature.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot sign a bundle", e);
        }
    }
}
