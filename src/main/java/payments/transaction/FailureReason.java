package payments.transaction;

/**
 * Why a payment failed, as its {@code failureReason} carries it (the constant is the wire name):
 * the interface's outgoing and incoming reasons, and the two this server adds for rule-based
 * sweeps. Nothing writes a failure reason except from here.
 */
public enum FailureReason {
    // Outgoing (and shared with incoming where the interface lists them for both)
    QUOTE_EXPIRED,
    QUOTE_RATE_UNAVAILABLE,
    QUOTE_EXECUTION_FAILED,
    FUNDING_AMOUNT_MISMATCH,
    SCA_NOT_COMPLETED,
    PAYOUT_RETURNED,
    LIMIT_EXCEEDED,
    ACCOUNT_CANNOT_RECEIVE,
    ACCOUNT_INVALID,
    COMPLIANCE_REJECTED,
    LIGHTNING_PAYMENT_FAILED,
    COUNTERPARTY_POST_TX_FAILED,

    // Incoming
    LNURLP_FAILED,
    PAY_REQUEST_FAILED,
    PAYMENT_APPROVAL_WEBHOOK_ERROR,
    PAYMENT_APPROVAL_TIMED_OUT,
    OFFRAMP_FAILED,
    MISSING_MANDATORY_PAYEE_DATA,
    COLLECTION_FAILED,

    // A rule-based account's sweep that fell back to the holder's own account
    SWEEP_AMOUNT_OUT_OF_RANGE,
    SWEEP_QUOTE_FAILED
}
