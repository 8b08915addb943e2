package payments.transaction;

import java.util.Map;
import java.util.Set;

/**
 * The payment status machine: which moves are legal. Pure. CREATED and REFUNDED stay in the published
 * enum but no move reaches them: a payment is born PENDING with its quote (a receiver lookup creates
 * no transaction), and a refund is the {@code refund} object of a FAILED payment, as its webhooks
 * carry it (docs/decisions.md).
 */
public final class TransactionStatus {

    public static final String CREATED = "CREATED";
    public static final String PENDING = "PENDING";
    public static final String PENDING_AUTHORIZATION = "PENDING_AUTHORIZATION";
    public static final String PROCESSING = "PROCESSING";
    public static final String COMPLETED = "COMPLETED";
    public static final String REJECTED = "REJECTED";
    public static final String FAILED = "FAILED";
    public static final String REFUNDED = "REFUNDED";
    public static final String EXPIRED = "EXPIRED";

    public static final Set<String> ALL = Set.of(CREATED, PENDING, PENDING_AUTHORIZATION, PROCESSING, COMPLETED,
            REJECTED, FAILED, REFUNDED, EXPIRED);

    private static final Map<String, Set<String>> MOVES = Map.of(
            PENDING, Set.of(PENDING_AUTHORIZATION, PROCESSING, COMPLETED, FAILED, REJECTED, EXPIRED),
            // Authorized, a realtime-funded payment waits for its funds again.
            PENDING_AUTHORIZATION, Set.of(PENDING, PROCESSING, FAILED, EXPIRED),
            PROCESSING, Set.of(COMPLETED, FAILED),
            // A bank can return a payout it accepted: COMPLETED is not final.
            COMPLETED, Set.of(FAILED));

    private TransactionStatus() {
    }

    public static boolean canMove(String from, String to) {
        return MOVES.getOrDefault(from, Set.of()).contains(to);
    }

    /** Moves the transaction or fails loudly: an illegal move here is a bug, never a client error. */
    public static void move(PaymentTransaction transaction, String to) {
        if (!canMove(transaction.status, to)) {
            throw new IllegalStateException("Transaction " + transaction.id + " cannot move from " + transaction.status + " to " + to);
        }
        transaction.status = to;
        if (!PROCESSING.equals(to)) {
            // A pending reason explains a delayed settlement; it ends with the processing.
            transaction.pendingReason = null;
        }
    }
}
