package payments.stablecoin;

import payments.ledger.Journal;
import payments.ledger.Journal.SystemAccount;

import java.util.UUID;

/**
 * The ledger postings of stablecoin operations (pure), each posted once per operation (the
 * ledger's one-posting-per-step index, keyed by the operation id). Fiat that reaches the provider
 * for a mint goes from the rail (or a held internal balance) to the reserve the provider keeps
 * against issued tokens; a burn pays it back out to the rail.
 */
final class StablecoinJournals {

    private StablecoinJournals() {
    }

    /** A Grid-funded mint holds its amount on the funding account until the mint ends. */
    static Journal hold(UUID operation, UUID account, String currency, long amount) {
        return Journal.of("STABLECOIN_HOLD", operation).available(account, currency, -amount).held(account, currency, amount);
    }

    /** The held amount goes to the provider's reserve: the mint completed. */
    static Journal mintedFromHold(UUID operation, UUID account, String currency, long amount) {
        return Journal.of("STABLECOIN_MINTED", operation).held(account, currency, -amount)
                .system(SystemAccount.STABLECOIN_RESERVE, currency, amount);
    }

    /** The held amount goes back to the funding account: the mint failed. */
    static Journal release(UUID operation, UUID account, String currency, long amount) {
        return Journal.givingBack("STABLECOIN_RELEASE", operation).held(account, currency, -amount).available(account, currency, amount);
    }

    /** Fiat from outside (a wire, an ACH debit) reached the provider for a mint. */
    static Journal funded(UUID operation, String currency, long amount) {
        return Journal.of("STABLECOIN_FUNDED", operation).system(SystemAccount.RAIL, currency, -amount)
                .system(SystemAccount.STABLECOIN_RESERVE, currency, amount);
    }

    /** A failed mint's outside funds go back whence they came. */
    static Journal returned(UUID operation, String currency, long amount) {
        return Journal.of("STABLECOIN_RETURN", operation).system(SystemAccount.STABLECOIN_RESERVE, currency, -amount)
                .system(SystemAccount.RAIL, currency, amount);
    }

    /** A burn's fiat leaves the reserve for the payout rail. */
    static Journal redeemed(UUID operation, String currency, long amount) {
        return Journal.of("STABLECOIN_REDEEMED", operation).system(SystemAccount.STABLECOIN_RESERVE, currency, -amount)
                .system(SystemAccount.RAIL, currency, amount);
    }
}
