package payments.card;

import java.util.Map;
import java.util.Set;

/**
 * The card transaction status machine (pure): which moves are legal, checked on every move. A new
 * row starts AUTHORIZED, DECLINED, SETTLED (single-message rows, credits, returns), VOIDED (a
 * balance inquiry) or EXCEPTION (approved with nothing to pull). Clearings settle an authorization;
 * an expiry or a closed funding account voids one never cleared; a settlement anomaly (a loss, a
 * failed pull confirmation, a clearing after the authorization lapsed, a reversal that cannot be
 * pulled) is EXCEPTION, which nothing leaves. A merchant return row is VOIDED by its reversal.
 */
public final class CardTransactionStatus {

    private static final String NEW = "(new)";

    private static final Map<String, Set<String>> MOVES = Map.of(
            NEW, Set.of(CardTransaction.AUTHORIZED, CardTransaction.DECLINED, CardTransaction.SETTLED, CardTransaction.VOIDED,
                    CardTransaction.EXCEPTION),
            CardTransaction.AUTHORIZED, Set.of(CardTransaction.SETTLED, CardTransaction.VOIDED, CardTransaction.EXCEPTION),
            CardTransaction.SETTLED, Set.of(CardTransaction.VOIDED, CardTransaction.EXCEPTION),
            CardTransaction.VOIDED, Set.of(CardTransaction.EXCEPTION));

    private CardTransactionStatus() {
    }

    public static boolean canMove(String from, String to) {
        return MOVES.getOrDefault(from == null ? NEW : from, Set.of()).contains(to);
    }

    /** Moves the row, or fails loudly: an illegal move here is a bug, never a client error. Staying put is no move. */
    public static void move(CardTransaction row, String to) {
        if (to.equals(row.status)) {
            return;
        }
        if (!canMove(row.status, to)) {
            throw new IllegalStateException("Card transaction " + row.id + " cannot move from " + row.status + " to " + to);
        }
        row.status = to;
    }
}
