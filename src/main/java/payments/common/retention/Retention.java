package payments.common.retention;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.common.Times;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deletes what only grows once it is past its retention, in bounded batches: finished webhook
 * events with their attempts, expired idempotency answers, dead jobs (one that held money only once
 * an operator resolved it), expired wallet challenges and old card network tokens. The ledger,
 * payments, quotes, customers and every audit table are never touched. Ages count on the server
 * clock (the sandbox's moves with it). Every instance sweeps; two sweeping at once delete disjoint
 * rows or nothing (a row is deleted once).
 */
@ApplicationScoped
public class Retention {

    private static final Logger LOG = Logger.getLogger(Retention.class);

    private final Pool pool;
    private final ServerClock clock;
    private final ServerConfig.Retention config;
    private final List<RetentionRule> rules;

    public Retention(Pool pool, ServerClock clock, ServerConfig config) {
        this.pool = pool;
        this.clock = clock;
        this.config = config.retention();
        this.rules = rules(this.config);
    }

    static List<RetentionRule> rules(ServerConfig.Retention keep) {
        return List.of(
                new RetentionRule("webhook events", keep.webhookEvents(), """
                        WITH doomed AS (
                            SELECT id FROM webhook_events WHERE status <> 'PENDING' AND created_at < $1
                            ORDER BY created_at LIMIT $2),
                        attempts AS (DELETE FROM webhook_attempts WHERE event_id IN (SELECT id FROM doomed)),
                        bodies AS (DELETE FROM webhook_event_bodies WHERE event_id IN (SELECT id FROM doomed))
                        DELETE FROM webhook_events WHERE id IN (SELECT id FROM doomed)"""),
                // Each answer carries its own expiry (Idempotency.RETENTION): the cutoff is now.
                new RetentionRule("idempotency answers", Duration.ZERO, """
                        DELETE FROM idempotency_keys WHERE (scope, idem_key) IN (
                            SELECT scope, idem_key FROM idempotency_keys WHERE expires_at < $1 ORDER BY expires_at LIMIT $2)"""),
                // A job given up while it held money stays until an operator resolves it, then as long again.
                new RetentionRule("dead jobs", keep.deadJobs(), """
                        DELETE FROM jobs WHERE id IN (
                            SELECT id FROM jobs WHERE status = 'DEAD' AND holds_money = FALSE AND updated_at < $1
                            ORDER BY updated_at LIMIT $2)"""),
                new RetentionRule("resolved dead jobs", keep.deadJobs(), """
                        DELETE FROM jobs WHERE id IN (
                            SELECT id FROM jobs WHERE status = 'DEAD' AND resolved_at < $1 ORDER BY resolved_at LIMIT $2)"""),
                // A challenge a delegated key still points to stays (its next step needs it).
                new RetentionRule("wallet requests", keep.walletRequests(), """
                        DELETE FROM wallet_requests WHERE id IN (
                            SELECT w.id FROM wallet_requests w WHERE w.expires_at < $1
                            AND NOT EXISTS (SELECT 1 FROM delegated_keys d WHERE d.next_request_id = w.id)
                            ORDER BY w.expires_at LIMIT $2)"""),
                new RetentionRule("card network events", keep.cardNetworkEvents(), """
                        DELETE FROM card_network_events WHERE token IN (
                            SELECT token FROM card_network_events WHERE applied_at < $1 ORDER BY applied_at LIMIT $2)"""));
    }

    @Scheduled(every = "${svc.retention.every:10m}", delayed = "2m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        return sweep().invoke(deleted -> {
            if (deleted.values().stream().anyMatch(n -> n > 0)) {
                LOG.infof("Retention deleted %s", deleted);
            }
        }).replaceWithVoid();
    }

    /** One sweep: each rule's batches until one comes back short or {@code maxBatches} ran; how many rows each deleted. */
    public Uni<Map<String, Long>> sweep() {
        Instant now = clock.now();
        Map<String, Long> deleted = new LinkedHashMap<>();
        return Multi.createFrom().iterable(rules)
                .onItem().transformToUniAndConcatenate(rule -> sweep(rule, now.minus(rule.keep()), 0, 0L)
                        .invoke(count -> deleted.put(rule.name(), count)))
                .collect().last()
                .map(ignored -> deleted);
    }

    private Uni<Long> sweep(RetentionRule rule, Instant cutoff, int batches, long soFar) {
        if (batches == config.maxBatches()) {
            return Uni.createFrom().item(soFar);
        }
        return pool.preparedQuery(rule.deleteBatch()).execute(Tuple.of(Times.utc(cutoff), config.batchSize()))
                .flatMap(rows -> rows.rowCount() < config.batchSize()
                        ? Uni.createFrom().item(soFar + rows.rowCount())
                        : sweep(rule, cutoff, batches + 1, soFar + rows.rowCount()));
    }
}
