package payments.sca;

import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.FieldRules;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBody;
import payments.common.ServerClock;
import payments.customer.Customer;
import payments.sca.ScaRecords.Factor;
import payments.sca.ScaRecords.LoginComplete;
import payments.sca.ScaRecords.LoginStart;
import payments.sca.ScaRecords.Proof;
import payments.sca.ScaRecords.SecurityEvent;
import payments.sca.ScaRecords.SecurityEventRecorded;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * SCA logins: a login with any factor the customer has opens (or renews) the customer's SCA session
 * for {@link #SESSION_LIFETIME}; payment authorizations need one ({@link #requireSession}). Security
 * events feed the same lockout the codes do; a password reset ends the session and the lockout.
 */
@ApplicationScoped
public class ScaLogins {

    /** The spec's Limits: an SCA session lasts 180 days. */
    public static final Duration SESSION_LIFETIME = Duration.ofDays(180);
    private static final Pattern IP_ADDRESS = Pattern.compile("^[0-9A-Fa-f:.]{2,45}$");

    private final ScaChallengeIssuer issuer;
    private final ScaProofs proofs;
    private final ScaLockouts lockouts;
    private final ServerClock clock;
    private final ScaProvider provider;

    public ScaLogins(ScaChallengeIssuer issuer, ScaProofs proofs, ScaLockouts lockouts, ServerClock clock, ScaProvider provider) {
        this.issuer = issuer;
        this.proofs = proofs;
        this.lockouts = lockouts;
        this.clock = clock;
        this.provider = provider;
    }

    @WithTransaction
    public Uni<LoginStart> start(String customerId, JsonBody<ScaRecords.FactorChoice> body) {
        Factor factor = factor(body.orEmpty().factor());
        return ScaCustomers.find(customerId).flatMap(customer -> enrolled(customer, factor).flatMap(ignored -> switch (factor) {
            case TOTP -> Uni.createFrom().item(new LoginStart(factor.name(), null, null, null, null, null));
            case SMS_OTP -> {
                requireSmsDelivery();
                yield issuer.issue(customer.id, AuthenticationChallenge.LOGIN, null, factor, false)
                        .map(challenge -> new LoginStart(factor.name(), challenge.wireId(), challenge.expiresAt.toString(), null, null, null));
            }
            case PASSKEY -> issuer.issue(customer.id, AuthenticationChallenge.LOGIN, null, factor, true)
                    .flatMap(challenge -> issuer.assertionOptions(customer.id, challenge.passkeyChallenge))
                    .map(options -> new LoginStart(factor.name(), null, null, options, issuer.origins(), issuer.rpId()));
        }));
    }

    @WithTransaction
    public Uni<LoginComplete> complete(String customerId, JsonBody<ScaRecords.LoginCompleteRequest> body) {
        ScaRecords.LoginCompleteRequest request = body.orEmpty();
        Factor factor = factor(request.factor());
        String ip = request.endUserIpAddress();
        if (ip == null || !IP_ADDRESS.matcher(ip).matches()) {
            throw ApiException.invalidField("endUserIpAddress", FieldError.Constraint.format("ip"), "Is required: the end user's IP address");
        }
        Proof proof = ScaProofs.proofOf(request);
        return ScaCustomers.find(customerId).flatMap(customer -> lockouts.requireUnlocked(customer.id)
                .flatMap(unlocked -> challengeFor(customer, factor, request))
                .flatMap(challenge -> proofs.verify(customer, proof, Set.of(factor), challenge == null ? null : challenge.passkeyChallenge)
                        .flatMap(proved -> {
                            Instant now = clock.now();
                            if (challenge != null) {
                                challenge.completedAt = now;
                            }
                            return openSession(customer.id, now);
                        })))
                .map(session -> new LoginComplete("SUCCESS", session.expiresAt.toString()));
    }

    /** The started login a proof answers: SMS by its challengeId, a passkey by the latest one open; TOTP has none. */
    private Uni<AuthenticationChallenge> challengeFor(Customer customer, Factor factor, ScaRecords.LoginCompleteRequest request) {
        Instant now = clock.now();
        if (factor == Factor.TOTP) {
            return enrolled(customer, factor).replaceWith((AuthenticationChallenge) null);
        }
        if (factor == Factor.SMS_OTP) {
            String challengeId = request.challengeId();
            if (challengeId == null || !Ids.isValid(IdType.SCA_CHALLENGE, challengeId)) {
                throw ApiException.invalidField("challengeId", FieldError.Constraint.idOf(IdType.SCA_CHALLENGE),
                        "Is required for SMS_OTP: the challengeId the login start answered");
            }
            return AuthenticationChallenge.<AuthenticationChallenge>findById(Ids.uuidOf(IdType.SCA_CHALLENGE, challengeId, ErrorCode.INVALID_INPUT))
                    .map(challenge -> {
                        if (challenge == null || !challenge.customerId.equals(customer.id) || !AuthenticationChallenge.LOGIN.equals(challenge.purpose)
                                || !challenge.openAt(now)) {
                            throw ApiException.invalidField("challengeId", null, "Names no open SMS login of this customer (expired or answered?)");
                        }
                        return challenge;
                    });
        }
        return AuthenticationChallenge.<AuthenticationChallenge>find(
                "customerId = ?1 and purpose = ?2 and factor = ?3 and completedAt is null and expiresAt > ?4 order by createdAt desc",
                customer.id, AuthenticationChallenge.LOGIN, Factor.PASSKEY.name(), now).firstResult().map(challenge -> {
                    if (challenge == null) {
                        throw ApiException.invalidField("passkeyAssertion", null, "No passkey login of this customer is open: start one first");
                    }
                    return challenge;
                });
    }

    private Uni<ScaSession> openSession(UUID customerId, Instant now) {
        return ScaSession.<ScaSession>findById(customerId).flatMap(existing -> {
            ScaSession session = existing == null ? new ScaSession() : existing;
            session.customerId = customerId;
            session.expiresAt = now.plus(SESSION_LIFETIME);
            session.updatedAt = now;
            return existing == null ? session.<ScaSession>persist() : Uni.createFrom().item(session);
        });
    }

    /** 409 SCA_SESSION_REQUIRED unless the customer logged in with SCA within the session's lifetime. */
    public Uni<Void> requireSession(UUID customerId) {
        return ScaSession.<ScaSession>findById(customerId).invoke(session -> {
            if (session == null || !clock.now().isBefore(session.expiresAt)) {
                throw new ApiException(ErrorCode.SCA_SESSION_REQUIRED, "Customer " + IdType.CUSTOMER.wireId(customerId)
                        + " has no SCA session: log in with POST /sca/login/start and /complete, then retry");
            }
        }).replaceWithVoid();
    }

    @WithTransaction
    public Uni<SecurityEventRecorded> recordEvent(String customerId, JsonBody<ScaRecords.SecurityEventRequest> body) {
        String eventType = FieldRules.requireOneOf("eventType", body.orEmpty().eventType(), SecurityEvent.class).name();
        return ScaCustomers.find(customerId).flatMap(customer -> SecurityEvent.RESET_PASSWORD_COMPLETED.name().equals(eventType)
                        ? ScaSession.delete("customerId", customer.id).flatMap(deleted -> lockouts.clear(customer.id))
                        : lockouts.countFailure(customer.id))
                .map(state -> new SecurityEventRecorded(eventType, state.suspended(),
                        state.suspended() || state.lockedUntil() == null || !clock.now().isBefore(state.lockedUntil()) ? null
                                : state.lockedUntil().toString(), state.failedAttempts()));
    }

    /** 400 unless the customer has the factor: SMS always, TOTP and PASSKEY once enrolled. */
    private static Uni<Void> enrolled(Customer customer, Factor factor) {
        return ScaProofs.available(customer.id).invoke(available -> {
            if (!available.contains(factor)) {
                throw ApiException.invalidField("factor", null, "Customer " + customer.wireId() + " has no enrolled " + factor
                        + " factor (available: " + available + ")");
            }
        }).replaceWithVoid();
    }

    /** 501 where SMS codes do not reach customers ({@link ScaProvider}). */
    void requireSmsDelivery() {
        if (!provider.smsReachesCustomers()) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "No SMS provider sends SCA codes in production mode yet: use TOTP or PASSKEY");
        }
    }

    /** A body's {@code factor}: one of SMS_OTP, TOTP, PASSKEY. */
    static Factor factor(String factor) {
        return FieldRules.requireOneOf("factor", factor, Factor.class);
    }
}
