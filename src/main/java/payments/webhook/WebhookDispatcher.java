package payments.webhook;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.common.jobs.Poller;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

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
    private final WebhookEventStore store;
    private final Vertx vertx;
    private final WebhookSender sender;
    private final WebhookEndpoint endpoint;
    private final ServerClock clock;
    private final ServerConfig.Jobs config;
    private final Poller poller;

    public WebhookDispatcher(WebhookEventStore store, Vertx vertx, WebhookSender sender, WebhookEndpoint endpoint,
                             ServerClock clock, ServerConfig config) {
        this.store = store;
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

    /**
     * Claims one batch of due events and settles each; emits the batch's size. With no endpoint
     * configured, one batch of due events is closed unsent instead.
     */
    Uni<Integer> dispatchDue() {
        return endpoint.current().flatMap(url -> url.isEmpty() ? store.skipDue(clock.now(), BATCH_SIZE) : claim().flatMap(events ->
                Multi.createFrom().iterable(events)
                        .onItem().transformToUni(event -> sender.send(event, url.get()).flatMap(attempt -> decide(event, attempt)))
                        .merge(CONCURRENCY)
                        .collect().asList()
                        .replaceWith(events.size())));
    }

    private Uni<List<WebhookEvent>> claim() {
        Instant now = clock.now();
        return store.claimDue(now, BATCH_SIZE, now.plus(LEASE));
    }

    private Uni<Void> decide(WebhookEvent event, WebhookSender.Attempt attempt) {
        int attempts = event.attempts + 1;
        if (attempt.answered() && WebhookRetryPolicy.isFinalAnswer(attempt.status())) {
            return store.update(event.id, WebhookEvent.DELIVERED, attempts, clock.now(), null);
        }
        Instant next = WebhookRetryPolicy.retries(event.type)
                ? WebhookRetryPolicy.nextAttempt(event.createdAt, attempts, clock.now()) : null;
        return next == null
                ? store.update(event.id, WebhookEvent.FAILED, attempts, null, null)
                : store.update(event.id, WebhookEvent.PENDING, attempts, null, next);
    }

    /** Closes an event that is sent once, by its owner (a TEST event, an approval call). */
    public Uni<Void> closeSingleAttempt(WebhookEvent event, WebhookSender.Attempt attempt) {
        boolean delivered = attempt.answered() && WebhookRetryPolicy.isFinalAnswer(attempt.status());
        return store.update(event.id, delivered ? WebhookEvent.DELIVERED : WebhookEvent.FAILED, 1, delivered ? clock.now() : null, null);
    }
}
