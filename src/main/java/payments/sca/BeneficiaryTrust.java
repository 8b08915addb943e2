package payments.sca;

import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.account.ExternalAccount;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBody;
import payments.common.ServerClock;
import payments.sca.ScaRecords.Factor;
import payments.sca.ScaRecords.TrustConfirm;
import payments.sca.ScaRecords.TrustStart;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

/**
 * Trusting a beneficiary (a customer's external account) lets later payments to it skip the
 * per-payment SCA challenge; untrusting brings the challenge back. Either change is itself
 * confirmed with an SCA proof. A trusted account cannot be deleted (409 BENEFICIARY_TRUSTED).
 */
@ApplicationScoped
public class BeneficiaryTrust {

    private final ScaChallengeIssuer issuer;
    private final ScaProofs proofs;
    private final ServerClock clock;

    public BeneficiaryTrust(ScaChallengeIssuer issuer, ScaProofs proofs, ServerClock clock) {
        this.issuer = issuer;
        this.proofs = proofs;
        this.clock = clock;
    }

    /** Whether payments to this external account skip the per-payment challenge. */
    public static boolean trusted(ExternalAccount account) {
        return account != null && account.trustedBeneficiary;
    }

    @WithTransaction
    public Uni<TrustStart> start(String externalAccountId, boolean trust) {
        return account(externalAccountId, false).flatMap(account -> ScaCustomers.find(account.customerId).flatMap(customer -> {
            if (account.trustedBeneficiary == trust) {
                throw new ApiException(ErrorCode.CONFLICT, "External account " + account.wireId() + " is already "
                        + (trust ? "trusted" : "not trusted"));
            }
            return ScaProofs.available(customer.id).flatMap(available -> {
                // A passkey, when the customer has one, is the strongest factor: the challenge names it, codes still answer.
                Factor factor = available.contains(Factor.PASSKEY) ? Factor.PASSKEY : Factor.SMS_OTP;
                return issuer.issue(customer.id, purpose(trust), account.id, factor, available.contains(Factor.PASSKEY))
                        .flatMap(challenge -> issuer.wire(challenge, available, null));
            });
        })).map(TrustStart::new);
    }

    @WithTransaction
    public Uni<TrustConfirm> confirm(String externalAccountId, boolean trust, JsonBody<ScaRecords.TrustConfirmRequest> body) {
        ScaRecords.TrustConfirmRequest request = body.orEmpty();
        ScaRecords.Proof proof = ScaProofs.proofOf(request);
        String challengeId = request.challengeId();
        return account(externalAccountId, true).flatMap(account -> ScaCustomers.find(account.customerId).flatMap(customer -> {
            Instant now = clock.now();
            return AuthenticationChallenge.<AuthenticationChallenge>find(
                    "customerId = ?1 and purpose = ?2 and externalAccountId = ?3 and completedAt is null and expiresAt > ?4 order by createdAt desc",
                    customer.id, purpose(trust), account.id, now).firstResult().flatMap(challenge -> {
                        if (challenge == null || challengeId != null && !challenge.wireId().equals(challengeId)) {
                            throw ApiException.invalidField("challengeId", null, "No open " + (trust ? "trust" : "untrust")
                                    + " challenge for this account" + (challengeId == null ? "" : " has this id") + ": start one first");
                        }
                        return ScaProofs.available(customer.id).flatMap(available -> {
                            Set<Factor> offered = new HashSet<>(available);
                            return proofs.verify(customer, proof, offered, challenge.passkeyChallenge);
                        }).map(proved -> {
                            challenge.completedAt = now;
                            account.trustedBeneficiary = trust;
                            account.updatedAt = now;
                            return new TrustConfirm(trust);
                        });
                    });
        }));
    }

    private static String purpose(boolean trust) {
        return trust ? AuthenticationChallenge.TRUST : AuthenticationChallenge.UNTRUST;
    }

    /** A live customer's external account (platform accounts have no customer to authenticate: 409). */
    private static Uni<ExternalAccount> account(String externalAccountId, boolean forUpdate) {
        return Ids.find(IdType.EXTERNAL_ACCOUNT, externalAccountId, ErrorCode.EXTERNAL_ACCOUNT_NOT_FOUND, "External account",
                id -> forUpdate ? ExternalAccount.<ExternalAccount>findById(id, LockModeType.PESSIMISTIC_WRITE)
                        : ExternalAccount.<ExternalAccount>findById(id)).map(account -> {
                            if (account.deletedAt != null) {
                                throw new ApiException(ErrorCode.EXTERNAL_ACCOUNT_NOT_FOUND, "External account " + externalAccountId + " not found");
                            }
                            if (account.customerId == null) {
                                throw new ApiException(ErrorCode.CONFLICT, "A platform external account has no customer to authenticate");
                            }
                            return account;
                        });
    }
}
