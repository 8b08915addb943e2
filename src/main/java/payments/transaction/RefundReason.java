package payments.transaction;

/** Why money went back to the payer, as a transaction's {@code refund.reason} carries it. */
public enum RefundReason {
    TRANSACTION_FAILED,
    USER_CANCELLATION,
    TIMEOUT
}
