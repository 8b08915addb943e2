package payments.wallet;

import com.fasterxml.jackson.databind.JsonNode;
import payments.common.ApiException;
import payments.common.JsonText;
import payments.common.Sha256;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Set;

/**
 * The rules an OIDC ID token must pass to register or verify an OAUTH credential: JWT-shaped
 * (else 400), from a supported issuer, one audience, a subject, issued less than 60 seconds before
 * the request (the spec's rule, with no clock skew: a token dated in the future is refused too), not expired; at verification also the
 * registered identity and a nonce equal to the lowercase hex SHA-256 of the clientPublicKey text.
 * Any failed check is 401 naming it. Signatures are checked apart ({@link OidcSignatures}).
 */
public final class OidcTokens {

    static final long MAX_AGE_SECONDS = 60;

    private OidcTokens() {
    }

    /** The claims that matter, from a token known to be JWT-shaped. */
    public record Identity(String issuer, String audience, String subject, String email, String nonce, long issuedAt, long expiresAt) {
    }

    /** 400 INVALID_INPUT unless {@code token} is three base64url segments whose first two are JSON objects. */
    public static Identity parse(String token, String field) {
        String[] segments = token == null ? new String[0] : token.split("\\.", -1);
        if (segments.length != 3 || segments[0].isEmpty() || segments[1].isEmpty() || segments[2].isEmpty()) {
            throw malformed(field);
        }
        JsonNode header = json(segments[0], field);
        JsonNode claims = json(segments[1], field);
        if (!header.isObject() || !claims.isObject() || !header.path("alg").isTextual()) {
            throw malformed(field);
        }
        JsonNode aud = claims.path("aud");
        String audience = aud.isTextual() ? aud.asText() : aud.isArray() && aud.size() == 1 && aud.get(0).isTextual() ? aud.get(0).asText() : null;
        return new Identity(claims.path("iss").textValue(), audience, claims.path("sub").textValue(),
                claims.path("email").textValue(), claims.path("nonce").textValue(),
                claims.path("iat").isNumber() ? claims.get("iat").asLong() : Long.MIN_VALUE,
                claims.path("exp").isNumber() ? claims.get("exp").asLong() : Long.MIN_VALUE);
    }

    /** The checks every token passes, at registration and at verification (401 naming the failed one). */
    public static void requireValid(Identity token, Set<String> issuers, Instant now) {
        if (token.issuer() == null || !issuers.contains(token.issuer())) {
            throw failed("iss", "the issuer " + token.issuer() + " is not supported");
        }
        if (token.audience() == null || token.audience().isEmpty()) {
            throw failed("aud", "aud must be one non-empty string");
        }
        if (token.subject() == null || token.subject().isEmpty()) {
            throw failed("sub", "sub must be a non-empty string");
        }
        long seconds = now.getEpochSecond();
        if (token.issuedAt() == Long.MIN_VALUE || seconds - token.issuedAt() >= MAX_AGE_SECONDS || token.issuedAt() > seconds) {
            throw failed("iat", "the token must be issued less than " + MAX_AGE_SECONDS + " seconds before the request");
        }
        if (token.expiresAt() == Long.MIN_VALUE || token.expiresAt() <= seconds) {
            throw failed("exp", "the token has expired");
        }
    }

    /** At verification: the registered identity, and the nonce bound to the client's key. */
    public static void requireMatch(Identity token, AuthCredential credential, String clientPublicKey) {
        if (!token.issuer().equals(credential.oauthIssuer) || !token.audience().equals(credential.oauthAudience)
                || !token.subject().equals(credential.oauthSubject)) {
            throw failed("identity", "iss, aud and sub must be those of the registered OAuth identity");
        }
        if (!Sha256.hex(clientPublicKey).equals(token.nonce())) {
            throw failed("nonce", "nonce must be the lowercase hex SHA-256 of the clientPublicKey text");
        }
    }

    /** 400 for an unsupported issuer at registration (the reference's reading); other failures stay 401. */
    public static ApiException failed(String check, String why) {
        return ApiException.unauthorized("OIDC token check failed (" + check + "): " + why);
    }

    private static JsonNode json(String segment, String field) {
        try {
            JsonNode node = JsonText.parse(new String(Base64.getUrlDecoder().decode(segment), StandardCharsets.UTF_8));
            if (node == null) {
                throw malformed(field);
            }
            return node;
        } catch (IllegalArgumentException e) {
            throw malformed(field);
        } catch (RuntimeException e) {
            if (e instanceof ApiException api) {
                throw api;
            }
            throw malformed(field);
        }
    }

    private static ApiException malformed(String field) {
        return ApiException.invalidField(field, null, "Must be an OIDC ID token: a JWT, three base64url segments");
    }
}
