package payments.wallet;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.ServerClock;
import payments.common.Sha256;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * The signed-retry pattern: a first call without signature answers 202 with a payload to sign and a
 * Request-Id; the identical call again, with the owner's stamp over that payload and the Request-Id,
 * does the work. A challenge is single use, expires after five minutes, belongs to one account, one
 * operation, one target and one request body, and names who may sign it.
 */
@ApplicationScoped
public class SignedRetries {

    public static final String REQUEST_ID_HEADER = payments.common.WalletOwnerConsent.REQUEST_ID_HEADER;
    static final Duration LIFETIME = Duration.ofMinutes(5);

    private final ServerClock clock;

    public SignedRetries(ServerClock clock) {
        this.clock = clock;
    }

    /** The 202 body shared by every signed-retry operation. */
    public record Challenge(String payloadToSign, String requestId, Instant expiresAt) {
        static Challenge of(WalletRequest request) {
            return new Challenge(request.payloadToSign, IdType.REQUEST.wireId(request.id), request.expiresAt);
        }
    }

    /** What is being asked: who for, which operation on which resource, and a digest of the request. */
    public record Ask(UUID accountId, String operation, UUID targetId, String requestDigest) {
        public static Ask of(UUID accountId, String operation, UUID targetId, Object body) {
            String digest = Sha256.hex(operation + "\n" + targetId + "\n" + WalletEnclave.canonical(body == null ? "" : body));
            return new Ask(accountId, operation, targetId, digest);
        }
    }

    /** The two headers of a retry; both absent on a first call. */
    public record Headers(String signature, String requestId) {
        public boolean firstCall() {
            return blank(signature) && blank(requestId);
        }

        private static boolean blank(String value) {
            return value == null || value.isBlank();
        }
    }

    /** A consumed challenge and the session whose key signed it (null when the challenge named its signer). */
    public record Signed(WalletRequest request, AuthSession session) {
    }

    /** Stores the challenge of a first call (in the caller's transaction). */
    public Uni<Challenge> issue(Ask ask, String payloadToSign, String signerKey, UUID excludedCredentialId) {
        return issue(ask, payloadToSign, signerKey, excludedCredentialId, null);
    }

    /** As {@link #issue(Ask, String, String, UUID)}, remembering the key the session it opens will have. */
    public Uni<Challenge> issue(Ask ask, String payloadToSign, String signerKey, UUID excludedCredentialId, String clientPublicKey) {
        Instant now = clock.now();
        WalletRequest request = new WalletRequest();
        request.id = Ids.newUuid();
        request.accountId = ask.accountId();
        request.operation = ask.operation();
        request.targetId = ask.targetId();
        request.requestDigest = ask.requestDigest();
        request.payloadToSign = payloadToSign;
        request.signerKey = signerKey;
        request.excludedCredentialId = excludedCredentialId;
        request.clientPublicKey = clientPublicKey;
        request.createdAt = now;
        request.expiresAt = now.plus(LIFETIME);
        return request.persist().map(saved -> Challenge.of(request));
    }

    /**
     * Checks a retry and consumes its challenge (in the caller's transaction, so the challenge is
     * spent only if the work commits): 401 REQUEST_ID_MISSING / WALLET_SIGNATURE_MISSING when one
     * header comes without the other, WALLET_SIGNATURE_MALFORMED for an unreadable stamp,
     * UNAUTHORIZED for a Request-Id that is unknown, expired, spent or issued for something else,
     * WALLET_SIGNATURE_BODY_MISMATCH when the body differs from the first call's, and
     * WALLET_SIGNATURE_INVALID when the stamp's key may not sign it or its signature fails.
     */
    public Uni<Signed> consume(Ask ask, Headers headers) {
        return check(ask, headers).invoke(signed -> signed.request().consumedAt = clock.now());
    }

    /** {@link #consume}'s checks, leaving the challenge unspent (locked): the caller spends it when the work is done. */
    public Uni<Signed> check(Ask ask, Headers headers) {
        if (headers.requestId() == null || headers.requestId().isBlank()) {
            throw requestIdMissing();
        }
        Stamp stamp = Stamp.parse(headers.signature());
        Instant now = clock.now();
        return claim(ask, headers.requestId()).flatMap(request -> signer(request, stamp, now).map(signer -> {
            if (!stamp.verifies(request.payloadToSign)) {
                throw invalid("does not verify over the payloadToSign of " + headers.requestId());
            }
            return new Signed(request, signer.orElse(null));
        }));
    }

    /**
     * The pending challenge {@code requestId} names, locked, if it was issued for {@code ask} and is
     * neither spent nor expired (401 UNAUTHORIZED otherwise; WALLET_SIGNATURE_BODY_MISMATCH when only
     * the request differs). The caller spends it by setting consumedAt.
     */
    public Uni<WalletRequest> claim(Ask ask, String requestId) {
        if (requestId == null || requestId.isBlank()) {
            throw requestIdMissing();
        }
        if (!Ids.isValid(IdType.REQUEST, requestId)) {
            throw unknownRequest();
        }
        UUID id = Ids.uuidOf(IdType.REQUEST, requestId, ErrorCode.UNAUTHORIZED);
        Instant now = clock.now();
        return Panache.getSession().flatMap(session -> session.find(WalletRequest.class, id, LockModeType.PESSIMISTIC_WRITE))
                .map(request -> {
                    if (request == null || request.consumedAt != null || !now.isBefore(request.expiresAt)
                            || !request.accountId.equals(ask.accountId()) || !request.operation.equals(ask.operation())
                            || !java.util.Objects.equals(request.targetId, ask.targetId())) {
                        throw unknownRequest();
                    }
                    if (!request.requestDigest.equals(ask.requestDigest())) {
                        throw new ApiException(ErrorCode.WALLET_SIGNATURE_BODY_MISMATCH, "The retry must repeat the request of "
                                + requestId + " exactly");
                    }
                    return request;
                });
    }

    private static ApiException requestIdMissing() {
        return new ApiException(ErrorCode.REQUEST_ID_MISSING, "A signed retry carries the " + REQUEST_ID_HEADER
                + " header of the challenge it answers");
    }

    /**
     * The session allowed to sign this challenge; empty for an OTP login, whose signer is the TEK
     * bound into the verification token and has no session yet.
     */
    private static Uni<java.util.Optional<AuthSession>> signer(WalletRequest request, Stamp stamp, Instant now) {
        if (request.signerKey != null && !request.signerKey.equals(stamp.publicKey())) {
            throw invalid("is not made with the key this request is bound to");
        }
        if (OtpLogin.OPERATION.equals(request.operation)) {
            return Uni.createFrom().item(java.util.Optional.empty());
        }
        return AuthSessions.activeByKey(request.accountId, stamp.publicKey(), now).map(session -> {
            if (session == null) {
                throw invalid("is not made with the key of an active session of this wallet");
            }
            if (session.credentialId.equals(request.excludedCredentialId)) {
                throw invalid("must come from a session of another credential than the one being revoked");
            }
            return java.util.Optional.of(session);
        });
    }

    /** 401 WALLET_SIGNATURE_INVALID. */
    public static ApiException invalid(String why) {
        return new ApiException(ErrorCode.WALLET_SIGNATURE_INVALID, "The " + Stamp.HEADER + " " + why);
    }

    private static ApiException unknownRequest() {
        return ApiException.unauthorized("The " + REQUEST_ID_HEADER + " names no pending challenge of this request: unknown, expired or already used");
    }
}
