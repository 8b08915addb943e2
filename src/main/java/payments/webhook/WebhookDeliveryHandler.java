package payments.webhook;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ServerClock;
import payments.common.Times;
import payments.common.jobs.ClaimedJob;
import payments.common.jobs.JobHandler;
import payments.common.jobs.JobOutcome;
import payments.platform.PlatformConfigService;

import java.time.Instant;
import java.util.UUID;

/** Delivers one outbox event per job run, and decides from the answer whether and when to retry. */
@ApplicationScoped
public class WebhookDeliveryHandler implements JobHandler {

    public static final String TYPE = "webhook.deliver";

    private final Pool pool;
    private final WebhookSender sender;
    private final PlatformConfigService platformConfig;
    private final ServerClock clock;

    public WebhookDeliveryHandler(Pool pool, WebhookSender sender, PlatformConfigService platformConfig, ServerClock clock) {
        this.pool = pool;
        this.sender = sender;
        this.platformConfig = platformConfig;
        this.clock = clock;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Uni<JobOutcome> handle(ClaimedJob job) {
        return load(UUID.fromString(job.payload())).flatMap(event -> event == null || !WebhookEvent.PENDING.equals(event.status)
                ? Uni.createFrom().item(JobOutcome.done())
                : platformConfig.webhookEndpoint().flatMap(url -> url.isEmpty()
                        ? finish(event, WebhookEvent.SKIPPED, event.attempts)
                        : sender.send(event, url.get()).flatMap(attempt -> decide(event, attempt))));
    }

    private Uni<JobOutcome> decide(WebhookEvent event, WebhookSender.Attempt attempt) {
        int attempts = event.attempts + 1;
        if (attempt.answered() && WebhookRetryPolicy.isFinalAnswer(attempt.status())) {
            return finish(event, WebhookEvent.DELIVERED, attempts);
        }
        Instant next = WebhookRetryPolicy.retries(event.type)
                ? WebhookRetryPolicy.nextAttempt(event.createdAt, attempts, clock.now()) : null;
        if (next == null) {
            return finish(event, WebhookEvent.FAILED, attempts);
        }
        String reason = attempt.answered() ? "Endpoint answered " + attempt.status() : attempt.error();
        return update(event.id, WebhookEvent.PENDING, attempts, null).replaceWith(JobOutcome.retryAt(next, reason));
    }

    private Uni<JobOutcome> finish(WebhookEvent event, String status, int attempts) {
        Instant deliveredAt = WebhookEvent.DELIVERED.equals(status) ? clock.now() : null;
        return update(event.id, status, attempts, deliveredAt).replaceWith(JobOutcome.done());
    }

    /** Closes an event that is sent once, by its owner (a TEST event, an approval call). */
    public Uni<Void> closeSingleAttempt(WebhookEvent event, WebhookSender.Attempt attempt) {
        boolean delivered = attempt.answered() && WebhookRetryPolicy.isFinalAnswer(attempt.status());
        return update(event.id, delivered ? WebhookEvent.DELIVERED : WebhookEvent.FAILED, 1, delivered ? clock.now() : null);
    }

    Uni<Void> update(UUID id, String status, int attempts, Instant deliveredAt) {
        return pool.preparedQuery("UPDATE webhook_events SET status = $2, attempts = $3, delivered_at = $4 WHERE id = $1")
                .execute(Tuple.tuple().addUUID(id).addString(status).addInteger(attempts).addOffsetDateTime(Times.utc(deliveredAt)))
                .replaceWithVoid();
    }

    private Uni<WebhookEvent> load(UUID id) {
        return pool.preparedQuery("SELECT id, type, body, status, attempts, created_at FROM webhook_events WHERE id = $1")
                .execute(Tuple.of(id))
                .map(rows -> {
                    if (!rows.iterator().hasNext()) {
                        return null;
                    }
                    Row row = rows.iterator().next();
                    WebhookEvent event = new WebhookEvent();
                    event.id = row.getUUID("id");
                    event.type = row.getString("type");
                    event.body = row.getString("body");
                    event.status = row.getString("status");
                    event.attempts = row.getInteger("attempts");
                    event.createdAt = row.getOffsetDateTime("created_at").toInstant();
                    return event;
                });
    }
}
