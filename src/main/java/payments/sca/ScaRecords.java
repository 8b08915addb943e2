package payments.sca;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;

/** Wire shapes of Strong Customer Authentication (requests are read from JSON by the services: their variants differ by type). */
public final class ScaRecords {

    private ScaRecords() {
    }

    public enum Factor { SMS_OTP, TOTP, PASSKEY }

    public enum SecurityEvent { RESET_PASSWORD_COMPLETED, FAILED_LOGIN_ATTEMPT }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FactorView(String factor, String credentialId, String name) {
    }

    public record FactorList(List<FactorView> factors) {
    }

    public record TotpEnrollmentStart(String type, String secret, String secretBase32Encoded, String totpUri) {
    }

    public record PasskeyEnrollmentStart(String type, Map<String, Object> options, List<String> allowedOrigins, String relyingPartyId) {
    }

    public record TotpEnrollmentConfirm(String type, List<String> recoveryCodes) {
    }

    public record PasskeyEnrollmentConfirm(String type, FactorView factor) {
    }

    /** Each factor answers only its own fields: nulls are left out. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LoginStart(String factor, String challengeId, String expiresAt, Map<String, Object> passkeyOptions,
                             List<String> allowedOrigins, String relyingPartyId) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LoginComplete(String status, String sessionExpiresAt) {
    }

    public record SecurityEventRecorded(String eventType, boolean suspended, String lockedUntil, int failedAttempts) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ResetStart(String resetId, String livenessAccessToken, String verificationLink, String expiresAt) {
    }

    public record ResetStatus(String status, String factor, String enrollmentStatus, String expiresAt, String completedAt) {
    }

    /** The wire's ScaChallenge. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Challenge(String id, String expiresAt, String factor, List<String> availableFactors, String purpose,
                            Map<String, Object> passkeyAssertionOptions, List<String> passkeyAllowedOrigins) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record TrustStart(Challenge scaChallenge) {
    }

    public record TrustConfirm(boolean trusted) {
    }

    /** A proof answering a challenge: a code, or a passkey assertion with the origin it was made for. */
    public record Proof(String code, JsonNode passkeyAssertion, String origin) {
    }

    /** The fields of a request body that carry a proof; the assertion is the WebAuthn object the device produced, as it is. */
    public interface ProofFields {
        String code();

        JsonNode passkeyAssertion();

        String origin();
    }

    /** The body of POST /sca/factors: the factor to enroll. */
    public record FactorEnrollmentRequest(String type) {
    }

    /** The body of POST /sca/factors/confirm: TOTP's secret and code, or a passkey's credential (as the device produced it) and origin. */
    public record FactorConfirmRequest(String type, String secret, String code, String origin, JsonNode credential) {
    }

    /** The body of POST /sca/login/start and POST /sca/factors/reset: the factor it is about. */
    public record FactorChoice(String factor) {
    }

    /** The body of POST /sca/login/complete. */
    public record LoginCompleteRequest(String factor, String endUserIpAddress, String challengeId, String code,
                                       JsonNode passkeyAssertion, String origin) implements ProofFields {
    }

    /** The body of POST /sca/record-event. */
    public record SecurityEventRequest(String eventType) {
    }

    /** The body of POST /sca/factors/reset/{id}/complete: the new mobile number when SMS_OTP is reset. */
    public record ResetCompleteRequest(Mobile mobile) {
    }

    public record Mobile(String countryCode, String number) {
    }

    /** The body of POST .../trust/confirm and .../untrust/confirm: the challenge answered and its proof. */
    public record TrustConfirmRequest(String challengeId, String code, JsonNode passkeyAssertion, String origin)
            implements ProofFields {
    }
}
