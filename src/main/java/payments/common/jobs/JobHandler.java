package payments.common.jobs;

import io.smallrye.mutiny.Uni;

/**
 * Runs the jobs of one type. Delivery is at least once: a handler must tolerate running again for
 * the same job (after a crash, or a lease that ran out), so its effects must be idempotent.
 */
public interface JobHandler {

    String type();

    Uni<JobOutcome> handle(ClaimedJob job);
}
