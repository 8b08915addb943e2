package payments.bankfile;

import payments.transaction.FailureReason;

import java.util.Map;
import java.util.Set;

/**
 * The bank's ISO 20022 status reason codes (ExternalStatusReason1Code, as a pain.002 rejection
 * carries them) mapped to the interface's outgoing failure reasons. Pure. A code not listed is a
 * failure on the bank's or our side the payee had no part in: QUOTE_EXECUTION_FAILED.
 */
public final class BankReasonCodes {

    private static final Map<String, FailureReason> REJECTIONS = Map.ofEntries(
            // The payee's account does not exist or was named wrongly.
            Map.entry("AC01", FailureReason.ACCOUNT_INVALID),
            Map.entry("AC03", FailureReason.ACCOUNT_INVALID),
            Map.entry("BE01", FailureReason.ACCOUNT_INVALID),
            Map.entry("RC01", FailureReason.ACCOUNT_INVALID),
            Map.entry("RC04", FailureReason.ACCOUNT_INVALID),
            // It exists but cannot take the money.
            Map.entry("AC04", FailureReason.ACCOUNT_CANNOT_RECEIVE),
            Map.entry("AC06", FailureReason.ACCOUNT_CANNOT_RECEIVE),
            Map.entry("AC07", FailureReason.ACCOUNT_CANNOT_RECEIVE),
            Map.entry("AG01", FailureReason.ACCOUNT_CANNOT_RECEIVE),
            Map.entry("MD07", FailureReason.ACCOUNT_CANNOT_RECEIVE),
            // Over an amount limit.
            Map.entry("AM02", FailureReason.LIMIT_EXCEEDED),
            Map.entry("AM14", FailureReason.LIMIT_EXCEEDED),
            Map.entry("AM15", FailureReason.LIMIT_EXCEEDED),
            // Regulatory and fraud screening.
            Map.entry("RR01", FailureReason.COMPLIANCE_REJECTED),
            Map.entry("RR02", FailureReason.COMPLIANCE_REJECTED),
            Map.entry("RR03", FailureReason.COMPLIANCE_REJECTED),
            Map.entry("RR04", FailureReason.COMPLIANCE_REJECTED),
            Map.entry("FR01", FailureReason.COMPLIANCE_REJECTED),
            Map.entry("FRAD", FailureReason.COMPLIANCE_REJECTED));

    /** Reasons a bank gives for refusing a file it already has (the same message sent again): the first one stands. */
    private static final Set<String> DUPLICATES = Set.of("DU01", "DU02", "DU03", "DU04", "DU05", "AM05");

    private BankReasonCodes() {
    }

    /** Whether a rejection says only that the bank already has this message or payment. */
    public static boolean duplicate(String code) {
        return code != null && DUPLICATES.contains(code);
    }

    /** Why a payout the bank rejected failed, by the rejection's reason code (null when none was given). */
    public static FailureReason rejection(String code) {
        return code == null ? FailureReason.QUOTE_EXECUTION_FAILED
                : REJECTIONS.getOrDefault(code, FailureReason.QUOTE_EXECUTION_FAILED);
    }
}
