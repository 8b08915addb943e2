package payments.common.jobs;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import org.jboss.logging.Logger;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.context.ContextHops;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Claims due jobs with {@code FOR UPDATE SKIP LOCKED} and runs them, on a Vert.x periodic timer.
 * A claim sets a lease instead of holding a lock while the handler runs, so a crashed instance's
 * jobs become due again once the lease runs out (at-least-once), and any number of instances can
 * poll one database without running a job twice concurrently.
 */
@ApplicationScoped
public class JobRunner {

    private static final Logger LOG = Logger.getLogger(JobRunner.class);
    /** After this many failed runs a job is parked as DEAD for an operator to look at. */
    static final int MAX_ATTEMPTS = 25;
    static final Duration MAX_BACKOFF = Duration.ofHours(1);
    private static final int MAX_ERROR_LENGTH = 2000;
    /** Full batches one poll may claim before it yields to the next tick. */
    private static final int MAX_BATCHES_PER_TICK = 50;
    /** Outcomes recorded together, at most; the last group of a pass is recorded when the pass ends. */
    private static final int RECORD_GROUP = 50;

    private final JobStore store;
    private final Vertx vertx;
    private final ServerClock clock;
    private final ServerConfig.Jobs config;
    private final Map<String, JobHandler> handlers = new HashMap<>();
    private final Poller poller;
    /** Set when the server begins to stop: nothing more is claimed or started. */
    private volatile boolean stopping;
    static final Duration STOP_WAIT = Duration.ofSeconds(5);

    public JobRunner(JobStore store, Vertx vertx, ServerClock clock, ServerConfig config, Instance<JobHandler> handlers) {
        this.store = store;
        this.vertx = vertx;
        this.clock = clock;
        this.config = config.jobs();
        handlers.forEach(h -> this.handlers.put(h.type(), h));
        this.poller = new Poller(vertx, "Job poll", () -> clock.refresh().flatMap(v -> runWhileFull(MAX_BATCHES_PER_TICK)));
    }

    void start(@Observes StartupEvent event) {
        if (config.enabled()) {
            poller.start(config.pollInterval());
        }
    }

    /**
     * On shutdown (SIGTERM, after the HTTP requests in flight finished): no new batch is claimed,
     * jobs claimed but not started are handed back, and the ones running finish and are recorded,
     * waited for up to {@link #STOP_WAIT}; a job still running then keeps its lease until it ends.
     */
    void stop(@Observes ShutdownEvent event) {
        stopping = true;
        poller.stop(STOP_WAIT);
    }

    /** Claims and runs again after {@link #stop} (tests that stop a runner without ending the process). */
    void resume() {
        stopping = false;
    }

    /** Claims and runs one batch of due jobs; emits how many ran. */
    public Uni<Integer> runDue() {
        return run(Multi.createFrom().uni(claim(config.batchSize())));
    }

    /**
     * Runs due jobs as one stream, claiming the next batch as the stream needs it while claims come
     * back full (at most {@code maxBatches}): a burst of work drains at the speed of its handlers,
     * {@code svc.jobs.concurrency} at a time, not one batch per poll.
     */
    Uni<Integer> runWhileFull(int maxBatches) {
        return run(Multi.createBy().repeating().uni(() -> claim(config.batchSize()))
                .whilst(batch -> batch.size() == config.batchSize() && !stopping)
                .select().first(maxBatches));
    }

    /**
     * Runs the jobs {@code svc.jobs.concurrency} at a time and records what became of them in
     * groups: the jobs done in one group are deleted by one statement (one commit instead of one
     * per job); a job to retry or give up is recorded on its own.
     */
    private Uni<Integer> run(Multi<List<ClaimedJob>> batches) {
        return batches.onItem().<ClaimedJob>disjoint()
                .onItem().transformToUni(job -> outcome(job).map(outcome -> new Ran(job, outcome)))
                .merge(config.concurrency())
                // By count, not by time: a group waits for nothing but its jobs or the end of the pass, and
                // a timer firing faster than groups are recorded would overflow (and cancel running jobs).
                .group().intoLists().of(RECORD_GROUP)
                .onItem().transformToUniAndConcatenate(group -> record(group).replaceWith(group.size()))
                .collect().with(Collectors.summingInt(Integer::intValue));
    }

    private record Ran(ClaimedJob job, JobOutcome outcome) {
    }

    /** Runs batches until nothing is due (bounded), for the sandbox clock and for tests. */
    public Uni<Integer> drain(int maxBatches) {
        return drainFrom(0, maxBatches);
    }

    private Uni<Integer> drainFrom(int ranSoFar, int batchesLeft) {
        if (batchesLeft == 0) {
            return Uni.createFrom().item(ranSoFar);
        }
        return runDue().flatMap(ran -> ran == 0 ? Uni.createFrom().item(ranSoFar) : drainFrom(ranSoFar + ran, batchesLeft - 1));
    }

    Uni<List<ClaimedJob>> claim(int limit) {
        Instant now = clock.now();
        return store.claimDue(now, now.plus(config.lease()), limit);
    }

    private Uni<JobOutcome> outcome(ClaimedJob job) {
        if (stopping) {
            return Uni.createFrom().item(JobOutcome.released());
        }
        JobHandler handler = handlers.get(job.type());
        // Each job gets its own safe duplicated context, so handlers may open their own Panache
        // session and concurrent jobs of one batch never share one.
        Context jobContext = VertxContext.createNewDuplicatedContext(vertx.getDelegate().getOrCreateContext());
        VertxContextSafetyToggle.setContextSafe(jobContext, true);
        // The job is put together and run on its context; its outcome comes back on the caller's:
        // a drain run inside a request (the sandbox clock) goes on in that request.
        Uni<JobOutcome> outcome = handler == null
                ? Uni.createFrom().item(JobOutcome.giveUp("No handler for job type " + job.type()))
                : ContextHops.runOn(jobContext, () -> handler.handle(job));
        return outcome
                .onFailure().recoverWithItem(e -> {
                    LOG.warnf(e, "Job %s (%s) failed on attempt %d", job.id(), job.type(), job.attempt());
                    return job.attempt() >= MAX_ATTEMPTS
                            ? JobOutcome.giveUp(describe(e))
                            : JobOutcome.retryAt(clock.now().plus(backoff(job.attempt())), describe(e));
                });
    }

    private Uni<Void> record(List<Ran> group) {
        List<UUID> done = group.stream().filter(ran -> ran.outcome().kind() == JobOutcome.Kind.DONE).map(ran -> ran.job().id()).toList();
        return Multi.createFrom().iterable(group)
                .onItem().transformToUniAndConcatenate(ran -> record(ran.job(), ran.outcome()))
                .collect().last()
                .chain(() -> done.isEmpty() ? Uni.createFrom().voidItem() : store.delete(done));
    }

    private Uni<Void> record(ClaimedJob job, JobOutcome outcome) {
        Instant now = clock.now();
        return switch (outcome.kind()) {
            // Deleted with the rest of its group, in one statement.
            case DONE -> Uni.createFrom().voidItem();
            case RETRY -> store.reschedule(job.id(), outcome.retryAt(), truncate(outcome.reason()), now);
            case RELEASE -> store.release(job.id(), now);
            case GIVE_UP -> park(job, outcome.reason(), now);
        };
    }

    /** A job of a type no handler runs may have moved money as well as not: it is kept as one that did. */
    private Uni<Void> park(ClaimedJob job, String reason, Instant now) {
        JobHandler handler = handlers.get(job.type());
        boolean holdsMoney = handler == null || handler.movesMoney();
        return store.park(job.id(), truncate(reason), holdsMoney, now).invoke(() -> {
            if (holdsMoney) {
                LOG.errorf("Job %s (%s) given up while it may hold money: kept until an operator resolves it (GET /jobs/dead): %s",
                        job.id(), job.type(), reason);
            } else {
                LOG.warnf("Job %s (%s) given up: %s", job.id(), job.type(), reason);
            }
        });
    }

    /** Exponential backoff for failed runs: 2, 4, 8 ... seconds, capped at {@link #MAX_BACKOFF}. */
    static Duration backoff(int attempt) {
        long seconds = 1L << Math.min(attempt, 20);
        return Duration.ofSeconds(Math.min(seconds, MAX_BACKOFF.toSeconds()));
    }

    private static String describe(Throwable e) {
        return e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    private static String truncate(String text) {
        return text == null || text.length() <= MAX_ERROR_LENGTH ? text : text.substring(0, MAX_ERROR_LENGTH);
    }
}
