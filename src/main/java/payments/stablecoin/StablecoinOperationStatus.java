package payments.stablecoin;

import java.util.Map;
import java.util.Set;

/**
 * The stablecoin operation status machine (pure). An operation waits for its funds
 * (PENDING_FUNDING: a wire to the provider, tokens sent to a burn's deposit address) or for the
 * provider to act (PENDING_PROVIDER: an ACH debit), is PROCESSING once the provider has what it
 * needs, and ends COMPLETED or FAILED; funds that never arrive leave it EXPIRED.
 */
public final class StablecoinOperationStatus {

    private static final String NEW = "(new)";

    private static final Map<String, Set<String>> MOVES = Map.of(
            NEW, Set.of(StablecoinOperation.PENDING_FUNDING, StablecoinOperation.PENDING_PROVIDER, StablecoinOperation.PROCESSING),
            StablecoinOperation.PENDING_FUNDING, Set.of(StablecoinOperation.PROCESSING, StablecoinOperation.EXPIRED,
                    StablecoinOperation.FAILED),
            StablecoinOperation.PENDING_PROVIDER, Set.of(StablecoinOperation.PROCESSING, StablecoinOperation.FAILED),
            StablecoinOperation.PROCESSING, Set.of(StablecoinOperation.COMPLETED, StablecoinOperation.FAILED));

    private StablecoinOperationStatus() {
    }

    public static boolean canMove(String from, String to) {
        return MOVES.getOrDefault(from == null ? NEW : from, Set.of()).contains(to);
    }

    /** Moves the operation, or fails loudly: callers check {@link #canMove} first, so an illegal move is a bug. */
    static void move(StablecoinOperation operation, String to) {
        if (!canMove(operation.status, to)) {
            throw new IllegalStateException("Stablecoin operation " + operation.id + " cannot move from " + operation.status + " to " + to);
        }
        operation.status = to;
    }
}
