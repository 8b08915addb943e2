package payments.card;

import payments.common.StatusMachine;

/**
 * The card transaction status machine (pure): which moves are legal, checked on every move. A new
 * row starts AUTHORIZED, DECLINED, SETTLED (single-message rows, credits, returns), VOIDED (a
 * balance inquiry) or EXCEPTION (approved with nothing to pull). Clearings settle an authorization;
 * an expiry or a closed funding account voids one never cleared; a settlement anomaly (a loss, a
 * failed pull confirmation, a clearing after the authorization lapsed, a reversal that cannot be
 * pulled) is EXCEPTION, which nothing leaves. A merchant return row is VOIDED by its reversal.
 */
public final class CardTransactionStatus {

    private static final StatusMachine<CardTransaction> MACHINE = StatusMachine.<CardTransaction>of("Card transaction",
                    row -> row.id, row -> row.status, (row, status) -> row.status = status)
            .move(StatusMachine.NEW, "an authorization approved", CardTransaction.AUTHORIZED)
            .move(StatusMachine.NEW, "an authorization declined", CardTransaction.DECLINED)
            .move(StatusMachine.NEW, "a single-message purchase, a credit or a return", CardTransaction.SETTLED)
            .move(StatusMachine.NEW, "a balance inquiry", CardTransaction.VOIDED)
            .move(StatusMachine.NEW, "approved with nothing to pull", CardTransaction.EXCEPTION)
            .move(CardTransaction.AUTHORIZED, "cleared", CardTransaction.SETTLED)
            .move(CardTransaction.AUTHORIZED, "expired uncleared, or its funding account closed", CardTransaction.VOIDED)
            .move(CardTransaction.AUTHORIZED, "a settlement anomaly", CardTransaction.EXCEPTION)
            .move(CardTransaction.SETTLED, "a merchant return reversed", CardTransaction.VOIDED)
            .move(CardTransaction.SETTLED, "a settlement anomaly", CardTransaction.EXCEPTION)
            .move(CardTransaction.VOIDED, "a clearing after the authorization lapsed", CardTransaction.EXCEPTION)
            .stayingIsNoMove()
            .build();

    private CardTransactionStatus() {
    }

    public static boolean canMove(String from, String to) {
        return MACHINE.allows(from, to);
    }

    /** Moves the row, or fails loudly: an illegal move here is a bug, never a client error. Staying put is no move. */
    public static void move(CardTransaction row, String to) {
        MACHINE.move(row, to);
    }
}
