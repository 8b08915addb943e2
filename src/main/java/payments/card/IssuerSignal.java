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
    PULL_CONFIRMATION_FAILS,
    /** The issuer blocks it (a fraud or compliance rule): declined BLOCKED. */
    BLOCKED,
    /** It came over a card network the card does not take: declined UNSUPPORTED_NETWORK. */
    UNSUPPORTED_NETWORK,
    /** The issuer declines without a reason it names: declined OTHER. */
    OTHER;

    /** The decline reason an issuer-side decline reports, or null when the signal is not one. */
    public String declineReason() {
        return switch (this) {
            case BLOCKED, UNSUPPORTED_NETWORK, OTHER -> name();
            default -> null;
        };
    }
}
