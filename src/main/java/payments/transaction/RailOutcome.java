package payments.transaction;

import java.time.Duration;
import java.util.List;

/**
 * How a payout to an external account ends, as the sandbox rail decides it from the last three
 * characters of the account's identifier. Two tables exist: cross-currency quotes (002-007) and
 * same-currency transfers (002-005, also used by same-currency quotes, their replacement).
 *
 * @param delay             how long after execution the rail answers
 * @param failureReason     set when the payout fails
 * @param returnedAfter     for a payout the bank returns: how long after completion
 * @param refundReason      the refund's reason when money goes back to the payer
 * @param refundFails       the refund of a failed payout fails too (money parked for manual resolution)
 */
public record RailOutcome(String name, Duration delay, String failureReason, Duration returnedAfter,
                          String refundReason, boolean refundFails, String pendingReason) {

    public RailOutcome(String name, Duration delay, String failureReason, Duration returnedAfter, String refundReason,
                       boolean refundFails) {
        this(name, delay, failureReason, returnedAfter, refundReason, refundFails, null);
    }

    public static final String QUOTE_EXECUTION_FAILED = "QUOTE_EXECUTION_FAILED";

    public static final RailOutcome SUCCESS = new RailOutcome("SUCCESS", Duration.ZERO, null, null, null, false);
    /** UMA: the receiver's side keeps the payment pending for a long time (an hour here), then it lands. */
    public static final RailOutcome UMA_PENDING_LONG = new RailOutcome("UMA_PENDING_LONG", Duration.ofHours(1), null, null,
            null, false);
    /** Incoming UMA money held for an hour while the receiving side waits, the reason shown as the transaction's pendingReason. */
    public static final RailOutcome UMA_PENDING_DECLARATION = pendingFor("UMA_PENDING_DECLARATION", "COUNTERPARTY_DECLARATION_REQUIRED");
    public static final RailOutcome UMA_PENDING_WALLET = pendingFor("UMA_PENDING_WALLET", "WALLET_VERIFICATION_REQUIRED");
    public static final RailOutcome UMA_PENDING_INFORMATION = pendingFor("UMA_PENDING_INFORMATION", "COUNTERPARTY_INFORMATION_REQUIRED");
    public static final RailOutcome UMA_PENDING_COMPLIANCE = pendingFor("UMA_PENDING_COMPLIANCE", "COMPLIANCE_REVIEW");
    private static final List<RailOutcome> UMA_PENDING_WITH_REASON = List.of(UMA_PENDING_DECLARATION, UMA_PENDING_WALLET,
            UMA_PENDING_INFORMATION, UMA_PENDING_COMPLIANCE);

    /** UMA: the receiving institution's compliance check refuses the payment. */
    public static final RailOutcome UMA_COMPLIANCE_REJECTED = new RailOutcome("UMA_COMPLIANCE_REJECTED", Duration.ZERO,
            "COMPLIANCE_REJECTED", null, Refund.TRANSACTION_FAILED, false);

    /** An internal payee frozen or closed between the hold and the settlement. */
    public static final RailOutcome DESTINATION_CANNOT_RECEIVE = new RailOutcome("DESTINATION_CANNOT_RECEIVE", Duration.ZERO,
            "ACCOUNT_CANNOT_RECEIVE", null, Refund.TRANSACTION_FAILED, false);
    /** An external payee deleted or no longer usable between the execution and the payout. */
    public static final RailOutcome DESTINATION_INVALID = new RailOutcome("DESTINATION_INVALID", Duration.ZERO,
            "ACCOUNT_INVALID", null, Refund.TRANSACTION_FAILED, false);

    /** This server's own sandbox ending (beside the reference's 0xx): the partner refuses the payment over its own limit. */
    static final String LIMIT_EXCEEDED_SUFFIX = "902";

    private static RailOutcome limitExceeded(String name) {
        return failing(name, Duration.ZERO, "LIMIT_EXCEEDED", Refund.TRANSACTION_FAILED);
    }

    private static RailOutcome pendingFor(String name, String pendingReason) {
        return new RailOutcome(name, Duration.ofHours(1), null, null, null, false, pendingReason);
    }

    private static RailOutcome failing(String name, Duration delay, String reason, String refundReason) {
        return new RailOutcome(name, delay, reason, null, refundReason, false);
    }

    /** Cross-currency quotes towards an external account. */
    public static RailOutcome forQuote(String suffix) {
        return switch (suffix) {
            case "002" -> failing("QUOTE_002_EXECUTION_FAILS", Duration.ZERO, QUOTE_EXECUTION_FAILED, Refund.TRANSACTION_FAILED);
            case "003" -> new RailOutcome("QUOTE_003_SLOW", Duration.ofMinutes(6), null, null, null, false);
            case "004" -> failing("QUOTE_004_DELIVERY_FAILS", Duration.ZERO, "ACCOUNT_CANNOT_RECEIVE", Refund.TRANSACTION_FAILED);
            case "005" -> new RailOutcome("QUOTE_005_RETURNED", Duration.ZERO, "PAYOUT_RETURNED", Duration.ofMinutes(1),
                    Refund.TRANSACTION_FAILED, false);
            case "006" -> new RailOutcome("QUOTE_006_USER_CANCELLATION", Duration.ZERO, null, null, Refund.USER_CANCELLATION, false);
            case "007" -> new RailOutcome("QUOTE_007_REFUND_FAILS", Duration.ZERO, QUOTE_EXECUTION_FAILED, null,
                    Refund.TRANSACTION_FAILED, true);
            case LIMIT_EXCEEDED_SUFFIX -> limitExceeded("QUOTE_902_LIMIT_EXCEEDED");
            default -> SUCCESS;
        };
    }

    /** Same-currency transfers: the destination of a push, the source of a pull. */
    public static RailOutcome forTransfer(String suffix) {
        return switch (suffix) {
            case "002" -> failing("TRANSFER_002_INSUFFICIENT_FUNDS", Duration.ZERO, QUOTE_EXECUTION_FAILED, Refund.TRANSACTION_FAILED);
            case "003" -> failing("TRANSFER_003_ACCOUNT_INVALID", Duration.ZERO, "ACCOUNT_INVALID", Refund.TRANSACTION_FAILED);
            case "004" -> failing("TRANSFER_004_REJECTED", Duration.ZERO, "ACCOUNT_CANNOT_RECEIVE", Refund.TRANSACTION_FAILED);
            case "005" -> failing("TRANSFER_005_TIMEOUT", Duration.ofSeconds(30), QUOTE_EXECUTION_FAILED, Refund.TIMEOUT);
            case LIMIT_EXCEEDED_SUFFIX -> limitExceeded("TRANSFER_902_LIMIT_EXCEEDED");
            default -> SUCCESS;
        };
    }

    /** The outcome recorded on a transaction at execution, by name. */
    public static RailOutcome named(String name) {
        if (name == null) {
            return SUCCESS;
        }
        java.util.stream.Stream<RailOutcome> all = java.util.stream.Stream.concat(
                java.util.stream.Stream.concat(java.util.stream.Stream.of(SUCCESS, UMA_PENDING_LONG, UMA_COMPLIANCE_REJECTED),
                        UMA_PENDING_WITH_REASON.stream()),
                java.util.stream.Stream.of("002", "003", "004", "005", "006", "007", LIMIT_EXCEEDED_SUFFIX)
                        .flatMap(suffix -> java.util.stream.Stream.of(forQuote(suffix), forTransfer(suffix))));
        return all.filter(outcome -> outcome.name.equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("Unknown rail outcome " + name));
    }

    /** The payout fails outright (a returned payout completes first). */
    public boolean failsOutright() {
        return failureReason != null && returnedAfter == null;
    }
}
