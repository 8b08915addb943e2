package payments.wallet;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.schema.JsonSchema;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Creating and finding sessions. A compressed clientPublicKey is the session key itself (the client
 * holds its private half); an uncompressed one selects the deprecated flow where this service makes
 * the session key and hands it back sealed to that key.
 */
@ApplicationScoped
public class AuthSessions {

    static final String REVOKE = "REVOKE_SESSION";
    static final String REFRESH = "REFRESH_SESSION";

    private static final JsonSchema REFRESH_BODY = JsonSchema.parse(JsonText.parse("""
            {"type": "object", "required": ["clientPublicKey"], "properties": {
              "clientPublicKey": {"type": "string", "pattern": "^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$"}}}"""));

    private final ServerClock clock;
    private final WalletsConfig config;
    private final SignedRetries retries;
    private final WalletEnclave enclave;
    private final WalletAudit audit;

    public AuthSessions(ServerClock clock, WalletsConfig config, SignedRetries retries, WalletEnclave enclave, WalletAudit audit) {
        this.audit = audit;
        this.clock = clock;
        this.config = config;
        this.retries = retries;
        this.enclave = enclave;
    }

    /** What a refresh answered: 201 with the new session, or 202 with a challenge. */
    public record Refreshed(AuthView.Session session, SignedRetries.Challenge challenge) {
    }

    /** GET /auth/sessions?accountId=: the wallet's active sessions, newest first, never with key material. */
    public Uni<AuthView.ListOf<AuthView.Session>> list(String accountId) {
        UUID account = AuthCredentials.requireAccountParameter(accountId);
        Instant now = clock.now();
        return Panache.withSession(() -> AuthSession.<AuthSession>find("accountId = ?1 and revokedAt is null and expiresAt > ?2",
                        Sort.descending("createdAt", "id"), account, now).list()
                .flatMap(sessions -> AuthCredential.<AuthCredential>list("accountId", account).map(credentials -> {
                    Map<UUID, AuthCredential> byId = new java.util.HashMap<>();
                    credentials.forEach(c -> byId.put(c.id, c));
                    return new AuthView.ListOf<>(sessions.stream().map(s -> AuthView.session(s, byId.get(s.credentialId), null)).toList());
                })));
    }

    /** DELETE /auth/sessions/{id}: signed by any active session of the wallet (itself included). Null when done. */
    public Uni<AuthView.CredentialChallenge> revoke(String sessionId, SignedRetries.Headers headers) {
        UUID id = Ids.uuidOf(IdType.SESSION, sessionId, ErrorCode.SESSION_NOT_FOUND);
        return Panache.withTransaction(() -> active(id).flatMap(session -> AuthCredential.<AuthCredential>findById(session.credentialId)
                .flatMap(credential -> {
                    SignedRetries.Ask ask = SignedRetries.Ask.of(session.accountId, REVOKE, session.id, null);
                    if (headers.firstCall()) {
                        String payload = enclave.activity("ACTIVITY_TYPE_DELETE_API_KEYS", Map.of("userId",
                                AuthCredentials.userId(session.accountId), "apiKeyIds", List.of(sessionId)), clock.now());
                        return retries.issue(ask, payload, null, null)
                                .map(challenge -> AuthView.CredentialChallenge.of(credential.type, challenge));
                    }
                    return retries.consume(ask, headers).flatMap(signed -> {
                        session.revokedAt = clock.now();
                        session.updatedAt = session.revokedAt;
                        return audit.record(session.accountId, WalletAudit.SESSION_REVOKED, session.id, signed.session());
                    }).replaceWith((AuthView.CredentialChallenge) null);
                })));
    }

    /** POST /auth/sessions/{id}/refresh: signed by that session while it is active; a new session for the same credential. */
    public Uni<Refreshed> refresh(String sessionId, JsonBody<ClientKeyRequest> body, SignedRetries.Headers headers) {
        UUID id = Ids.uuidOf(IdType.SESSION, sessionId, ErrorCode.SESSION_NOT_FOUND);
        String clientPublicKey = body.checked(REFRESH_BODY).valid((request, errors) -> {
            if (errors.isEmpty() && !P256.isValidKey(request.clientPublicKey())) {
                errors.add(FieldError.of("clientPublicKey", "Is not a point of P-256"));
            }
        }).clientPublicKey();
        return Panache.withTransaction(() -> AuthSession.<AuthSession>findById(id).flatMap(session -> {
            if (session == null) {
                throw new ApiException(ErrorCode.SESSION_NOT_FOUND, "Session " + sessionId + " not found");
            }
            if (!session.isActive(clock.now())) {
                throw ApiException.unauthorized("Session " + sessionId + " is no longer active; verify the credential again");
            }
            SignedRetries.Ask ask = SignedRetries.Ask.of(session.accountId, REFRESH, session.id, body.tree());
            if (headers.firstCall()) {
                String payload = enclave.activity("ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2",
                        Map.of("targetPublicKey", clientPublicKey), clock.now());
                return retries.issue(ask, payload, session.publicKey, null).map(challenge -> new Refreshed(null, challenge));
            }
            return retries.consume(ask, headers).flatMap(signed -> AuthCredential.<AuthCredential>findById(session.credentialId)
                    .flatMap(credential -> open(credential, clientPublicKey, signed.session())
                            .map(issued -> new Refreshed(issued.view(credential), null))));
        }));
    }

    /** The session, unless unknown, revoked or expired (404). */
    private Uni<AuthSession> active(UUID id) {
        return AuthSession.<AuthSession>findById(id).map(session -> {
            if (session == null || !session.isActive(clock.now())) {
                throw new ApiException(ErrorCode.SESSION_NOT_FOUND, "No active session " + IdType.SESSION.wireId(id));
            }
            return session;
        });
    }

    /** A new session and, in the legacy flow, its sealed key. */
    public record Issued(AuthSession session, String encryptedSessionSigningKey) {
        public AuthView.Session view(AuthCredential credential) {
            return AuthView.session(session, credential, encryptedSessionSigningKey);
        }
    }

    /** The active (unrevoked, unexpired) session of {@code accountId} whose key is {@code publicKey}, or null. */
    public static Uni<AuthSession> activeByKey(UUID accountId, String publicKey, Instant now) {
        return AuthSession.<AuthSession>find("accountId = ?1 and publicKey = ?2 and revokedAt is null and expiresAt > ?3 order by createdAt desc",
                accountId, publicKey, now).firstResult();
    }

    /** Opens a session for a verified credential (in the caller's transaction). */
    public Uni<Issued> open(AuthCredential credential, String clientPublicKey) {
        return open(credential, clientPublicKey, null);
    }

    /** As {@link #open(AuthCredential, String)}; {@code signer} is the session that asked for it (a refresh). */
    public Uni<Issued> open(AuthCredential credential, String clientPublicKey, AuthSession signer) {
        Instant now = clock.now();
        AuthSession session = new AuthSession();
        session.id = payments.common.Ids.newUuid();
        session.accountId = credential.accountId;
        session.credentialId = credential.id;
        session.createdAt = now;
        session.updatedAt = now;
        session.expiresAt = now.plus(config.sessionLifetime());
        String sealed = null;
        if (P256.isCompressed(clientPublicKey)) {
            session.publicKey = clientPublicKey.toLowerCase();
        } else {
            SessionKeys.Legacy legacy = SessionKeys.sealNewKey(clientPublicKey);
            session.publicKey = legacy.publicKey();
            sealed = legacy.encryptedSessionSigningKey();
        }
        String encrypted = sealed;
        return session.persist().call(() -> audit.record(session.accountId, WalletAudit.SESSION_OPENED, session.id, signer))
                .map(saved -> new Issued(session, encrypted));
    }
}
