package payments.common.jobs;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.Ids;
import payments.common.ServerClock;

import java.time.Instant;

/** Schedules background work. Call inside the transaction of the change the job belongs to. */
@ApplicationScoped
public class Jobs {

    private final ServerClock clock;

    public Jobs(ServerClock clock) {
        this.clock = clock;
    }

    public Uni<Job> enqueue(String type, String payload, Instant runAt) {
        Instant now = clock.now();
        Job job = new Job();
        job.id = Ids.newUuid();
        job.type = type;
        job.payload = payload;
        job.status = Job.PENDING;
        job.runAt = runAt == null ? now : runAt;
        job.attempts = 0;
        job.createdAt = now;
        job.updatedAt = now;
        return job.persist();
    }

    public Uni<Job> enqueueNow(String type, String payload) {
        return enqueue(type, payload, null);
    }
}
