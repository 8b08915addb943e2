package payments.sca;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.FieldError;
import payments.common.security.SecretsAtRest;
import payments.customer.Customer;
import payments.sca.ScaRecords.Factor;
import payments.sca.ScaRecords.Proof;
import payments.wallet.Passkeys;

import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;

/**
 * The one place a customer's SCA proof is checked, for logins, trust changes and payment
 * authorizations alike: a code (the SMS code, or the current TOTP code of an enrolled
 * authenticator), or a passkey assertion over the challenge from an allowed origin. Every wrong
 * proof counts toward the lockout ({@link ScaLockouts}); a locked customer is refused (423) before
 * any proof is looked at, and again once the factor's row is locked: proofs queued behind one
 * another on that lock are checked one at a time, each against the lockout the ones before it left.
 */
@ApplicationScoped
public class ScaProofs {

    private final ScaLockouts lockouts;
    private final TotpCodes totp;
    private final Passkeys passkeys;
    private final SecretsAtRest secrets;
    private final ScaProvider provider;

    public ScaProofs(ScaLockouts lockouts, TotpCodes totp, Passkeys passkeys, SecretsAtRest secrets, ScaProvider provider) {
        this.lockouts = lockouts;
        this.totp = totp;
        this.passkeys = passkeys;
        this.secrets = secrets;
        this.provider = provider;
    }

    /** The proof a bound body carries (its code and origin bound as strings); 400 when the assertion is not an object. */
    public static Proof proofOf(ScaRecords.ProofFields body) {
        JsonNode assertion = body.passkeyAssertion();
        if (assertion != null && !assertion.isNull() && !assertion.isObject()) {
            throw ApiException.invalidField("passkeyAssertion", null, "Must be the WebAuthn assertion object");
        }
        return new Proof(body.code(), assertion == null || assertion.isNull() ? null : assertion, body.origin());
    }

    /**
     * Checks {@code proof} against the factors {@code offered} (for a passkey, an assertion over
     * {@code passkeyChallenge}); answers the factor that proved it. 400 when wrong or missing, 423
     * when locked out.
     */
    public Uni<Factor> verify(Customer customer, Proof proof, Set<Factor> offered, String passkeyChallenge) {
        return lockouts.requireUnlocked(customer.id).flatMap(unlocked -> {
            if (proof.passkeyAssertion() != null) {
                return passkey(customer, proof, offered, passkeyChallenge);
            }
            if (proof.code() == null || proof.code().isBlank()) {
                throw ApiException.invalidField("code", null, "Is required (or passkeyAssertion with origin for a passkey)");
            }
            return code(customer, proof.code(), offered);
        });
    }

    private Uni<Factor> code(Customer customer, String code, Set<Factor> offered) {
        boolean standing = provider.acceptedWithoutSending(code);
        if (offered.contains(Factor.SMS_OTP) && standing) {
            return lockouts.recordSuccess(customer.id).replaceWith(Factor.SMS_OTP);
        }
        if (!offered.contains(Factor.TOTP)) {
            return wrong(customer, "code", "The code is not the one sent for this challenge");
        }
        return lockedFactor(customer.id, Factor.TOTP).flatMap(factor -> {
                    boolean right = factor != null && (standing || acceptOnce(factor, code));
                    return right ? lockouts.recordSuccess(customer.id).replaceWith(Factor.TOTP)
                            : wrong(customer, "code", "The code is neither the one sent nor the authenticator's current one,"
                                    + " or was used already");
                });
    }

    /** Whether the code is the factor's for a step after the last one it accepted; if so, that step is now the last. */
    private boolean acceptOnce(EnrolledFactor factor, String code) {
        OptionalLong step = totp.step(secrets.open(factor.sealName(), factor.totpSecret), code);
        if (step.isEmpty() || (factor.totpLastStep != null && step.getAsLong() <= factor.totpLastStep)) {
            return false;
        }
        factor.totpLastStep = step.getAsLong();
        return true;
    }

    private Uni<Factor> passkey(Customer customer, Proof proof, Set<Factor> offered, String passkeyChallenge) {
        if (!offered.contains(Factor.PASSKEY) || passkeyChallenge == null) {
            throw ApiException.invalidField("passkeyAssertion", null, "This challenge does not take a passkey: answer it with a code");
        }
        if (proof.origin() == null || !passkeys.origins().contains(proof.origin())) {
            throw ApiException.invalidField("origin", FieldError.Constraint.oneOf(passkeys.origins()),
                    "Is required with passkeyAssertion: one of the allowed origins");
        }
        return lockedFactor(customer.id, Factor.PASSKEY).flatMap(factor -> {
                    if (factor == null) {
                        return wrong(customer, "passkeyAssertion", "The customer has no enrolled passkey");
                    }
                    try {
                        factor.passkeySignCount = passkeys.verify(factor.passkeyCredentialId, factor.passkeyCredentialData,
                                factor.passkeySignCount, proof.passkeyAssertion(), passkeyChallenge,
                                reason -> ApiException.invalidField("passkeyAssertion", null, reason));
                    } catch (ApiException refused) {
                        return lockouts.recordFailure(customer.id, refused).replaceWith(Factor.PASSKEY);
                    }
                    return lockouts.recordSuccess(customer.id).replaceWith(Factor.PASSKEY);
                });
    }

    /**
     * The customer's factor of this kind, row-locked for the transaction, with the lockout read again
     * under that lock: the check before it may have been passed by proofs that then waited here while
     * the ones ahead of them locked the customer out.
     */
    private Uni<EnrolledFactor> lockedFactor(UUID customerId, Factor kind) {
        return EnrolledFactor.activeLocked(customerId, kind).call(factor -> lockouts.requireUnlocked(customerId));
    }

    private Uni<Factor> wrong(Customer customer, String field, String why) {
        return lockouts.recordFailure(customer.id, ApiException.invalidField(field, null, why)).replaceWith((Factor) null);
    }

    /** The factors a customer can answer with now: SMS always (the verified phone), TOTP and PASSKEY when enrolled. */
    public static Uni<List<Factor>> available(UUID customerId) {
        return EnrolledFactor.allActive(customerId).map(enrolled -> {
            List<Factor> factors = new java.util.ArrayList<>(List.of(Factor.SMS_OTP));
            for (Factor factor : List.of(Factor.TOTP, Factor.PASSKEY)) {
                if (enrolled.stream().anyMatch(f -> f.factor.equals(factor.name()))) {
                    factors.add(factor);
                }
            }
            return factors;
        });
    }
}
