package payments.card;

import payments.ledger.Journal;
import payments.ledger.Journal.SystemAccount;

import java.util.UUID;

/**
 * The postings of card money (pure). A purchase's pull moves money from the funding account into
 * card settlement; a clearing pays the network from there (and from the account again, or from
 * the losses account, for what the pull did not cover); an expiry gives the rest back. Each
 * posting is keyed by the row or the network event it belongs to, so it applies once.
 */
final class CardJournals {

    private CardJournals() {
    }

    /** Takes {@code amount} from the funding account now. */
    static Journal pull(String kind, UUID key, UUID account, String currency, long amount) {
        return Journal.of(kind, key).available(account, currency, -amount).system(SystemAccount.CARD_SETTLEMENT, currency, amount);
    }

    /** Holds {@code amount} on the funding account until the issuer confirms the pull. */
    static Journal hold(UUID key, UUID account, String currency, long amount) {
        return Journal.of("CARD_HOLD", key).available(account, currency, -amount).held(account, currency, amount);
    }

    /** The confirmed pull: the held money goes to card settlement. */
    static Journal holdTaken(UUID key, UUID account, String currency, long amount) {
        return Journal.of("CARD_HOLD_PULL", key).held(account, currency, -amount)
                .system(SystemAccount.CARD_SETTLEMENT, currency, amount);
    }

    /** The pull failed after all: the hold is lifted. */
    static Journal holdReleased(UUID key, UUID account, String currency, long amount) {
        return Journal.givingBack("CARD_HOLD_RELEASE", key).held(account, currency, -amount).available(account, currency, amount);
    }

    /**
     * Pays the network {@code covered + extra}: {@code covered} from what card settlement holds
     * for the row, {@code extra} pulled from the funding account ({@code fromAccount}) or, when
     * that pull failed, from the losses account.
     */
    static Journal clearing(UUID key, UUID account, String currency, long covered, long extra, boolean fromAccount) {
        Journal journal = Journal.of("CARD_CLEARING", key)
                .system(SystemAccount.CARD_SETTLEMENT, currency, -covered)
                .system(SystemAccount.CARD_NETWORK, currency, covered + extra);
        return fromAccount ? journal.available(account, currency, -extra) : journal.system(SystemAccount.CARD_LOSSES, currency, -extra);
    }

    /** Gives back to the funding account what card settlement holds for a row. */
    static Journal giveBack(String kind, UUID key, UUID account, String currency, long amount) {
        return Journal.givingBack(kind, key).system(SystemAccount.CARD_SETTLEMENT, currency, -amount)
                .available(account, currency, amount);
    }

    /**
     * A merchant return: from the network, {@code toLosses} back to the losses account (the part
     * of a purchase the service paid for), the rest to the funding account.
     */
    static Journal returned(UUID key, UUID account, String currency, long toAccount, long toLosses) {
        return Journal.givingBack("CARD_RETURN", key).system(SystemAccount.CARD_NETWORK, currency, -(toAccount + toLosses))
                .available(account, currency, toAccount).system(SystemAccount.CARD_LOSSES, currency, toLosses);
    }

    /**
     * A return taken back by the merchant: the network gets {@code fromAccount + fromLosses};
     * {@code fromAccount} is pulled from the funding account ({@code accountPays}) or, failing
     * that, taken from the losses account too.
     */
    static Journal returnReversed(UUID key, UUID account, String currency, long fromAccount, long fromLosses, boolean accountPays) {
        Journal journal = Journal.of("CARD_RETURN_REVERSAL", key).system(SystemAccount.CARD_NETWORK, currency, fromAccount + fromLosses);
        return accountPays
                ? journal.available(account, currency, -fromAccount).system(SystemAccount.CARD_LOSSES, currency, -fromLosses)
                : journal.system(SystemAccount.CARD_LOSSES, currency, -(fromAccount + fromLosses));
    }

    /** Money from the network to the funding account: a credit. */
    static Journal credit(String kind, UUID key, UUID account, String currency, long amount) {
        return Journal.givingBack(kind, key).system(SystemAccount.CARD_NETWORK, currency, -amount).available(account, currency, amount);
    }

    /** Money from the funding account to the network (a single-message purchase, a reversed return), or from the losses account. */
    static Journal debit(String kind, UUID key, UUID account, String currency, long amount, boolean fromAccount) {
        Journal journal = Journal.of(kind, key).system(SystemAccount.CARD_NETWORK, currency, amount);
        return fromAccount ? journal.available(account, currency, -amount) : journal.system(SystemAccount.CARD_LOSSES, currency, -amount);
    }
}
