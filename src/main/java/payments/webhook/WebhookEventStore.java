package payments.webhook;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.Ids;
import payments.common.Times;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** The outbox tables as the dispatcher and the sender use them: claims under a lease, outcomes, attempts. */
@ApplicationScoped
public class WebhookEventStore {

    /** SQL true while the platform has no webhook endpoint configured. */
    static final String NO_ENDPOINT = "NOT EXISTS (SELECT 1 FROM platform_config"
            + " WHERE CAST(document AS jsonb) ->> 'webhookEndpoint' IS NOT NULL)";
    /** One batch of due events nobody holds: $1 now, $2 the batch size. */
    private static final String DUE = """
            SELECT id FROM webhook_events
            WHERE status = 'PENDING' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until < $1)
            ORDER BY next_attempt_at
            LIMIT $2
            FOR UPDATE SKIP LOCKED""";

    private final Pool pool;

    public WebhookEventStore(Pool pool) {
        this.pool = pool;
    }

    /** Up to {@code limit} due events nobody holds, leased until {@code leaseEnd}. */
    public Uni<List<WebhookEvent>> claimDue(Instant now, int limit, Instant leaseEnd) {
        return pool.preparedQuery("UPDATE webhook_events SET locked_until = $3 WHERE id IN (" + DUE + """
                        )
                        RETURNING id, type, body, attempts, created_at""")
                .execute(Tuple.of(Times.utc(now), limit, Times.utc(leaseEnd)))
                .map(rows -> {
                    List<WebhookEvent> events = new ArrayList<>();
                    for (Row row : rows) {
                        WebhookEvent event = new WebhookEvent();
                        event.id = row.getUUID("id");
                        event.type = row.getString("type");
                        event.body = row.getString("body");
                        event.status = WebhookEvent.PENDING;
                        event.attempts = row.getInteger("attempts");
                        event.createdAt = row.getOffsetDateTime("created_at").toInstant();
                        events.add(event);
                    }
                    return events;
                });
    }

    /**
     * Closes up to {@code limit} due events unsent, in one statement, while no endpoint is
     * configured; emits how many. The statement checks again that there is no endpoint: one
     * configured since it was read commits with its TEST event, which this statement then either
     * sees together with the endpoint (and skips nothing) or not at all.
     */
    public Uni<Integer> skipDue(Instant now, int limit) {
        return pool.preparedQuery("UPDATE webhook_events SET status = 'SKIPPED', next_attempt_at = NULL, locked_until = NULL"
                        + " WHERE id IN (" + DUE + ") AND " + NO_ENDPOINT)
                .execute(Tuple.of(Times.utc(now), limit))
                .map(rows -> rows.rowCount());
    }

    /** Sets an event's outcome and releases its lease. */
    public Uni<Void> update(UUID id, String status, int attempts, Instant deliveredAt, Instant nextAttemptAt) {
        return pool.preparedQuery("""
                        UPDATE webhook_events SET status = $2, attempts = $3, delivered_at = $4, next_attempt_at = $5,
                            locked_until = NULL
                        WHERE id = $1""")
                .execute(Tuple.tuple().addUUID(id).addString(status).addInteger(attempts)
                        .addOffsetDateTime(Times.utc(deliveredAt)).addOffsetDateTime(Times.utc(nextAttemptAt)))
                .replaceWithVoid();
    }

    public Uni<Void> recordAttempt(UUID eventId, WebhookSender.Attempt attempt, Instant at, long durationMs) {
        return pool.preparedQuery("""
                        INSERT INTO webhook_attempts (id, event_id, url, attempted_at, response_status, response_body, error, duration_ms)
                        VALUES ($1, $2, $3, $4, $5, $6, $7, $8)""")
                .execute(Tuple.tuple().addUUID(Ids.newUuid()).addUUID(eventId).addString(attempt.url())
                        .addOffsetDateTime(Times.utc(at)).addInteger(attempt.status()).addString(attempt.responseBody())
                        .addString(attempt.error()).addLong(durationMs))
                .replaceWithVoid();
    }
}
