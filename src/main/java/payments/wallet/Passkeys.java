package payments.wallet;

import com.fasterxml.jackson.databind.JsonNode;
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
import payments.common.ServerConfig;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
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

    public Passkeys(ServerConfig config) {
        config.wallets().passkeyOrigins().forEach(origin -> origins.add(new Origin(origin.strip())));
        this.rpId = config.wallets().passkeyRpId();
    }

    /** A verified registration: what to keep to check the credential's assertions. */
    /** WebAuthn asks for challenges of at least 16 random bytes. */
    static final int MIN_CHALLENGE_BYTES = 16;

    public record Registered(String credentialId, byte[] credentialData, long signCount) {
    }

    /** Verifies {@code attestation} (the body's) made for {@code challenge} (base64url); 400 INVALID_INPUT naming the failure. */
    public Registered register(JsonNode attestation, String challenge) {
        byte[] challengeBytes = decode(challenge, "challenge");
        if (challengeBytes.length < MIN_CHALLENGE_BYTES) {
            // The caller makes the registration challenge (the reference says so): it must be unguessable to mean anything.
            throw ApiException.invalidField("challenge", null, "Must decode to at least " + MIN_CHALLENGE_BYTES + " random bytes");
        }
        byte[] clientData = decode(attestation.path("clientDataJson").asText(), "attestation.clientDataJson");
        byte[] attestationObject = decode(attestation.path("attestationObject").asText(), "attestation.attestationObject");
        Set<String> transports = new LinkedHashSet<>();
        attestation.path("transports").forEach(t -> transports.add(t.asText()));
        RegistrationData data;
        try {
            data = manager.verify(new RegistrationRequest(attestationObject, clientData, transports),
                    new RegistrationParameters(new ServerProperty(origins, rpId, new DefaultChallenge(challengeBytes)), ALGORITHMS, false, true));
        } catch (DataConversionException | VerificationException e) {
            throw ApiException.invalidField("attestation", null, "The passkey attestation does not verify: " + e.getMessage());
        }
        AttestedCredentialData attested = data.getAttestationObject().getAuthenticatorData().getAttestedCredentialData();
        if (attested == null) {
            throw ApiException.invalidField("attestation.attestationObject", null, "Carries no attested credential data");
        }
        String credentialId = Base64.getUrlEncoder().withoutPadding().encodeToString(attested.getCredentialId());
        if (!Arrays.equals(attested.getCredentialId(), decode(attestation.path("credentialId").asText(), "attestation.credentialId"))) {
            throw ApiException.invalidField("attestation.credentialId", null, "Is not the credential id the attestation carries");
        }
        return new Registered(credentialId, credentialData.convert(attested), data.getAttestationObject().getAuthenticatorData().getSignCount());
    }

    /**
     * Verifies an assertion of {@code credential} over {@code challengeText} (its UTF-8 bytes are the
     * WebAuthn challenge); answers the new signature counter. 401 when anything fails.
     */
    public long authenticate(AuthCredential credential, JsonNode assertion, String challengeText) {
        byte[] credentialId = decodeOr401(assertion.path("credentialId").asText());
        if (!credential.passkeyCredentialId.equals(Base64.getUrlEncoder().withoutPadding().encodeToString(credentialId))) {
            throw ApiException.unauthorized("The assertion is made with another passkey than credential " + credential.passkeyCredentialId);
        }
        AttestedCredentialData attested = credentialData.convert(credential.passkeyCredentialData);
        CredentialRecordImpl record = new CredentialRecordImpl(new NoneAttestationStatement(), null, null, null,
                credential.passkeySignCount == null ? 0 : credential.passkeySignCount, attested, null, null, null, null);
        byte[] userHandle = assertion.hasNonNull("userHandle") && !assertion.get("userHandle").asText().isEmpty()
                ? decodeOr401(assertion.get("userHandle").asText()) : null;
        AuthenticationRequest request = new AuthenticationRequest(credentialId, userHandle,
                decodeOr401(assertion.path("authenticatorData").asText()), decodeOr401(assertion.path("clientDataJson").asText()),
                decodeOr401(assertion.path("signature").asText()));
        try {
            AuthenticationData data = manager.verify(request, new AuthenticationParameters(
                    new ServerProperty(origins, rpId, new DefaultChallenge(challengeText.getBytes(StandardCharsets.US_ASCII))),
                    record, List.of(credentialId), false, true));
            return data.getAuthenticatorData().getSignCount();
        } catch (DataConversionException | VerificationException e) {
            throw ApiException.unauthorized("The passkey assertion does not verify: " + e.getMessage());
        }
    }

    private static byte[] decode(String base64url, String field) {
        try {
            return Base64.getUrlDecoder().decode(base64url);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidField(field, null, "Must be base64url");
        }
    }

    private static byte[] decodeOr401(String base64url) {
        try {
            return Base64.getUrlDecoder().decode(base64url);
        } catch (IllegalArgumentException e) {
            throw ApiException.unauthorized("The passkey assertion is not base64url");
        }
    }
}
