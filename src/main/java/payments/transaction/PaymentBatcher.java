package payments.transaction;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;
import io.vertx.core.Context;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import payments.account.BalanceUpdates;
import payments.account.InternalAccountStore;
import payments.common.ApiException;
import payments.common.Idempotency.Answer;
import payments.common.Idempotency.Claim;
import payments.common.Idempotency;
import payments.common.RawTable;
import payments.context.ContextHops;
import payments.ledger.Journal;
import payments.ledger.Ledger;
import payments.webhook.WebhookPublisher;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Group commit for payments that settle at once. Requests hand over fully prepared payments (rows,
 * postings, answer); whenever no batch is being built and fewer than {@code maxInFlight} batches
 * are committing, what is waiting goes into a new batch (beside committing batches, only payments
 * on rows they do not lock: see {@link BatchQueue}; so with more than one in flight, the next batch
 * takes its locks and sends its writes while the one before waits for its COMMIT): one database transaction that locks the touched accounts once,
 * applies each payment's postings in memory (refusing the ones that would overdraw), and writes
 * the accepted payments, their ledger rows and idempotency answers with a handful of statements,
 * on a raw connection in two round trips (no Hibernate session: see {@link #save}).
 * Each request is answered only after its batch commits. Under light load a batch holds one
 * payment and adds no wait; under load batches grow by themselves, so a hot account costs one row
 * lock and one commit per batch rather than per payment.
 */
@ApplicationScoped
public class PaymentBatcher {

    /**
     * A payment ready to save: its postings, its share of the sender's daily volume, its rows and
     * the answer to store under its claim (null without a key).
     */
    public record Payment(List<Journal> journals, PaymentLimits.Volume volume, RawTable.Rows rows, Claim claim,
                          Answer answer) {

        /** The internal accounts its postings change. */
        Set<UUID> accounts() {
            Set<UUID> accounts = new HashSet<>();
            journals.forEach(journal -> journal.balanceChanges().forEach(change -> accounts.add(change.accountId())));
            return accounts;
        }

        /** The rows its batch locks for it: the accounts it posts to and its sender's daily-volume counter. */
        Set<Object> lockedRows() {
            Set<Object> rows = new HashSet<>(accounts());
            rows.add(volume.key());
            return rows;
        }
    }

    private record Waiting(Payment payment, Set<Object> rows, UniEmitter<? super Answer> emitter, Context context) {
    }

    private final Ledger ledger;
    private final InternalAccountStore accounts;
    private final BalanceUpdates balanceUpdates;
    private final WebhookPublisher webhooks;
    private final PaymentLimits limits;
    private final Idempotency idempotency;
    private final Pool pool;
    private final Vertx vertx;
    private final BatchingConfig config;
    private static final Logger LOG = Logger.getLogger(PaymentBatcher.class);
    private final BatchQueue<Waiting> queue = new BatchQueue<>(Waiting::rows);
    /** Payments per batch, and each batch from its start to its answer (bench/run reports both). */
    private final DistributionSummary batchSizes;
    private final Timer batchCommits;

    public PaymentBatcher(Ledger ledger, InternalAccountStore accounts, BalanceUpdates balanceUpdates, WebhookPublisher webhooks,
                          PaymentLimits limits, Idempotency idempotency, Pool pool, Vertx vertx, BatchingConfig config,
                          MeterRegistry registry) {
        registry.gauge("payments.batch.waiting", queue, BatchQueue::waiting);
        this.batchSizes = DistributionSummary.builder("payments.batch.size").description("Payments per batch").register(registry);
        this.batchCommits = Timer.builder("payments.batch.commit").description("A batch from its start to its commit's answer")
                .register(registry);
        this.accounts = accounts;
        this.balanceUpdates = balanceUpdates;
        this.webhooks = webhooks;
        this.pool = pool;
        this.ledger = ledger;
        this.limits = limits;
        this.idempotency = idempotency;
        this.vertx = vertx;
        this.config = config;
    }

    /**
     * Saves the payment in the next batch; emits its answer once committed, or fails with 400
     * INSUFFICIENT_FUNDS or 429 DAILY_VOLUME_LIMIT_EXCEEDED (nothing of it saved), or 503 with
     * Retry-After when {@code maxWaiting} payments already wait (the queue is bounded, so a burst
     * the database cannot absorb is pushed back instead of piling up in memory).
     */
    public Uni<Answer> submit(Payment payment) {
        return Uni.createFrom().emitter(emitter -> {
            Waiting waiting = new Waiting(payment, payment.lockedRows(), emitter, io.vertx.core.Vertx.currentContext());
            if (!queue.offer(waiting, config.maxWaiting())) {
                emitter.fail(ApiException.unavailable("Too many payments are waiting to be saved; retry shortly", 1));
                return;
            }
            startBatches();
        });
    }

    /** How many payments wait for a batch on this instance (also the gauge payments.batch.waiting). */
    public int waiting() {
        return queue.waiting();
    }

    /** Starts batches while some payments can go into one (see {@link BatchQueue#next}). */
    private void startBatches() {
        BatchQueue.Batch<Waiting> batch;
        while ((batch = queue.next(config.maxInFlight(), config.maxSize(), config.minSizeBeside())) != null) {
            BatchQueue.Batch<Waiting> started = batch;
            Context context = VertxContext.createNewDuplicatedContext(vertx.getDelegate().getOrCreateContext());
            VertxContextSafetyToggle.setContextSafe(context, true);
            batchSizes.record(started.items().size());
            long startedAt = System.nanoTime();
            Runnable commitSent = () -> {
                queue.commitSent(started);
                startBatches();
            };
            context.runOnContext(ignored -> commit(started.items(), commitSent)
                    .onTermination().invoke(() -> {
                        batchCommits.record(System.nanoTime() - startedAt, TimeUnit.NANOSECONDS);
                        queue.finished(started);
                        startBatches();
                    })
                    .subscribe().with(done -> { }, e -> LOG.errorf(e, "A payment batch failed past its own recovery")));
        }
    }

    /**
     * Commits one batch and answers its payments. When the batch as a whole fails, each payment
     * is tried again in a batch of its own, so that one bad payment cannot sink the others.
     */
    private Uni<Void> commit(List<Waiting> batch, Runnable commitSent) {
        return pool.withConnection(connection -> save(connection, batch, commitSent))
                .invoke(refusals -> {
                    for (int i = 0; i < batch.size(); i++) {
                        answer(batch.get(i), batch.get(i).payment().answer(), refusals.get(i));
                    }
                })
                .replaceWithVoid()
                .onFailure().recoverWithUni(e -> {
                    if (batch.size() == 1) {
                        answer(batch.get(0), null, e);
                        return Uni.createFrom().voidItem();
                    }
                    return Multi.createFrom().iterable(batch)
                            .onItem().transformToUniAndConcatenate(waiting -> commit(List.of(waiting), () -> { }))
                            .collect().last();
                });
    }

    /**
     * One transaction on a raw connection, in two round trips: BEGIN and the locks (the touched
     * accounts, then the senders' daily-volume counters) go out together; then, once the payments
     * are taken in arrival order in memory (each must fit its sender's daily limit and the balances
     * left by the ones before it), every write and the COMMIT go out together. The connection runs
     * statements in the order they were sent, so the lock order holds; after a failure the
     * transaction is rolled back before the connection returns to the pool. Answers the refusals
     * by position; the accepted payments are saved.
     */
    private Uni<Map<Integer, ApiException>> save(SqlConnection connection, List<Waiting> batch, Runnable commitSent) {
        List<Payment> payments = batch.stream().map(Waiting::payment).toList();
        Set<UUID> touched = new HashSet<>();
        payments.forEach(payment -> touched.addAll(payment.accounts()));
        return Uni.combine().all().unis(
                        connection.query("BEGIN").execute(),
                        ledger.lockFor(connection, payments.stream().map(Payment::journals).toList()),
                        limits.dailyVolumes(connection, payments.stream().map(Payment::volume).toList()),
                        // Queued behind the lock: the accounts as locked, for their balance events.
                        accounts.byIds(connection, touched))
                .asTuple()
                .flatMap(locked -> {
                    Ledger.Batch postings = locked.getItem2();
                    PaymentLimits.DailyVolumes volumes = locked.getItem3();
                    Map<Integer, ApiException> refusals = new HashMap<>();
                    RawTable.Rows rows = new RawTable.Rows();
                    List<Map.Entry<Claim, Answer>> answers = new ArrayList<>();
                    for (int i = 0; i < payments.size(); i++) {
                        Payment payment = payments.get(i);
                        ApiException refusal = postings.inactiveParty(payment.journals());
                        if (refusal == null) {
                            refusal = volumes.refusal(payment.volume());
                        }
                        if (refusal == null && !postings.tryApply(payment.journals())) {
                            refusal = Ledger.insufficientFunds();
                        }
                        if (refusal != null) {
                            refusals.put(i, refusal);
                            continue;
                        }
                        volumes.add(payment.volume());
                        rows.addAll(payment.rows());
                        if (payment.claim() != null) {
                            answers.add(Map.entry(payment.claim(), payment.answer()));
                        }
                    }
                    balanceUpdates.events(locked.getItem4(), postings.changed(), postings.at()).forEach(event -> webhooks.rows().add(rows, event));
                    Uni<Map<Integer, ApiException>> committed = Uni.combine().all().unis(postings.write(), volumes.write(),
                                    rows.insert(connection), idempotency.storeAllWithEffects(connection, answers),
                                    connection.query("COMMIT").execute())
                            .collectFailures().discardItems()
                            .replaceWith(refusals);
                    // The next batch may be built while this one commits. It is started with runOnContext, so it
                    // runs after this task, which subscribes to the writes and the COMMIT above (its rows are
                    // disjoint from this batch's in any case).
                    commitSent.run();
                    return committed;
                })
                .onFailure().call(() -> connection.query("ROLLBACK").execute().onFailure()
                        .invoke(e -> LOG.warnf(e, "Rolling back a failed payment batch failed; the connection is closed"))
                        .onFailure().recoverWithNull());
    }

    /** Completes a waiting request on its own context. */
    private static void answer(Waiting waiting, Answer answer, Throwable failure) {
        Runnable complete = () -> {
            if (failure == null) {
                waiting.emitter().complete(answer);
            } else {
                waiting.emitter().fail(failure);
            }
        };
        ContextHops.runOn(waiting.context(), complete);
    }
}
