package payments.verification;

/**
 * How the sandbox decides a complete packet, from the identity provider's verdict on the
 * individual or the business (see {@link payments.customer.IdentityVerdicts}).
 */
public enum SandboxVerdict {
    /** Approved: verification APPROVED, customer APPROVED. */
    APPROVE(Verification.APPROVED, "APPROVED"),
    /** Rejected: verification REJECTED, customer REJECTED. */
    REJECT(Verification.REJECTED, "REJECTED"),
    /** Left to a reviewer: verification PENDING_MANUAL_REVIEW, customer stays PENDING. */
    MANUAL_REVIEW(Verification.PENDING_MANUAL_REVIEW, "PENDING"),
    /** The identity document is flagged as poor quality until it is replaced (individual 003). */
    POOR_QUALITY_DOCUMENT(Verification.RESOLVE_ERRORS, "UNVERIFIED");

    private final String verificationStatus;
    private final String customerStatus;

    SandboxVerdict(String verificationStatus, String customerStatus) {
        this.verificationStatus = verificationStatus;
        this.customerStatus = customerStatus;
    }

    public String verificationStatus() {
        return verificationStatus;
    }

    public String customerStatus() {
        return customerStatus;
    }

    public boolean terminal() {
        return this == APPROVE || this == REJECT;
    }

    public static SandboxVerdict forIndividual(String kycVerdict) {
        return switch (kycVerdict) {
            case "PENDING" -> MANUAL_REVIEW;
            case "REJECTED" -> REJECT;
            case "UNVERIFIED" -> POOR_QUALITY_DOCUMENT;
            default -> APPROVE;
        };
    }

    public static SandboxVerdict forBusiness(String kybVerdict) {
        return switch (kybVerdict) {
            case "UNVERIFIED" -> MANUAL_REVIEW;
            case "REJECTED" -> REJECT;
            default -> APPROVE;
        };
    }

    /** Businesses decided outright skip the paperwork check (as the reference sandbox does). */
    public static boolean skipsPaperwork(boolean business, String kybVerdict) {
        return business && forBusiness(kybVerdict).terminal();
    }
}
