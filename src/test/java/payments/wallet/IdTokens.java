package payments.wallet;

import org.jose4j.jwk.EcJwkGenerator;
import org.jose4j.jwk.EllipticCurveJsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.keys.EllipticCurves;
import org.jose4j.lang.JoseException;

import java.time.Instant;
import java.util.Map;

import static payments.TestSupport.api;

/** OIDC ID tokens as an identity provider would issue them, signed with a key of the test's own. */
public final class IdTokens {

    /**
     * A fixed key: the JWKS server of {@link OidcSignatureTest} may run in another class loader than
     * the test, and both must hold the same key.
     */
    public static final EllipticCurveJsonWebKey PROVIDER_KEY = fixedKey(new java.math.BigInteger(
            "4f3c2a9b8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928170615243f", 16), "provider-1");

    private IdTokens() {
    }

    private static EllipticCurveJsonWebKey fixedKey(java.math.BigInteger d, String kid) {
        try {
            var factory = java.security.KeyFactory.getInstance("EC");
            var privateKey = (java.security.interfaces.ECPrivateKey) factory.generatePrivate(
                    new java.security.spec.ECPrivateKeySpec(d, P256.jcaParameters()));
            EllipticCurveJsonWebKey key = new EllipticCurveJsonWebKey(P256.publicKey(P256.publicPoint(d)));
            key.setPrivateKey(privateKey);
            key.setKeyId(kid);
            return key;
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static EllipticCurveJsonWebKey newKey(String kid) {
        try {
            EllipticCurveJsonWebKey key = EcJwkGenerator.generateJwk(EllipticCurves.P256);
            key.setKeyId(kid);
            return key;
        } catch (JoseException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The provider's JWKS document (public key only). */
    public static String jwks() {
        return new JsonWebKeySet(PROVIDER_KEY).toJson(org.jose4j.jwk.JsonWebKey.OutputControlLevel.PUBLIC_ONLY);
    }

    /** The server's clock now (the sandbox clock may run ahead of the machine's); moves it on by one second. */
    public static Instant serverNow() {
        return Instant.parse(api().body(Map.of("seconds", 1)).post("/sandbox/clock/advance").then().statusCode(200).extract().path("now"));
    }

    public static String token(Map<String, Object> claims) {
        return token(claims, PROVIDER_KEY);
    }

    public static String token(Map<String, Object> claims, EllipticCurveJsonWebKey key) {
        try {
            JwtClaims jwt = new JwtClaims();
            claims.forEach(jwt::setClaim);
            JsonWebSignature jws = new JsonWebSignature();
            jws.setPayload(jwt.toJson());
            jws.setKey(key.getPrivateKey());
            jws.setKeyIdHeaderValue(key.getKeyId());
            jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.ECDSA_USING_P256_CURVE_AND_SHA256);
            return jws.getCompactSerialization();
        } catch (JoseException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Google-like claims for {@code subject}, issued at {@code issuedAt}, with {@code nonce} (may be null). */
    public static Map<String, Object> claims(String issuer, String subject, String nonce, Instant issuedAt) {
        Map<String, Object> claims = new java.util.HashMap<>(Map.of("iss", issuer, "aud", "client-123.apps.example.com", "sub", subject,
                "email", subject + "@example.com", "iat", issuedAt.getEpochSecond(), "exp", issuedAt.getEpochSecond() + 3600));
        if (nonce != null) {
            claims.put("nonce", nonce);
        }
        return claims;
    }

    public static EllipticCurveJsonWebKey otherKey() {
        return newKey("provider-1");
    }

    /** A key under a kid the provider never published (as after a rotation the server has not seen). */
    public static EllipticCurveJsonWebKey unknownKey() {
        return newKey("rotated-" + java.util.UUID.randomUUID());
    }
}
