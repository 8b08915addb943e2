package payments.sca;

import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * The factor-reset status machine (pure): INITIATED until the liveness check passes
 * (LIVENESS_PASSED) or fails (REJECTED), possibly through PENDING_REVIEW; a passed reset is
 * COMPLETED by the platform. A reset not completed by its {@code expiresAt} reads EXPIRED.
 */
public final class FactorResetStatus {

    public static final String INITIATED = "INITIATED";
    public static final String PENDING_REVIEW = "PENDING_REVIEW";
    public static final String LIVENESS_PASSED = "LIVENESS_PASSED";
    public static final String COMPLETED = "COMPLETED";
    public static final String REJECTED = "REJECTED";
    public static final String EXPIRED = "EXPIRED";

    private static final Map<String, Set<String>> MOVES = Map.of(
            INITIATED, Set.of(PENDING_REVIEW, LIVENESS_PASSED, REJECTED),
            PENDING_REVIEW, Set.of(LIVENESS_PASSED, REJECTED),
            LIVENESS_PASSED, Set.of(COMPLETED));

    private FactorResetStatus() {
    }

    /** The status as of {@code now}: an unfinished reset past its window is EXPIRED. */
    public static String current(FactorReset reset, Instant now) {
        boolean open = MOVES.containsKey(reset.status);
        return open && !now.isBefore(reset.expiresAt) ? EXPIRED : reset.status;
    }

    public static boolean canMove(FactorReset reset, String to, Instant now) {
        return MOVES.getOrDefault(current(reset, now), Set.of()).contains(to);
    }

    static void move(FactorReset reset, String to, Instant now) {
        if (!canMove(reset, to, now)) {
            throw new IllegalStateException("Reset " + reset.id + " cannot move from " + current(reset, now) + " to " + to);
        }
        reset.status = to;
    }
}
