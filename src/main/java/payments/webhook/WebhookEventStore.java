package payments.webhook;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.Ids;
import payments.common.Times;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.IntFunction;

/** The outbox tables as the dispatcher and the sender use them: claims under a lease, outcomes, attempts. */
@ApplicationScoped
public class WebhookEventStore {

    /** SQL true while the platform has a webhook endpoint configured. */
    static final String AN_ENDPOINT = "EXISTS (SELECT 1 FROM platform_config"
            + " WHERE CAST(document AS jsonb) ->> 'webhookEndpoint' IS NOT NULL)";
    /** SQL true while the platform has no webhook endpoint configured. */
    static final String NO_ENDPOINT = "NOT " + AN_ENDPOINT;
    /**
     * One batch of due events nobody holds: $1 now, $2 the batch size. A claim moves an event's
     * {@code next_attempt_at} to the end of its lease, so the events in flight leave the due range
     * of the index instead of being stepped over by every later claim, and a crashed instance's
     * claims are simply due again when their lease ends.
     */
    private static final String DUE = """
            SELECT id FROM webhook_events
            WHERE status = 'PENDING' AND next_attempt_at <= $1
            ORDER BY next_attempt_at
            LIMIT $2
            FOR UPDATE SKIP LOCKED""";

    private final Pool pool;

    public WebhookEventStore(Pool pool) {
        this.pool = pool;
    }

    /** Up to {@code limit} due events nobody holds, leased until {@code leaseEnd}. */
    public Uni<List<WebhookEvent>> claimDue(Instant now, int limit, Instant leaseEnd) {
        return pool.preparedQuery("WITH claimed AS (UPDATE webhook_events SET next_attempt_at = $3 WHERE id IN (" + DUE + """
                        )
                        RETURNING id, type, attempts, created_at)
                        SELECT c.id, c.type, b.body, c.attempts, c.created_at
                        FROM claimed c JOIN webhook_event_bodies b ON b.event_id = c.id""")
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
        return pool.preparedQuery("UPDATE webhook_events SET status = 'SKIPPED', next_attempt_at = NULL"
                        + " WHERE id IN (" + DUE + ") AND " + NO_ENDPOINT)
                .execute(Tuple.of(Times.utc(now), limit))
                .map(rows -> rows.rowCount());
    }

    /** An attempt to record, and the event's state after it (status, attempts, when delivered, when next due). */
    public record Recorded(UUID eventId, WebhookSender.Attempt attempt) {
    }

    /** An event's state after an attempt: its lease is released with it. */
    public record Outcome(UUID eventId, String status, int attempts, Instant deliveredAt, Instant nextAttemptAt) {
    }

    /** Sets an event's outcome and releases its lease. */
    public Uni<Void> update(UUID id, String status, int attempts, Instant deliveredAt, Instant nextAttemptAt) {
        return settle(List.of(new Outcome(id, status, attempts, deliveredAt, nextAttemptAt)), List.of());
    }

    public Uni<Void> recordAttempts(List<Recorded> attempts) {
        return settle(List.of(), attempts);
    }

    /**
     * Records attempts and sets outcomes (releasing their leases) in one statement: a dispatcher
     * settles a whole group of deliveries in one round trip.
     */
    public Uni<Void> settle(List<Outcome> outcomes, List<Recorded> attempts) {
        return pool.preparedQuery("""
                        WITH recorded AS (
                            INSERT INTO webhook_attempts (id, event_id, url, attempted_at, response_status, response_body, error, duration_ms)
                            SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::timestamptz[], $5::int[], $6::text[],
                                                 $7::text[], $8::bigint[]))
                        UPDATE webhook_events e SET status = o.status, attempts = o.attempts, delivered_at = o.delivered_at,
                            next_attempt_at = o.next_attempt_at
                        FROM unnest($9::uuid[], $10::varchar[], $11::int[], $12::timestamptz[], $13::timestamptz[])
                            AS o (id, status, attempts, delivered_at, next_attempt_at)
                        WHERE e.id = o.id""")
                .execute(Tuple.tuple()
                        .addArrayOfUUID(column(attempts, recorded -> Ids.newUuid(), UUID[]::new))
                        .addArrayOfUUID(column(attempts, Recorded::eventId, UUID[]::new))
                        .addArrayOfString(column(attempts, recorded -> recorded.attempt().url(), String[]::new))
                        .addArrayOfOffsetDateTime(column(attempts, recorded -> Times.utc(recorded.attempt().at()), OffsetDateTime[]::new))
                        .addArrayOfInteger(column(attempts, recorded -> recorded.attempt().status(), Integer[]::new))
                        .addArrayOfString(column(attempts, recorded -> recorded.attempt().responseBody(), String[]::new))
                        .addArrayOfString(column(attempts, recorded -> recorded.attempt().error(), String[]::new))
                        .addArrayOfLong(column(attempts, recorded -> recorded.attempt().durationMs(), Long[]::new))
                        .addArrayOfUUID(column(outcomes, Outcome::eventId, UUID[]::new))
                        .addArrayOfString(column(outcomes, Outcome::status, String[]::new))
                        .addArrayOfInteger(column(outcomes, Outcome::attempts, Integer[]::new))
                        .addArrayOfOffsetDateTime(column(outcomes, outcome -> Times.utc(outcome.deliveredAt()), OffsetDateTime[]::new))
                        .addArrayOfOffsetDateTime(column(outcomes, outcome -> Times.utc(outcome.nextAttemptAt()), OffsetDateTime[]::new)))
                .replaceWithVoid();
    }

    /** One column of rows, as an array parameter for {@code unnest}. */
    private static <T, R> R[] column(List<T> rows, Function<T, R> value, IntFunction<R[]> array) {
        return rows.stream().map(value).toArray(array);
    }
}
