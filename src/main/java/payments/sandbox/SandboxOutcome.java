package payments.sandbox;

import payments.transaction.FailureReason;
import payments.transaction.RefundReason;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * How the sandbox rail ends a payment it was given, decided from the last three characters of the
 * external account's identifier (or the UMA address). Two tables exist: cross-currency quotes
 * (002-007) and same-currency transfers (002-005, also used by same-currency quotes, their
 * replacement). The rail turns an outcome into reports ({@link SandboxRail}).
 *
 * @param delay         how long after submission the rail reports
 * @param failureReason set when the payment fails
 * @param returnedAfter for a payout the bank returns: how long after completion
 * @param refundReason  the refund's reason when money goes back to the payer
 * @param refundFails   the refund of a failed payout fails too (money parked for manual resolution)
 * @param pendingReason shown on the payment while the rail holds it
 */
record SandboxOutcome(String name, Duration delay, FailureReason failureReason, Duration returnedAfter,
                      RefundReason refundReason, boolean refundFails, String pendingReason) {

    SandboxOutcome(String name, Duration delay, FailureReason failureReason, Duration returnedAfter, RefundReason refundReason,
                   boolean refundFails) {
        this(name, delay, failureReason, returnedAfter, refundReason, refundFails, null);
    }

    static final SandboxOutcome SUCCESS = new SandboxOutcome("SUCCESS", Duration.ZERO, null, null, null, false);
    /** UMA: the receiver's side keeps the payment pending for a long time (an hour here), then it lands. */
    static final SandboxOutcome UMA_PENDING_LONG = new SandboxOutcome("UMA_PENDING_LONG", Duration.ofHours(1), null, null,
            null, false);
    /** Incoming UMA money held for an hour while the receiving side waits, the reason shown as the transaction's pendingReason. */
    static final SandboxOutcome UMA_PENDING_DECLARATION = pendingFor("UMA_PENDING_DECLARATION", "COUNTERPARTY_DECLARATION_REQUIRED");
    static final SandboxOutcome UMA_PENDING_WALLET = pendingFor("UMA_PENDING_WALLET", "WALLET_VERIFICATION_REQUIRED");
    static final SandboxOutcome UMA_PENDING_INFORMATION = pendingFor("UMA_PENDING_INFORMATION", "COUNTERPARTY_INFORMATION_REQUIRED");
    static final SandboxOutcome UMA_PENDING_COMPLIANCE = pendingFor("UMA_PENDING_COMPLIANCE", "COMPLIANCE_REVIEW");
    private static final List<SandboxOutcome> UMA_PENDING_WITH_REASON = List.of(UMA_PENDING_DECLARATION, UMA_PENDING_WALLET,
            UMA_PENDING_INFORMATION, UMA_PENDING_COMPLIANCE);

    /** UMA: the receiving institution's compliance check refuses the payment. */
    static final SandboxOutcome UMA_COMPLIANCE_REJECTED = new SandboxOutcome("UMA_COMPLIANCE_REJECTED", Duration.ZERO,
            FailureReason.COMPLIANCE_REJECTED, null, RefundReason.TRANSACTION_FAILED, false);

    /**
     * Incoming UMA money that fails on its way in, for the failure reasons the reference lists for
     * incoming payments: the sender's LNURLP exchange, its off-ramp, or the collection of the funds
     * fails; the sender is refunded. The last one's refund fails too (INCOMING_PAYMENT.REFUND_FAILED).
     */
    static final SandboxOutcome INCOMING_LNURLP_FAILED = failing("INCOMING_LNURLP_FAILED", Duration.ZERO, FailureReason.LNURLP_FAILED,
            RefundReason.TRANSACTION_FAILED);
    static final SandboxOutcome INCOMING_OFFRAMP_FAILED = failing("INCOMING_OFFRAMP_FAILED", Duration.ZERO, FailureReason.OFFRAMP_FAILED,
            RefundReason.TRANSACTION_FAILED);
    static final SandboxOutcome INCOMING_COLLECTION_FAILED = failing("INCOMING_COLLECTION_FAILED", Duration.ZERO,
            FailureReason.COLLECTION_FAILED, RefundReason.TRANSACTION_FAILED);
    static final SandboxOutcome INCOMING_REFUND_FAILS = new SandboxOutcome("INCOMING_REFUND_FAILS", Duration.ZERO,
            FailureReason.COLLECTION_FAILED, null, RefundReason.TRANSACTION_FAILED, true);
    private static final List<SandboxOutcome> INCOMING_FAILURES = List.of(INCOMING_LNURLP_FAILED, INCOMING_OFFRAMP_FAILED,
            INCOMING_COLLECTION_FAILED, INCOMING_REFUND_FAILS);

    /** This server's own sandbox ending (beside the reference's 0xx): the partner refuses the payment over its own limit. */
    static final String LIMIT_EXCEEDED_SUFFIX = "902";

    private static SandboxOutcome limitExceeded(String name) {
        return failing(name, Duration.ZERO, FailureReason.LIMIT_EXCEEDED, RefundReason.TRANSACTION_FAILED);
    }

    private static SandboxOutcome pendingFor(String name, String pendingReason) {
        return new SandboxOutcome(name, Duration.ofHours(1), null, null, null, false, pendingReason);
    }

    private static SandboxOutcome failing(String name, Duration delay, FailureReason reason, RefundReason refundReason) {
        return new SandboxOutcome(name, delay, reason, null, refundReason, false);
    }

    /** Cross-currency quotes towards an external account. */
    static SandboxOutcome forQuote(String suffix) {
        return switch (suffix) {
            case "002" -> failing("QUOTE_002_EXECUTION_FAILS", Duration.ZERO, FailureReason.QUOTE_EXECUTION_FAILED,
                    RefundReason.TRANSACTION_FAILED);
            case "003" -> new SandboxOutcome("QUOTE_003_SLOW", Duration.ofMinutes(6), null, null, null, false);
            case "004" -> failing("QUOTE_004_DELIVERY_FAILS", Duration.ZERO, FailureReason.ACCOUNT_CANNOT_RECEIVE,
                    RefundReason.TRANSACTION_FAILED);
            case "005" -> new SandboxOutcome("QUOTE_005_RETURNED", Duration.ZERO, FailureReason.PAYOUT_RETURNED, Duration.ofMinutes(1),
                    RefundReason.TRANSACTION_FAILED, false);
            case "006" -> new SandboxOutcome("QUOTE_006_USER_CANCELLATION", Duration.ZERO, null, null, RefundReason.USER_CANCELLATION,
                    false);
            case "007" -> new SandboxOutcome("QUOTE_007_REFUND_FAILS", Duration.ZERO, FailureReason.QUOTE_EXECUTION_FAILED, null,
                    RefundReason.TRANSACTION_FAILED, true);
            case LIMIT_EXCEEDED_SUFFIX -> limitExceeded("QUOTE_902_LIMIT_EXCEEDED");
            default -> SUCCESS;
        };
    }

    /** Same-currency transfers: the destination of a push, the source of a pull. */
    static SandboxOutcome forTransfer(String suffix) {
        return switch (suffix) {
            case "002" -> failing("TRANSFER_002_INSUFFICIENT_FUNDS", Duration.ZERO, FailureReason.QUOTE_EXECUTION_FAILED,
                    RefundReason.TRANSACTION_FAILED);
            case "003" -> failing("TRANSFER_003_ACCOUNT_INVALID", Duration.ZERO, FailureReason.ACCOUNT_INVALID,
                    RefundReason.TRANSACTION_FAILED);
            case "004" -> failing("TRANSFER_004_REJECTED", Duration.ZERO, FailureReason.ACCOUNT_CANNOT_RECEIVE,
                    RefundReason.TRANSACTION_FAILED);
            case "005" -> failing("TRANSFER_005_TIMEOUT", Duration.ofSeconds(30), FailureReason.QUOTE_EXECUTION_FAILED,
                    RefundReason.TIMEOUT);
            case LIMIT_EXCEEDED_SUFFIX -> limitExceeded("TRANSFER_902_LIMIT_EXCEEDED");
            default -> SUCCESS;
        };
    }

    /** An outcome by its name, as the rail's scheduled reports carry it. */
    static SandboxOutcome named(String name) {
        Stream<SandboxOutcome> all = Stream.concat(
                Stream.concat(Stream.of(SUCCESS, UMA_PENDING_LONG, UMA_COMPLIANCE_REJECTED),
                        Stream.concat(UMA_PENDING_WITH_REASON.stream(), INCOMING_FAILURES.stream())),
                Stream.of("002", "003", "004", "005", "006", "007", LIMIT_EXCEEDED_SUFFIX)
                        .flatMap(suffix -> Stream.of(forQuote(suffix), forTransfer(suffix))));
        return all.filter(outcome -> outcome.name.equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("Unknown sandbox outcome " + name));
    }

    /** The payment fails without ever completing (a returned payout completes first). */
    boolean failsOutright() {
        return failureReason != null && returnedAfter == null;
    }
}
