package payments.wallet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.webauthn4j.WebAuthnManager;
import com.webauthn4j.converter.AttestedCredentialDataConverter;
import com.webauthn4j.converter.exception.DataConversionException;
import com.webauthn4j.converter.util.ObjectConverter;
import com.webauthn4j.credential.CredentialRecordImpl;
import com.webauthn4j.data.AuthenticationData;
import com.webauthn4j.data.AuthenticationParameters;
import com.webauthn4j.data.AuthenticationRequest;
import com.webauthn4j.data.PublicKeyCredentialParameters;
import com.webauthn4j.data.PublicKeyCredentialType;
import com.webauthn4j.data.RegistrationData;
import com.webauthn4j.data.RegistrationParameters;
import com.webauthn4j.data.RegistrationRequest;
import com.webauthn4j.data.attestation.authenticator.AttestedCredentialData;
import com.webauthn4j.data.attestation.statement.COSEAlgorithmIdentifier;
import com.webauthn4j.data.attestation.statement.NoneAttestationStatement;
import com.webauthn4j.data.client.Origin;
import com.webauthn4j.data.client.challenge.DefaultChallenge;
import com.webauthn4j.server.ServerProperty;
import com.webauthn4j.verifier.exception.VerificationException;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.Set;

/**
 * WebAuthn ceremonies, verified by webauthn4j: a registration's attestation (challenge, origin, RP
 * id, user presence, the credential's public key), and an assertion's signature over
 * authenticatorData || SHA-256(clientDataJSON) with the registered key, its challenge, origin, RP id,
 * user presence and a signature counter that must move forward.
 */
@ApplicationScoped
public class Passkeys {

    private static final List<PublicKeyCredentialParameters> ALGORITHMS = List.of(
            new PublicKeyCredentialParameters(PublicKeyCredentialType.PUBLIC_KEY, COSEAlgorithmIdentifier.ES256),
            new PublicKeyCredentialParameters(PublicKeyCredentialType.PUBLIC_KEY, COSEAlgorithmIdentifier.RS256),
            new PublicKeyCredentialParameters(PublicKeyCredentialType.PUBLIC_KEY, COSEAlgorithmIdentifier.EdDSA));

    private final WebAuthnManager manager = WebAuthnManager.createNonStrictWebAuthnManager();
    private final AttestedCredentialDataConverter credentialData = new AttestedCredentialDataConverter(new ObjectConverter());
    private final Set<Origin> origins = new LinkedHashSet<>();
    private final String rpId;

    public Passkeys(WalletsConfig config) {
        config.passkeyOrigins().forEach(origin -> origins.add(new Origin(origin.strip())));
        this.rpId = config.passkeyRpId();
    }

    /** A verified registration: what to keep to check the credential's assertions. */
    /** WebAuthn asks for challenges of at least 16 random bytes. */
    static final int MIN_CHALLENGE_BYTES = 16;

    public record Registered(String credentialId, byte[] credentialData, long signCount) {
    }

    /** Verifies {@code attestation} (the body's) made for {@code challenge} (base64url); 400 INVALID_INPUT naming the failure. */
    public Registered register(JsonNode attestation, String challenge) {
        return register(attestation, challenge, "attestation");
    }

    /** {@link #register}, naming the attestation's fields under {@code field} in the errors. */
    public Registered register(JsonNode given, String challenge, String field) {
        JsonNode attestation = flat(given);
        byte[] challengeBytes = decode(challenge, "challenge");
        if (challengeBytes.length < MIN_CHALLENGE_BYTES) {
            // The caller makes the registration challenge (the reference says so): it must be unguessable to mean anything.
            throw ApiException.invalidField("challenge", null, "Must decode to at least " + MIN_CHALLENGE_BYTES + " random bytes");
        }
        byte[] clientData = decode(attestation.path("clientDataJson").asText(), field + ".clientDataJson");
        byte[] attestationObject = decode(attestation.path("attestationObject").asText(), field + ".attestationObject");
        Set<String> transports = new LinkedHashSet<>();
        attestation.path("transports").forEach(t -> transports.add(t.asText()));
        RegistrationData data;
        try {
            data = manager.verify(new RegistrationRequest(attestationObject, clientData, transports),
                    new RegistrationParameters(new ServerProperty(origins, rpId, new DefaultChallenge(challengeBytes)), ALGORITHMS, false, true));
        } catch (DataConversionException | VerificationException e) {
            throw ApiException.invalidField(field, null, "The passkey attestation does not verify: " + e.getMessage());
        }
        AttestedCredentialData attested = data.getAttestationObject().getAuthenticatorData().getAttestedCredentialData();
        if (attested == null) {
            throw ApiException.invalidField(field + ".attestationObject", null, "Carries no attested credential data");
        }
        String credentialId = Base64.getUrlEncoder().withoutPadding().encodeToString(attested.getCredentialId());
        if (!Arrays.equals(attested.getCredentialId(), decode(attestation.path("credentialId").asText(), field + ".credentialId"))) {
            throw ApiException.invalidField(field + ".credentialId", null, "Is not the credential id the attestation carries");
        }
        return new Registered(credentialId, credentialData.convert(attested), data.getAttestationObject().getAuthenticatorData().getSignCount());
    }

    /**
     * Verifies an assertion of {@code credential} over {@code challengeText} (its UTF-8 bytes are the
     * WebAuthn challenge); answers the new signature counter. 401 when anything fails.
     */
    public long authenticate(AuthCredential credential, JsonNode assertion, String challengeText) {
        return verify(credential.passkeyCredentialId, credential.passkeyCredentialData, credential.passkeySignCount, assertion, challengeText,
                ApiException::unauthorized);
    }

    /**
     * Verifies an assertion of the registered credential ({@code registeredId}, its data and last
     * signature counter) over {@code challengeText}; answers the new counter, or throws what
     * {@code refusal} makes of the reason.
     */
    public long verify(String registeredId, byte[] registeredData, Long signCount, JsonNode given, String challengeText,
                       Function<String, ApiException> refusal) {
        JsonNode assertion = flat(given);
        byte[] credentialId = decodeOr(assertion.path("credentialId").asText(), refusal);
        if (!registeredId.equals(Base64.getUrlEncoder().withoutPadding().encodeToString(credentialId))) {
            throw refusal.apply("The assertion is made with another passkey than credential " + registeredId);
        }
        AttestedCredentialData attested = credentialData.convert(registeredData);
        CredentialRecordImpl record = new CredentialRecordImpl(new NoneAttestationStatement(), null, null, null,
                signCount == null ? 0 : signCount, attested, null, null, null, null);
        byte[] userHandle = assertion.hasNonNull("userHandle") && !assertion.get("userHandle").asText().isEmpty()
                ? decodeOr(assertion.get("userHandle").asText(), refusal) : null;
        AuthenticationRequest request = new AuthenticationRequest(credentialId, userHandle,
                decodeOr(assertion.path("authenticatorData").asText(), refusal), decodeOr(assertion.path("clientDataJson").asText(), refusal),
                decodeOr(assertion.path("signature").asText(), refusal));
        try {
            AuthenticationData data = manager.verify(request, new AuthenticationParameters(
                    new ServerProperty(origins, rpId, new DefaultChallenge(challengeText.getBytes(StandardCharsets.US_ASCII))),
                    record, List.of(credentialId), false, true));
            return data.getAuthenticatorData().getSignCount();
        } catch (DataConversionException | VerificationException e) {
            throw refusal.apply("The passkey assertion does not verify: " + e.getMessage());
        }
    }

    /** The relying-party id passkeys are bound to. */
    public String rpId() {
        return rpId;
    }

    /** The origins WebAuthn ceremonies may run against. */
    public List<String> origins() {
        return origins.stream().map(Origin::toString).toList();
    }

    /** The algorithms a new passkey may use, as WebAuthn creation options list them. */
    public static List<Map<String, Object>> algorithms() {
        return ALGORITHMS.stream().map(p -> Map.<String, Object>of("type", "public-key", "alg", p.getAlg().getValue())).toList();
    }

    /**
     * A credential as a browser's {@code PublicKeyCredential.toJSON()} gives it, submitted unmodified
     * (RegistrationResponseJSON or AuthenticationResponseJSON: {@code id}, {@code rawId}, {@code type},
     * {@code response.clientDataJSON}, ...), in the flat form this class reads ({@code credentialId},
     * {@code clientDataJson} and the response's other members); a flat one as it is.
     */
    static JsonNode flat(JsonNode credential) {
        JsonNode response = credential == null ? null : credential.get("response");
        if (response == null || !response.isObject()) {
            return credential;
        }
        ObjectNode flat = JsonNodeFactory.instance.objectNode();
        JsonNode id = credential.hasNonNull("rawId") ? credential.get("rawId") : credential.path("id");
        flat.set("credentialId", id);
        flat.set("clientDataJson", response.path("clientDataJSON"));
        for (String member : List.of("attestationObject", "transports", "authenticatorData", "signature", "userHandle")) {
            if (response.has(member)) {
                flat.set(member, response.get(member));
            }
        }
        return flat;
    }

    private static byte[] decode(String base64url, String field) {
        try {
            return Base64.getUrlDecoder().decode(base64url);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidField(field, null, "Must be base64url");
        }
    }

    private static byte[] decodeOr(String base64url, Function<String, ApiException> refusal) {
        try {
            return Base64.getUrlDecoder().decode(base64url);
        } catch (IllegalArgumentException e) {
            throw refusal.apply("The passkey assertion is not base64url");
        }
    }
}
