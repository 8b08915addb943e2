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
import payments.context.ContextHops;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;

/**
 * Delivers the outbox. Every instance claims due PENDING events with {@code FOR UPDATE SKIP LOCKED}
 * and a lease (a crashed instance's claims become due again once the lease runs out, so delivery
 * is at least once), sends them concurrently over kept-alive connections and decides from each
 * answer whether and when to try again. Deliveries flow as one stream: while claims come back full
 * the next batch is claimed as the stream needs it, so a slow answer holds up only its own slot,
 * and outcomes are recorded in groups, one statement per group.
 */
@ApplicationScoped
public class WebhookDispatcher {

    static final int BATCH_SIZE = 256;
    /** Longer than one attempt can take (connect plus {@link WebhookSender#RESPONSE_TIMEOUT}, a resend within it). */
    static final Duration LEASE = Duration.ofSeconds(90);
    /** Full batches one poll may claim before it yields to the next tick. */
    private static final int MAX_BATCHES_PER_TICK = 50;
    /** Outcomes recorded together: at most this many, or whatever came within {@link #SETTLE_EVERY}. */
    private static final int SETTLE_GROUP = 256;
    private static final Duration SETTLE_EVERY = Duration.ofMillis(50);
    private final WebhookEventStore store;
    private final WebhookSender sender;
    private final WebhookEndpoint endpoint;
    private final ServerClock clock;
    private final ServerConfig.Jobs config;
    private final WebhooksConfig webhooks;
    private final Poller poller;
    /** Set when the server begins to stop: no further batch is claimed. */
    private volatile boolean stopping;
    static final Duration STOP_WAIT = Duration.ofSeconds(5);

    public WebhookDispatcher(WebhookEventStore store, Vertx vertx, WebhookSender sender, WebhookEndpoint endpoint,
                             ServerClock clock, ServerConfig config, WebhooksConfig webhooks) {
        this.store = store;
        this.sender = sender;
        this.endpoint = endpoint;
        this.clock = clock;
        this.config = config.jobs();
        this.webhooks = webhooks;
        this.poller = new Poller(vertx, "Webhook dispatch", () -> drain(MAX_BATCHES_PER_TICK));
    }

    void start(@Observes StartupEvent event) {
        if (config.enabled()) {
            poller.start(webhooks.pollInterval());
        }
    }

    /**
     * On shutdown: no new batch is claimed; the events of the batch in hand are sent and settled,
     * waited for up to {@link #STOP_WAIT} (an event still unsent then keeps its lease, {@link #LEASE}).
     */
    void stop(@Observes ShutdownEvent event) {
        stopping = true;
        poller.stop(STOP_WAIT);
    }

    /**
     * Delivers due events, claiming further batches while claims come back full (at most
     * {@code maxBatches}); emits how many events were handled. With no endpoint configured, due
     * events are closed unsent instead.
     */
    public Uni<Integer> drain(int maxBatches) {
        return endpoint.current().flatMap(url -> url.isEmpty() ? skipAll(maxBatches) : deliver(url.get(), maxBatches));
    }

    private Uni<Integer> skipAll(int maxBatches) {
        return Multi.createBy().repeating().uni(() -> store.skipDue(clock.now(), BATCH_SIZE))
                .whilst(skipped -> skipped == BATCH_SIZE)
                .select().first(maxBatches)
                .collect().with(Collectors.summingInt(Integer::intValue));
    }

    private Uni<Integer> deliver(String url, int maxBatches) {
        Uni<WebhookAddresses.Target> resolved = sender.resolvedOnce(url);
        Executor here = ContextHops.currentContext();
        return Multi.createBy().repeating().uni(this::claim)
                .whilst(batch -> batch.size() == BATCH_SIZE && !stopping)
                .select().first(maxBatches)
                .onItem().<WebhookEvent>disjoint()
                .onItem().transformToUni(event -> sender.attempt(event, url, resolved, WebhookSender.RESPONSE_TIMEOUT)
                        .map(attempt -> new Settled(event, attempt, decide(event, attempt))))
                .merge(webhooks.concurrency())
                .group().intoLists().of(SETTLE_GROUP, SETTLE_EVERY)
                // A group is due on its timer whether or not the previous one is recorded yet: queue it.
                .onOverflow().buffer(webhooks.concurrency())
                // The timer fires on Mutiny's worker pool: each group is recorded back on this round's context.
                .emitOn(here)
                .onItem().transformToUniAndConcatenate(group -> store.settle(
                                group.stream().map(Settled::outcome).toList(),
                                group.stream().map(settled -> new WebhookEventStore.Recorded(settled.event().id, settled.attempt())).toList())
                        .replaceWith(group.size()))
                .collect().with(Collectors.summingInt(Integer::intValue));
    }

    private record Settled(WebhookEvent event, WebhookSender.Attempt attempt, WebhookEventStore.Outcome outcome) {
    }

    private Uni<List<WebhookEvent>> claim() {
        Instant now = clock.now();
        return store.claimDue(now, BATCH_SIZE, now.plus(LEASE));
    }

    /** The event's state after an attempt: delivered, due again later, or failed for good. */
    private WebhookEventStore.Outcome decide(WebhookEvent event, WebhookSender.Attempt attempt) {
        int attempts = event.attempts + 1;
        if (attempt.answered() && WebhookRetryPolicy.isFinalAnswer(attempt.status())) {
            return new WebhookEventStore.Outcome(event.id, WebhookEvent.DELIVERED, attempts, clock.now(), null);
        }
        Instant next = WebhookRetryPolicy.retries(event.type)
                ? WebhookRetryPolicy.nextAttempt(event.createdAt, attempts, clock.now()) : null;
        return next == null
                ? new WebhookEventStore.Outcome(event.id, WebhookEvent.FAILED, attempts, null, null)
                : new WebhookEventStore.Outcome(event.id, WebhookEvent.PENDING, attempts, null, next);
    }

    /** Closes an event that is sent once, by its owner (a TEST event, an approval call). */
    public Uni<Void> closeSingleAttempt(WebhookEvent event, WebhookSender.Attempt attempt) {
        boolean delivered = attempt.answered() && WebhookRetryPolicy.isFinalAnswer(attempt.status());
        return store.update(event.id, delivered ? WebhookEvent.DELIVERED : WebhookEvent.FAILED, 1, delivered ? clock.now() : null, null);
    }
}
