package payments.webhook;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.common.Times;
import payments.common.jobs.Poller;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Delivers the outbox. Every instance claims due PENDING events with {@code FOR UPDATE SKIP LOCKED}
 * and a lease (a crashed instance's claims become due again once the lease runs out, so delivery
 * is at least once), sends them concurrently and decides from each answer whether and when to try
 * again. While a claim comes back full it goes straight on, so a burst of events drains at the
 * speed of the endpoint rather than one batch per poll.
 */
@ApplicationScoped
public class WebhookDispatcher {

    static final int BATCH_SIZE = 200;
    /** Deliveries in flight at once per instance. */
    static final int CONCURRENCY = 32;
    /** Longer than one attempt can take (connect plus {@link WebhookSender#RESPONSE_TIMEOUT}). */
    static final Duration LEASE = Duration.ofSeconds(90);
    /** Full batches one poll may run before it yields to the next tick. */
    private static final int MAX_BATCHES_PER_TICK = 50;
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
    private final Vertx vertx;
    private final WebhookSender sender;
    private final WebhookEndpoint endpoint;
    private final ServerClock clock;
    private final ServerConfig.Jobs config;
    private final Poller poller;

    public WebhookDispatcher(Pool pool, Vertx vertx, WebhookSender sender, WebhookEndpoint endpoint,
                             ServerClock clock, ServerConfig config) {
        this.pool = pool;
        this.vertx = vertx;
        this.sender = sender;
        this.endpoint = endpoint;
        this.clock = clock;
        this.config = config.jobs();
        this.poller = new Poller(vertx, "Webhook dispatch", () -> drain(MAX_BATCHES_PER_TICK));
    }

    void start(@Observes StartupEvent event) {
        if (config.enabled()) {
            poller.start(config.pollInterval());
        }
    }

    void stop(@Observes ShutdownEvent event) {
        poller.stop();
    }

    /** Dispatches full batches until one comes back short (bounded); emits how many events were handled. */
    public Uni<Integer> drain(int maxBatches) {
        return drainFrom(0, maxBatches);
    }

    private Uni<Integer> drainFrom(int handledSoFar, int batchesLeft) {
        if (batchesLeft == 0) {
            return Uni.createFrom().item(handledSoFar);
        }
        return dispatchDue().flatMap(handled -> handled < BATCH_SIZE
                ? Uni.createFrom().item(handledSoFar + handled)
                : drainFrom(handledSoFar + handled, batchesLeft - 1));
    }

    /** Claims one batch of due events and settles each; emits the batch's size. */
    Uni<Integer> dispatchDue() {
        return endpoint.current().flatMap(url -> url.isEmpty() ? skipDue() : claim().flatMap(events ->
                Multi.createFrom().iterable(events)
                        .onItem().transformToUni(event -> sender.send(event, url.get()).flatMap(attempt -> decide(event, attempt)))
                        .merge(CONCURRENCY)
                        .collect().asList()
                        .replaceWith(events.size())));
    }

    private Uni<List<WebhookEvent>> claim() {
        Instant now = clock.now();
        return pool.preparedQuery("UPDATE webhook_events SET locked_until = $3 WHERE id IN (" + DUE + """
                        )
                        RETURNING id, type, body, attempts, created_at""")
                .execute(Tuple.of(Times.utc(now), BATCH_SIZE, Times.utc(now.plus(LEASE))))
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
     * No endpoint is configured: one batch of due events is closed unsent, in one statement; emits
     * how many. The statement checks again that there is no endpoint: one configured since it was
     * read commits with its TEST event, which this statement then either sees together with the
     * endpoint (and skips nothing) or not at all.
     */
    private Uni<Integer> skipDue() {
        return pool.preparedQuery("UPDATE webhook_events SET status = 'SKIPPED', next_attempt_at = NULL, locked_until = NULL"
                        + " WHERE id IN (" + DUE + ") AND " + NO_ENDPOINT)
                .execute(Tuple.of(Times.utc(clock.now()), BATCH_SIZE))
                .map(rows -> rows.rowCount());
    }

    private Uni<Void> decide(WebhookEvent event, WebhookSender.Attempt attempt) {
        int attempts = event.attempts + 1;
        if (attempt.answered() && WebhookRetryPolicy.isFinalAnswer(attempt.status())) {
            return update(event.id, WebhookEvent.DELIVERED, attempts, clock.now(), null);
        }
        Instant next = WebhookRetryPolicy.retries(event.type)
                ? WebhookRetryPolicy.nextAttempt(event.createdAt, attempts, clock.now()) : null;
        return next == null
                ? update(event.id, WebhookEvent.FAILED, attempts, null, null)
                : update(event.id, WebhookEvent.PENDING, attempts, null, next);
    }

    /** Closes an event that is sent once, by its owner (a TEST event, an approval call). */
    public Uni<Void> closeSingleAttempt(WebhookEvent event, WebhookSender.Attempt attempt) {
        boolean delivered = attempt.answered() && WebhookRetryPolicy.isFinalAnswer(attempt.status());
        return update(event.id, delivered ? WebhookEvent.DELIVERED : WebhookEvent.FAILED, 1, delivered ? clock.now() : null, null);
    }

    private Uni<Void> update(UUID id, String status, int attempts, Instant deliveredAt, Instant nextAttemptAt) {
        return pool.preparedQuery("""
                        UPDATE webhook_events SET status = $2, attempts = $3, delivered_at = $4, next_attempt_at = $5,
                            locked_until = NULL
                        WHERE id = $1""")
                .execute(Tuple.tuple().addUUID(id).addString(status).addInteger(attempts)
                        .addOffsetDateTime(Times.utc(deliveredAt)).addOffsetDateTime(Times.utc(nextAttemptAt)))
                .replaceWithVoid();
    }
}
