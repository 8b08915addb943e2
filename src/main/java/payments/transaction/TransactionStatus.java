package payments.transaction;

import payments.common.StatusMachine;

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

    private static final StatusMachine<PaymentTransaction> MACHINE = StatusMachine.<PaymentTransaction>of("Transaction",
                    t -> t.id, t -> t.status, (t, status) -> t.status = status)
            .move(PENDING, "the payer's region asks for Strong Customer Authentication", PENDING_AUTHORIZATION)
            .move(PENDING, "executed: the money is held and handed on", PROCESSING)
            .move(PENDING, "settled in the commit that executed it", COMPLETED)
            .move(PENDING, "refused before any money moved", FAILED)
            .move(PENDING, "the platform declined an incoming payment", REJECTED)
            .move(PENDING, "its quote expired unexecuted", EXPIRED)
            // Authorized, a realtime-funded payment waits for its funds again.
            .move(PENDING_AUTHORIZATION, "authorized, waiting for realtime funds", PENDING)
            .move(PENDING_AUTHORIZATION, "authorized", PROCESSING)
            .move(PENDING_AUTHORIZATION, "the challenge was never answered", FAILED)
            .move(PENDING_AUTHORIZATION, "its quote expired", EXPIRED)
            .move(PROCESSING, "settled", COMPLETED)
            .move(PROCESSING, "failed (refunded)", FAILED)
            // A bank can return a payout it accepted: COMPLETED is not final.
            .move(COMPLETED, "returned by the bank after settling", FAILED)
            .build();

    private TransactionStatus() {
    }

    public static boolean canMove(String from, String to) {
        return from != null && MACHINE.allows(from, to);
    }

    /** Moves the transaction or fails loudly: an illegal move here is a bug, never a client error. */
    public static void move(PaymentTransaction transaction, String to) {
        MACHINE.move(transaction, to);
        if (!PROCESSING.equals(to)) {
            // A pending reason explains a delayed settlement; it ends with the processing.
            transaction.pendingReason = null;
        }
    }
}
