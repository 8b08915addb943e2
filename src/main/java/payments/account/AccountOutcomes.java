package payments.account;

import java.util.Optional;

/**
 * What parties outside this server decide about accounts: the receiving bank's check of a
 * beneficiary's name, and the provisioning of a customer's internal account. The sandbox decides
 * from magic suffixes; without such parties ({@link #NONE}, production mode today) names are not
 * checked and provisioning succeeds.
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
