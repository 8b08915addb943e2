package payments.common;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What a platform alerts on, as gauges every instance refreshes each minute from the shared tables
 * (each count served by a partial index on the rows it counts): the webhook outbox's backlog, its
 * oldest event's age and the events whose deliveries are failing; background jobs due and not yet
 * run; payouts queued for the next bank file, files built but not delivered, parked bank entries
 * no operator has decided yet, statement reconciliation lines still needing a person, and the
 * payments still on their way, by status.
 */
@ApplicationScoped
public class OperationsGauges {

    private static final Logger LOG = Logger.getLogger(OperationsGauges.class);
    static final String QUERY = """
            SELECT (SELECT count(*) FROM webhook_events WHERE status = 'PENDING'),
                   (SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::bigint FROM webhook_events WHERE status = 'PENDING'),
                   (SELECT count(*) FROM webhook_events WHERE status = 'PENDING' AND attempts > 0),
                   (SELECT count(*) FROM jobs WHERE status = 'PENDING' AND run_at <= now()),
                   (SELECT count(*) FROM bank_payouts WHERE status = 'QUEUED'),
                   (SELECT count(*) FROM bank_batches WHERE status = 'BUILT'),
                   (SELECT count(*) FROM bank_unmatched WHERE resolved_at IS NULL),
                   (SELECT count(*) FROM bank_statement_lines WHERE status <> 'MATCHED' AND resolved_at IS NULL),
                   (SELECT count(*) FROM transactions WHERE status = 'PENDING'),
                   (SELECT count(*) FROM transactions WHERE status = 'PENDING_AUTHORIZATION'),
                   (SELECT count(*) FROM transactions WHERE status = 'PROCESSING')""";
    /** The payment statuses counted in flight (the partial index transactions_in_flight holds exactly them), in the query's order. */
    static final String[] IN_FLIGHT = {"PENDING", "PENDING_AUTHORIZATION", "PROCESSING"};

    private final Pool pool;
    /** The gauges' values, read by the registry (which holds them weakly: these fields keep them). */
    private final AtomicLong[] values = {new AtomicLong(), new AtomicLong(), new AtomicLong(), new AtomicLong(), new AtomicLong(),
            new AtomicLong(), new AtomicLong(), new AtomicLong(), new AtomicLong(), new AtomicLong(), new AtomicLong()};

    public OperationsGauges(Pool pool, MeterRegistry registry) {
        this.pool = pool;
        String[] names = {"payments.webhooks.pending", "payments.webhooks.oldest.pending.seconds", "payments.webhooks.failing",
                "payments.jobs.due", "payments.bank.payouts.queued", "payments.bank.files.built", "payments.bank.parked.open",
                "payments.bank.statement.lines.open"};
        for (int i = 0; i < names.length; i++) {
            registry.gauge(names[i], values[i]);
        }
        for (int i = 0; i < IN_FLIGHT.length; i++) {
            registry.gauge("payments.transactions.in.flight", io.micrometer.core.instrument.Tags.of("status", IN_FLIGHT[i]),
                    values[names.length + i]);
        }
    }

    @Scheduled(every = "1m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public Uni<Void> refresh() {
        return pool.query(QUERY).execute()
                .invoke(rows -> {
                    Row row = rows.iterator().next();
                    for (int i = 0; i < values.length; i++) {
                        values[i].set(row.getLong(i));
                    }
                })
                .onFailure().invoke(failure -> LOG.warnf("Refreshing the operations gauges failed (they keep their values): %s",
                        failure.getMessage()))
                .onFailure().recoverWithNull()
                .replaceWithVoid();
    }
}
