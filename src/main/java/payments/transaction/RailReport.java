package payments.transaction;

import java.util.UUID;

/**
 * What a rail learnt about a payment it was given, reported to {@link PaymentLifecycle#report}. Reports
 * are idempotent: each applies only from the status it expects, so the same report twice (a file
 * read again, a job run again) changes nothing the second time.
 *
 * @param refundReason why the payer's money goes back (failures and refunds after settlement)
 * @param refundFailed the money could not go back (a realtime-funded payer's bank refused the
 *                     refund, or the sandbox's refund-fails value): it is parked in suspense
 * @param transactionHash the on-chain transaction that delivered a settled payout to a crypto wallet, when the rail knows it
 */
public record RailReport(UUID transactionId, Kind kind, FailureReason reason, RefundReason refundReason,
                         boolean refundFailed, String transactionHash) {

    public enum Kind {
        /** The money arrived: PROCESSING becomes COMPLETED. */
        SETTLED,
        /** The rail gave up before settling: FAILED with the reason, the payer refunded. */
        FAILED,
        /** A settled payout came back: COMPLETED becomes FAILED (PAYOUT_RETURNED) and the payer is refunded. */
        RETURNED,
        /** The payout landed, yet the payer is refunded (cancelled on the rail after delivery); the payment stays COMPLETED. */
        SETTLED_THEN_REFUNDED
    }

    public static RailReport settled(UUID transactionId) {
        return new RailReport(transactionId, Kind.SETTLED, null, null, false, null);
    }

    /** Settled, with the on-chain transaction that carried it (a payout to a crypto wallet). */
    public static RailReport settledOnChain(UUID transactionId, String transactionHash) {
        return new RailReport(transactionId, Kind.SETTLED, null, null, false, transactionHash);
    }

    public static RailReport failed(UUID transactionId, FailureReason reason, RefundReason refundReason) {
        return new RailReport(transactionId, Kind.FAILED, reason, refundReason, false, null);
    }

    public static RailReport returned(UUID transactionId) {
        return returned(transactionId, FailureReason.PAYOUT_RETURNED);
    }

    /** Returned by the payee's bank for a reason its rail names (an ACH return code's). */
    public static RailReport returned(UUID transactionId, FailureReason reason) {
        return new RailReport(transactionId, Kind.RETURNED, reason, RefundReason.TRANSACTION_FAILED, false, null);
    }

    public RailReport withRefundFailed() {
        return new RailReport(transactionId, kind, reason, refundReason, true, transactionHash);
    }
}
