package payments.wallet;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.ServerClock;
import payments.common.Sha256;

import java.util.Map;

/**
 * Passkey login: the challenge call binds the session's future key into a session-creation payload
 * whose SHA-256 (lowercase hex) is the WebAuthn challenge; the verify call brings the assertion over
 * it with the challenge's Request-Id, and opens the session.
 */
@ApplicationScoped
public class PasskeyLogin {

    static final String OPERATION = "PASSKEY_LOGIN";

    private final Passkeys passkeys;
    private final SignedRetries retries;
    private final AuthSessions sessions;
    private final WalletEnclave enclave;
    private final ServerClock clock;

    public PasskeyLogin(Passkeys passkeys, SignedRetries retries, AuthSessions sessions, WalletEnclave enclave, ServerClock clock) {
        this.passkeys = passkeys;
        this.retries = retries;
        this.sessions = sessions;
        this.enclave = enclave;
        this.clock = clock;
    }

    /** POST /auth/credentials/{id}/challenge for a PASSKEY (in the caller's transaction). */
    public Uni<AuthView.PasskeyChallenge> challenge(AuthCredential credential, String clientPublicKey) {
        if (clientPublicKey == null || !P256.isValidKey(clientPublicKey)) {
            throw ApiException.invalidField("clientPublicKey", FieldError.Constraint.pattern(P256.KEY_PATTERN),
                    "Is required for a PASSKEY challenge: a P-256 key in SEC1 hex, compressed or uncompressed");
        }
        String payload = enclave.activity("ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2", Map.of("targetPublicKey", clientPublicKey), clock.now());
        return retries.issue(ask(credential), payload, null, null, clientPublicKey).map(challenge ->
                new AuthView.PasskeyChallenge(IdType.AUTH_METHOD.wireId(credential.id), IdType.INTERNAL_ACCOUNT.wireId(credential.accountId),
                        credential.type, credential.passkeyCredentialId, credential.nickname, Sha256.hex(payload), challenge.requestId(),
                        challenge.expiresAt(), credential.createdAt, credential.updatedAt));
    }

    /** POST /auth/credentials/{id}/verify for a PASSKEY (in the caller's transaction). */
    public Uni<AuthView.Session> verify(AuthCredential credential, JsonNode assertion, String requestId) {
        return retries.claim(ask(credential), requestId).flatMap(request -> {
            long signCount = passkeys.authenticate(credential, assertion, Sha256.hex(request.payloadToSign));
            request.consumedAt = clock.now();
            credential.passkeySignCount = signCount;
            credential.updatedAt = request.consumedAt;
            return sessions.open(credential, request.clientPublicKey);
        }).map(issued -> issued.view(credential));
    }

    private static SignedRetries.Ask ask(AuthCredential credential) {
        return SignedRetries.Ask.of(credential.accountId, OPERATION, credential.id, null);
    }
}
