package payments.account;

import java.util.Optional;

/**
 * What parties outside this server decide about accounts: the receiving bank's check of a
 * beneficiary's name, the provisioning of a customer's internal account, and the proofs of an
 * external account's ownership beyond the wallet signatures this server checks itself (a liveness
 * provider, a signature accepted for any wallet). The sandbox decides from magic values; without
 * such parties ({@link #NONE}, production mode today) names are not checked, provisioning
 * succeeds, and ownership is proved only by a signature this server can check.
 */
public interface AccountOutcomes {

    /** The beneficiaryVerificationStatus for an external account's identifier; empty when the bank refuses it as invalid. */
    Optional<String> beneficiaryVerification(String identifier);

    /** Whether provisioning the internal accounts of a customer with this platformCustomerId fails. */
    boolean provisioningFails(String platformCustomerId);

    /**
     * Whether a new internal account must not get this id: ids whose ending has a meaning of its
     * own (the sandbox's card-funding refusals) are only given on purpose, never by chance.
     */
    default boolean reservedId(java.util.UUID id) {
        return false;
    }

    /** Whether a LIVENESS ownership challenge can be taken (a provider's hosted check). */
    default boolean livenessAvailable() {
        return false;
    }

    /** A signature accepted as proof of ownership of any wallet, checked by nobody (the sandbox's). */
    default Optional<String> signatureForAnyWallet() {
        return Optional.empty();
    }

    AccountOutcomes NONE = new AccountOutcomes() {
        @Override
        public Optional<String> beneficiaryVerification(String identifier) {
            return Optional.of("UNSUPPORTED");
        }

        @Override
        public boolean provisioningFails(String platformCustomerId) {
            return false;
        }
    };
}
