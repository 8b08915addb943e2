package payments.customer;

/**
 * What an identity-verification provider concludes about a person or a business. The sandbox
 * answers from the magic suffixes of the reference sandbox; without a provider ({@link #NONE},
 * production mode today) nothing is decided automatically.
 */
public interface IdentityVerdicts {

    /** KYC of an individual: APPROVED, PENDING (manual review), REJECTED or UNVERIFIED (documents to redo). */
    String individual(String fullName);

    /** KYB of a business: APPROVED, REJECTED or UNVERIFIED (the full packet is needed). */
    String business(String registrationNumber);

    /** KYC of a beneficial owner: APPROVED, PENDING or REJECTED. */
    String beneficialOwner(String lastName);

    /**
     * Whether the provider may decide a customer from its data alone, at creation, when the platform
     * asks to skip the paperwork (the sandbox's sandboxSkipVerificationPaperwork setting).
     */
    default boolean decidesWithoutPaperwork() {
        return false;
    }

    /** Whether the provider hosts the page a customer verifies on (POST /customers/{customerId}/kyc-link). */
    default boolean hostsVerificationPages() {
        return false;
    }

    /** No provider connected: every packet waits for a decision made elsewhere. */
    IdentityVerdicts NONE = new IdentityVerdicts() {
        @Override
        public String individual(String fullName) {
            return "PENDING";
        }

        @Override
        public String business(String registrationNumber) {
            return "UNVERIFIED";
        }

        @Override
        public String beneficialOwner(String lastName) {
            return "PENDING";
        }
    };
}
