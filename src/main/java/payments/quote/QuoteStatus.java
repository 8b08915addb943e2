package payments.quote;

import payments.common.StatusMachine;

/**
 * The quote status machine: every move the code makes, in one table. Pure. A quote is stored
 * PENDING, PENDING_AUTHORIZATION, PROCESSING, FAILED or EXPIRED; once PROCESSING its answers follow
 * its transaction (COMPLETED or FAILED, see {@link QuoteView}), which is not stored on the quote.
 */
public enum QuoteStatus {
    PENDING, PENDING_AUTHORIZATION, PROCESSING, COMPLETED, FAILED, EXPIRED;

    private static final StatusMachine<Quote> MACHINE = StatusMachine.<Quote>of("Quote", q -> q.id, q -> q.status,
                    (q, status) -> q.status = status)
            .move(StatusMachine.NEW, "priced", "PENDING")
            // Executed (money held, or funds arrived); a payer in an SCA region is challenged first
            // (guide 4.3); unexecuted at expiresAt it expires (guide 4.6).
            .move("PENDING", "executed, or its realtime funds arrived", "PROCESSING")
            .move("PENDING", "the payer's region asks for Strong Customer Authentication", "PENDING_AUTHORIZATION")
            .move("PENDING", "unexecuted at expiresAt", "EXPIRED")
            // Authorized: prefunded, it runs; realtime-funded, it waits for its funds again. A
            // challenge left unanswered until expiresAt fails the quote (SCA_NOT_COMPLETED).
            .move("PENDING_AUTHORIZATION", "authorized, prefunded", "PROCESSING")
            .move("PENDING_AUTHORIZATION", "authorized, waiting for realtime funds", "PENDING")
            .move("PENDING_AUTHORIZATION", "the challenge was never answered", "FAILED")
            .build();

    /** The stored status of a quote. */
    public static QuoteStatus of(Quote quote) {
        return valueOf(quote.status);
    }

    public boolean canMoveTo(QuoteStatus next) {
        return MACHINE.allows(name(), next.name());
    }

    /** Moves the quote or fails loudly: an illegal move here is a bug, never a client error. */
    public static void move(Quote quote, QuoteStatus to) {
        MACHINE.move(quote, to.name());
    }
}
