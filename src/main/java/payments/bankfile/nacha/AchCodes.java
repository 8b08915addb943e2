package payments.bankfile.nacha;

import payments.transaction.FailureReason;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What the codes in a bank's ACH return and notification files mean here (pure, as data): a
 * return's reason (R01-R85) as the interface's failure reason, and a notification of change's code
 * (C01-C13) as the parts of its corrected data and the account detail each replaces.
 */
public final class AchCodes {

    private static final Pattern RETURN_CODE = Pattern.compile("R(0[1-9]|[1-7][0-9]|8[0-5])");

    /** Return reasons by what they say of the payee's account; any other valid code: QUOTE_EXECUTION_FAILED. */
    private static final Map<String, FailureReason> RETURNS = Map.ofEntries(
            // The account does not exist or was named wrongly.
            Map.entry("R03", FailureReason.ACCOUNT_INVALID),
            Map.entry("R04", FailureReason.ACCOUNT_INVALID),
            Map.entry("R13", FailureReason.ACCOUNT_INVALID),
            Map.entry("R17", FailureReason.ACCOUNT_INVALID),
            Map.entry("R28", FailureReason.ACCOUNT_INVALID),
            // It exists but cannot take (or give) the money.
            Map.entry("R01", FailureReason.ACCOUNT_CANNOT_RECEIVE),
            Map.entry("R02", FailureReason.ACCOUNT_CANNOT_RECEIVE),
            Map.entry("R08", FailureReason.ACCOUNT_CANNOT_RECEIVE),
            Map.entry("R09", FailureReason.ACCOUNT_CANNOT_RECEIVE),
            Map.entry("R12", FailureReason.ACCOUNT_CANNOT_RECEIVE),
            Map.entry("R14", FailureReason.ACCOUNT_CANNOT_RECEIVE),
            Map.entry("R15", FailureReason.ACCOUNT_CANNOT_RECEIVE),
            Map.entry("R16", FailureReason.ACCOUNT_CANNOT_RECEIVE),
            Map.entry("R20", FailureReason.ACCOUNT_CANNOT_RECEIVE),
            Map.entry("R23", FailureReason.ACCOUNT_CANNOT_RECEIVE),
            // The account holder did not authorise it (debits), or revoked the authorisation.
            Map.entry("R05", FailureReason.COMPLIANCE_REJECTED),
            Map.entry("R07", FailureReason.COMPLIANCE_REJECTED),
            Map.entry("R10", FailureReason.COMPLIANCE_REJECTED),
            Map.entry("R11", FailureReason.COMPLIANCE_REJECTED),
            Map.entry("R29", FailureReason.COMPLIANCE_REJECTED));

    /** A part of a notification's corrected data: the account detail it replaces and where it sits (1-based). */
    public record Part(String detail, int start, int length) {
    }

    public static final String ACCOUNT_NUMBER = "accountNumber";
    public static final String ROUTING_NUMBER = "routingNumber";
    public static final String TRANSACTION_CODE = "transactionCode";
    public static final String NAME = "name";

    private static final Map<String, List<Part>> CHANGES = Map.ofEntries(
            Map.entry("C01", List.of(new Part(ACCOUNT_NUMBER, 1, 17))),
            Map.entry("C02", List.of(new Part(ROUTING_NUMBER, 1, 9))),
            Map.entry("C03", List.of(new Part(ROUTING_NUMBER, 1, 9), new Part(ACCOUNT_NUMBER, 13, 17))),
            Map.entry("C04", List.of(new Part(NAME, 1, 22))),
            Map.entry("C05", List.of(new Part(TRANSACTION_CODE, 1, 2))),
            Map.entry("C06", List.of(new Part(ACCOUNT_NUMBER, 1, 17), new Part(TRANSACTION_CODE, 21, 2))),
            Map.entry("C07", List.of(new Part(ROUTING_NUMBER, 1, 9), new Part(ACCOUNT_NUMBER, 10, 17), new Part(TRANSACTION_CODE, 27, 2))),
            Map.entry("C08", List.of(new Part("foreignReceivingDfi", 1, 11))),
            Map.entry("C09", List.of(new Part("individualIdentification", 1, 22))),
            Map.entry("C10", List.of(new Part(NAME, 1, 22))),
            Map.entry("C11", List.of(new Part("companyIdentification", 1, 10))),
            Map.entry("C12", List.of(new Part("companyIdentification", 1, 10), new Part(NAME, 11, 16))),
            // An addenda format error: nothing to change, the originator fixes its own file.
            Map.entry("C13", List.of()));

    private AchCodes() {
    }

    /** Whether {@code code} is one of NACHA's return reason codes, R01 to R85. */
    public static boolean isReturnCode(String code) {
        return code != null && RETURN_CODE.matcher(code).matches();
    }

    /** Why a returned entry's payment failed. */
    public static FailureReason returned(String code) {
        return RETURNS.getOrDefault(code, FailureReason.QUOTE_EXECUTION_FAILED);
    }

    /**
     * The account details a notification of change corrects, by detail, read from its corrected
     * data (each trimmed); empty for a code that is not C01 to C13.
     */
    public static Optional<Map<String, String>> corrections(String changeCode, String correctedData) {
        List<Part> parts = CHANGES.get(changeCode);
        if (parts == null) {
            return Optional.empty();
        }
        Map<String, String> corrected = new java.util.LinkedHashMap<>();
        for (Part part : parts) {
            int from = Math.min(part.start() - 1, correctedData.length());
            int to = Math.min(from + part.length(), correctedData.length());
            corrected.put(part.detail(), correctedData.substring(from, to).strip());
        }
        return Optional.of(corrected);
    }
}
