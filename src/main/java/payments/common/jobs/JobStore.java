package payments.common.jobs;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.Times;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** The jobs table: claims under a lease, and what becomes of a job once it has run. */
@ApplicationScoped
public class JobStore {

    private final Pool pool;

    public JobStore(Pool pool) {
        this.pool = pool;
    }

    /** Up to {@code limit} due jobs nobody holds, oldest first, leased until {@code leaseEnd}. */
    public Uni<List<ClaimedJob>> claimDue(Instant now, Instant leaseEnd, int limit) {
        return pool.preparedQuery("""
                        UPDATE jobs SET locked_until = $2, attempts = attempts + 1, updated_at = $1
                        WHERE id IN (
                            SELECT id FROM jobs
                            WHERE status = 'PENDING' AND run_at <= $1 AND (locked_until IS NULL OR locked_until < $1)
                            ORDER BY run_at
                            LIMIT $3
                            FOR UPDATE SKIP LOCKED)
                        RETURNING id, type, payload, attempts, created_at""")
                .execute(Tuple.of(Times.utc(now), Times.utc(leaseEnd), limit))
                .map(rows -> {
                    List<ClaimedJob> jobs = new ArrayList<>();
                    for (Row row : rows) {
                        jobs.add(new ClaimedJob(row.getUUID("id"), row.getString("type"), row.getString("payload"),
                                row.getInteger("attempts"), row.getOffsetDateTime("created_at").toInstant()));
                    }
                    return jobs;
                });
    }

    /** Deletes jobs that are done, in one statement. */
    public Uni<Void> delete(List<UUID> ids) {
        return pool.preparedQuery("DELETE FROM jobs WHERE id = ANY($1)").execute(Tuple.of(ids.toArray(UUID[]::new))).replaceWithVoid();
    }

    /** Releases the lease and makes the job due again at {@code runAt}. */
    public Uni<Void> reschedule(UUID id, Instant runAt, String error, Instant now) {
        return pool.preparedQuery(
                        "UPDATE jobs SET run_at = $2, locked_until = NULL, last_error = $3, updated_at = $4 WHERE id = $1")
                .execute(Tuple.of(id, Times.utc(runAt), error, Times.utc(now)))
                .replaceWithVoid();
    }

    /** Gives back the lease of a job claimed but never started, uncounted: any instance may claim it at once. */
    public Uni<Void> release(UUID id, Instant now) {
        return pool.preparedQuery("UPDATE jobs SET locked_until = NULL, attempts = attempts - 1, updated_at = $2 WHERE id = $1")
                .execute(Tuple.of(id, Times.utc(now)))
                .replaceWithVoid();
    }

    /** Parks the job as DEAD: it is never claimed again; one that holds money is kept until an operator resolves it. */
    public Uni<Void> park(UUID id, String error, boolean holdsMoney, Instant now) {
        return pool.preparedQuery("UPDATE jobs SET status = 'DEAD', locked_until = NULL, last_error = $2, holds_money = $3,"
                        + " updated_at = $4 WHERE id = $1")
                .execute(Tuple.of(id, error, holdsMoney, Times.utc(now)))
                .replaceWithVoid();
    }
}
