package payments.quote;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The quote status machine: every move the code makes, in one table. Pure. A quote is stored
 * PENDING, PENDING_AUTHORIZATION, PROCESSING, FAILED or EXPIRED; once PROCESSING its answers follow
 * its transaction (COMPLETED or FAILED, see {@link QuoteView}), which is not stored on the quote.
 */
public enum QuoteStatus {
    PENDING, PENDING_AUTHORIZATION, PROCESSING, COMPLETED, FAILED, EXPIRED;

    private static final Map<QuoteStatus, Set<QuoteStatus>> MOVES = Map.of(
            // Executed (money held, or funds arrived); a payer in an SCA region is challenged first
            // (guide 4.3); unexecuted at expiresAt it expires (guide 4.6).
            PENDING, EnumSet.of(PROCESSING, PENDING_AUTHORIZATION, EXPIRED),
            // Authorized: prefunded, it runs; realtime-funded, it waits for its funds again. A
            // challenge left unanswered until expiresAt fails the quote (SCA_NOT_COMPLETED).
            PENDING_AUTHORIZATION, EnumSet.of(PROCESSING, PENDING, FAILED));

    /** The stored status of a quote. */
    public static QuoteStatus of(Quote quote) {
        return valueOf(quote.status);
    }

    public boolean canMoveTo(QuoteStatus next) {
        return MOVES.getOrDefault(this, Set.of()).contains(next);
    }

    /** Moves the quote or fails loudly: an illegal move here is a bug, never a client error. */
    public static void move(Quote quote, QuoteStatus to) {
        if (!of(quote).canMoveTo(to)) {
            throw new IllegalStateException("Quote " + quote.id + " cannot move from " + quote.status + " to " + to);
        }
        quote.status = to.name();
    }
}
