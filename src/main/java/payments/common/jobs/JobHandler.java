package payments.common.jobs;

import io.smallrye.mutiny.Uni;

/**
 * Runs the jobs of one type. Delivery is at least once: a handler must tolerate running again for
 * the same job (after a crash, or a lease that ran out), so its effects must be idempotent.
 */
public interface JobHandler {

    String type();

    Uni<JobOutcome> handle(ClaimedJob job);

    /**
     * Whether a run moves or holds money: such a job given up may leave money half moved, so it is
     * kept, flagged, until an operator resolves it (retention deletes the others).
     */
    default boolean movesMoney() {
        return false;
    }
}
