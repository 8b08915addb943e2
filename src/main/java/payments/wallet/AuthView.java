package payments.wallet;

import com.fasterxml.jackson.annotation.JsonInclude;
import payments.common.IdType;

import java.time.Instant;

/** The wire shapes of credentials (AuthMethod) and sessions (AuthSession). */
public final class AuthView {

    private AuthView() {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AuthMethod(String id, String accountId, String type, String credentialId, String nickname,
                             String otpEncryptionTargetBundle, Instant createdAt, Instant updatedAt) {
    }

    /** The PASSKEY answer of POST /auth/credentials/{id}/challenge. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record PasskeyChallenge(String id, String accountId, String type, String credentialId, String nickname,
                                   String challenge, String requestId, Instant expiresAt, Instant createdAt, Instant updatedAt) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Session(String id, String accountId, String type, String credentialId, String nickname,
                          String encryptedSessionSigningKey, Instant createdAt, Instant updatedAt, Instant expiresAt) {
    }

    /** The 202 of a signed-retry operation on a credential: the challenge and the credential type involved. */
    public record CredentialChallenge(String type, String payloadToSign, String requestId, Instant expiresAt) {
        static CredentialChallenge of(String type, SignedRetries.Challenge challenge) {
            return new CredentialChallenge(type, challenge.payloadToSign(), challenge.requestId(), challenge.expiresAt());
        }
    }

    /**
     * The 200 of a verify whose wallet activity is still in flight (the spec's WalletOperationProcessing):
     * not an error; the identical request, resent, answers the session once the activity settles.
     */
    public record OperationProcessing(String status, String message) {
        static OperationProcessing of(String message) {
            return new OperationProcessing("PROCESSING", message);
        }
    }

    public record ListOf<T>(java.util.List<T> data) {
    }

    static AuthMethod method(AuthCredential credential, String targetBundle) {
        return new AuthMethod(IdType.AUTH_METHOD.wireId(credential.id), IdType.INTERNAL_ACCOUNT.wireId(credential.accountId),
                credential.type, credential.passkeyCredentialId, credential.nickname, targetBundle,
                credential.createdAt, credential.updatedAt);
    }

    static Session session(AuthSession session, AuthCredential credential, String encryptedSessionSigningKey) {
        return new Session(IdType.SESSION.wireId(session.id), IdType.INTERNAL_ACCOUNT.wireId(session.accountId),
                credential.type, credential.passkeyCredentialId, credential.nickname, encryptedSessionSigningKey,
                session.createdAt, session.updatedAt, session.expiresAt);
    }
}
