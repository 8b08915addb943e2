package payments.card;

/**
 * What the issuer reports about an authorization beyond this server's own decision (in the
 * sandbox, chosen by the merchant descriptor's last three characters).
 */
public enum IssuerSignal {
    /** Nothing special: this server decides. */
    NONE,
    /** The pull on the funding source fails: declined INSUFFICIENT_FUNDS. */
    PULL_FAILS,
    /** The card is paused at the issuer: declined CARD_NOT_ACTIVE. */
    CARD_PAUSED,
    /** Approved; the pull is confirmed only later (held until then). */
    PULL_DELAYED,
    /** Approved; the pull's confirmation reports failure: the transaction goes to EXCEPTION. */
    PULL_CONFIRMATION_FAILS
}
