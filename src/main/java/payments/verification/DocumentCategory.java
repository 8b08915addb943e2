package payments.verification;

import java.util.List;

/** The groups of document types a verification asks for, with the error a missing one raises. */
public enum DocumentCategory {
    IDENTITY("MISSING_IDENTITY_DOCUMENT", "An identity document is required",
            List.of("PASSPORT", "DRIVERS_LICENSE", "NATIONAL_ID")),
    LEGAL_PRESENCE("MISSING_LEGAL_PRESENCE_DOCUMENT", "A company formation or existence document is required",
            List.of("CERTIFICATE_OF_INCORPORATION", "ARTICLES_OF_INCORPORATION", "ARTICLES_OF_ASSOCIATION",
                    "STATE_REGISTRY_EXCERPT")),
    OWNERSHIP_STRUCTURE("MISSING_OWNERSHIP_STRUCTURE_DOCUMENT", "A proof of the ownership structure is required",
            List.of("SHAREHOLDER_REGISTER", "TRUST_AGREEMENT", "PARTNERSHIP_AGREEMENT")),
    PROOF_OF_ADDRESS("MISSING_PROOF_OF_ADDRESS_DOCUMENT", "A proof of address document is required",
            List.of("UTILITY_BILL", "RENT_OR_LEASE_AGREEMENT", "ELECTRICITY_BILL", "BANK_STATEMENT", "TAX_RETURN"));

    /** Every DocumentType of the reference. */
    public static final List<String> DOCUMENT_TYPES = List.of("PASSPORT", "DRIVERS_LICENSE", "NATIONAL_ID",
            "PROOF_OF_ADDRESS", "BANK_STATEMENT", "TAX_RETURN", "CERTIFICATE_OF_INCORPORATION",
            "ARTICLES_OF_INCORPORATION", "ARTICLES_OF_ASSOCIATION", "STATE_REGISTRY_EXCERPT", "GOOD_STANDING_CERTIFICATE",
            "INFORMATION_STATEMENT", "INCUMBENCY_CERTIFICATE", "BUSINESS_LICENSE", "SHAREHOLDER_REGISTER",
            "POWER_OF_ATTORNEY", "UTILITY_BILL", "ELECTRICITY_BILL", "RENT_OR_LEASE_AGREEMENT", "DIRECTOR_REGISTRY",
            "TRUST_AGREEMENT", "STATE_COMPANY_REGISTRY", "PARTNERSHIP_CONTROL_AGREEMENT", "PARTNERSHIP_AGREEMENT",
            "SELFIE", "OTHER");

    private final String missingErrorType;
    private final String reason;
    private final List<String> accepted;

    DocumentCategory(String missingErrorType, String reason, List<String> accepted) {
        this.missingErrorType = missingErrorType;
        this.reason = reason;
        this.accepted = accepted;
    }

    public String missingErrorType() {
        return missingErrorType;
    }

    public String reason() {
        return reason;
    }

    public List<String> accepted() {
        return accepted;
    }

    public boolean satisfiedBy(String documentType) {
        return accepted.contains(documentType);
    }
}
