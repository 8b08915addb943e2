package payments.sandbox;

import java.util.Optional;

/**
 * The sandbox's magic values: outcomes chosen by the last three characters of a name or an account
 * identifier, as the reference sandbox documents them.
 */
public final class MagicValues {

    private MagicValues() {
    }

    /** The last three characters; for an identifier with a domain part, those before the {@code @}. */
    public static String suffix(String value) {
        if (value == null) {
            return "";
        }
        String local = value.contains("@") ? value.substring(0, value.lastIndexOf('@')) : value;
        String trimmed = local.strip();
        return trimmed.length() <= 3 ? trimmed : trimmed.substring(trimmed.length() - 3);
    }

    /** Individual KYC by the last three characters of {@code fullName}. */
    public static String kycOutcome(String fullName) {
        return switch (suffix(fullName)) {
            case "001" -> "PENDING";
            case "002" -> "REJECTED";
            case "003" -> "UNVERIFIED";
            default -> "APPROVED";
        };
    }

    /** Business KYB by the last three characters of {@code businessInfo.registrationNumber}. */
    public static String kybOutcome(String registrationNumber) {
        return switch (suffix(registrationNumber)) {
            case "001", "003" -> "UNVERIFIED";
            case "002" -> "REJECTED";
            default -> "APPROVED";
        };
    }

    /** Beneficial owner KYC by the last three characters of {@code personalInfo.lastName}. */
    public static String beneficialOwnerOutcome(String lastName) {
        return switch (suffix(lastName)) {
            case "001" -> "PENDING";
            case "002" -> "REJECTED";
            default -> "APPROVED";
        };
    }

    /**
     * Beneficiary name verification at external-account creation (1xx suffixes). Empty means the
     * account is refused as invalid (105).
     */
    public static Optional<String> beneficiaryVerification(String identifier) {
        return switch (suffix(identifier)) {
            case "102" -> Optional.of("NOT_MATCHED");
            case "103" -> Optional.of("PARTIAL_MATCH");
            case "104" -> Optional.of("PENDING");
            case "105" -> Optional.empty();
            case "106" -> Optional.of("UNSUPPORTED");
            case "107" -> Optional.of("CHECKED_BY_RECEIVING_FI");
            default -> Optional.of("MATCHED");
        };
    }

    /** This server's own addition: internal-account provisioning fails for a holder whose platformCustomerId ends in 909. */
    public static boolean provisioningFails(String platformCustomerId) {
        return "909".equals(suffix(platformCustomerId));
    }
}
