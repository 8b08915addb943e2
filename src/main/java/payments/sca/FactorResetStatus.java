package payments.sca;

import payments.common.StatusMachine;

import java.time.Instant;

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

    private static final StatusMachine<FactorReset> MACHINE = StatusMachine.<FactorReset>of("Reset", r -> r.id, r -> r.status,
                    (r, status) -> r.status = status)
            .move(StatusMachine.NEW, "requested", INITIATED)
            .move(INITIATED, "the liveness check asks for a review", PENDING_REVIEW)
            .move(INITIATED, "the liveness check passed", LIVENESS_PASSED)
            .move(INITIATED, "the liveness check failed", REJECTED)
            .move(PENDING_REVIEW, "the review passed it", LIVENESS_PASSED)
            .move(PENDING_REVIEW, "the review failed it", REJECTED)
            .move(LIVENESS_PASSED, "completed by the platform", COMPLETED)
            .build();

    private FactorResetStatus() {
    }

    /** A new reset's first status. */
    static void open(FactorReset reset) {
        MACHINE.move(reset, INITIATED);
    }

    /** The status as of {@code now}: an unfinished reset past its window is EXPIRED. */
    public static String current(FactorReset reset, Instant now) {
        boolean open = !MACHINE.targets(reset.status).isEmpty();
        return open && !now.isBefore(reset.expiresAt) ? EXPIRED : reset.status;
    }

    public static boolean canMove(FactorReset reset, String to, Instant now) {
        return MACHINE.allows(current(reset, now), to);
    }

    static void move(FactorReset reset, String to, Instant now) {
        MACHINE.move(reset, current(reset, now), to);
    }
}
