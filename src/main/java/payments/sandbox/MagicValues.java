package payments.sandbox;

import payments.common.ErrorCode;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The sandbox's magic values: outcomes chosen by the last three characters of a name or an account
 * identifier, as the reference sandbox documents them.
 */
public final class MagicValues {

    /**
     * This server's own account-identifier endings, in the 9xx range (the reference's tables use 0xx
     * and 1xx): 901 no rate can be locked for a conversion to the account, 902 the payout fails
     * with LIMIT_EXCEEDED (see SandboxOutcome), 909 a customer's accounts fail provisioning.
     */
    static final String RATE_UNAVAILABLE = "901";
    /** The one-time code of every embedded-wallet EMAIL_OTP / SMS_OTP login; still sealed with HPKE by the client. */
    static final String SANDBOX_OTP = "000000";
    /** The one-time code of every customer's e-mail and phone verification. */
    static final String CONTACT_CODE = "123456";
    /** Accepted for every wallet type's ownership verification, like the reference sandbox's legacy signature shortcut. */
    static final String OWNERSHIP_SIGNATURE = "sandbox-valid-signature";
    /** The code that proves every SCA code factor (SMS_OTP, TOTP), as in the reference's sandbox. */
    static final String SCA_CODE = "123456";

    /** Document codes a file name asks for: the name without its extension ends in "_" and the code, any case. */
    private static final List<ErrorCode> DOCUMENT_PROBLEMS = List.of(ErrorCode.LOW_QUALITY, ErrorCode.DATA_MISMATCH,
            ErrorCode.EXPIRED, ErrorCode.SUSPECTED_FRAUD, ErrorCode.UNSUITABLE_DOCUMENT, ErrorCode.INCOMPLETE);

    private MagicValues() {
    }

    /** The document problem a sandbox upload's file name asks for, e.g. {@code passport_low_quality.png}. */
    public static Optional<ErrorCode> documentProblem(String fileName) {
        if (fileName == null) {
            return Optional.empty();
        }
        String stem = fileName.contains(".") ? fileName.substring(0, fileName.lastIndexOf('.')) : fileName;
        String name = stem.toUpperCase(Locale.ROOT);
        return DOCUMENT_PROBLEMS.stream().filter(code -> name.equals(code.name()) || name.endsWith("_" + code.name())).findFirst();
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

    /**
     * Card issuance by the holder's platformCustomerId (this server's 9xx range: the reference's
     * platformCardId trigger is gone, the server generates that id): 911 the issuer never answers
     * (the card stays PROCESSING), 912 it rejects the card, 915 it activates it 30 seconds later.
     */
    public static payments.card.CardIssuer.Provisioning cardProvisioning(String platformCustomerId) {
        return switch (suffix(platformCustomerId)) {
            case "911" -> payments.card.CardIssuer.Provisioning.NEVER;
            case "912" -> payments.card.CardIssuer.Provisioning.REJECT;
            case "915" -> payments.card.CardIssuer.Provisioning.ACTIVATE_LATER;
            default -> payments.card.CardIssuer.Provisioning.ACTIVATE;
        };
    }

    /** How long a wallet's accepted activities stay in flight: two seconds for a holder whose platformCustomerId ends 951, else none. */
    public static java.time.Duration walletActivitySettlement(String platformCustomerId) {
        return "951".equals(suffix(platformCustomerId)) ? java.time.Duration.ofSeconds(2) : java.time.Duration.ZERO;
    }

    /** The issuer refuses to bind an internal account whose id ends in 002 (balance check) or 003 (closed) as a card's funding. */
    public static boolean cardFundingRefused(String accountId) {
        String suffix = suffix(accountId);
        return "002".equals(suffix) || "003".equals(suffix);
    }

    /** The issuer's signal by the merchant descriptor's last three characters: 002, 003, 005, 006; any other approves. */
    public static payments.card.IssuerSignal cardSignal(String descriptor) {
        return switch (suffix(descriptor)) {
            case "002" -> payments.card.IssuerSignal.PULL_FAILS;
            case "003" -> payments.card.IssuerSignal.CARD_PAUSED;
            case "005" -> payments.card.IssuerSignal.PULL_DELAYED;
            case "006" -> payments.card.IssuerSignal.PULL_CONFIRMATION_FAILS;
            // This server's own endings (9xx): the issuer-side declines the reference lists without a trigger.
            case "921" -> payments.card.IssuerSignal.BLOCKED;
            case "922" -> payments.card.IssuerSignal.UNSUPPORTED_NETWORK;
            case "923" -> payments.card.IssuerSignal.OTHER;
            default -> payments.card.IssuerSignal.NONE;
        };
    }

    /** This server's own addition: internal-account provisioning fails for a holder whose platformCustomerId ends in 909. */
    public static boolean provisioningFails(String platformCustomerId) {
        return "909".equals(suffix(platformCustomerId));
    }
}
