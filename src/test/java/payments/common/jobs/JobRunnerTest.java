package payments.common.jobs;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import payments.common.ServerClock;
import payments.JobsByHand;
import payments.common.ServerConfig;
import payments.common.Times;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** The job runner, driven by hand: this profile runs no background poller, so only the test claims jobs. */
@QuarkusTest
@TestProfile(JobsByHand.class)
class JobRunnerTest {

    @Inject
    ServerConfig config;

    @Inject
    Jobs jobs;

    @Inject
    JobRunner runner;

    @Inject
    RecordingJobHandler handler;

    @Inject
    Pool pool;

    @Inject
    ServerClock clock;

    private List<UUID> enqueue(int count, String payload) throws Throwable {
        return enqueue(count, payload, null);
    }

    private List<UUID> enqueue(int count, String payload, Instant runAt) throws Throwable {
        List<Job> created = VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(() ->
                Multi.createFrom().range(0, count)
                        .onItem().transformToUniAndConcatenate(i -> jobs.enqueue(RecordingJobHandler.TYPE, payload, runAt))
                        .collect().asList()));
        return created.stream().map(job -> job.id).toList();
    }

    /**
     * Two claimers drain 300 jobs at once. Each job holds its run until more jobs run together than
     * one claimer runs at once, so the claimers are proven to overlap; together they run every job
     * exactly once (no background poller in this profile takes any).
     */
    @Test
    void twoConcurrentClaimersRunEachJobExactlyOnce() throws Throwable {
        List<UUID> ids = enqueue(300, "meet:" + (config.jobs().concurrency() + 1));
        ExecutorService threads = Executors.newFixedThreadPool(2);
        List<Integer> counts = new ArrayList<>();
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Callable<Integer>> claimers = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                claimers.add(() -> {
                    start.await();
                    try {
                        return VertxContextSupport.subscribeAndAwait(() -> runner.drain(1000));
                    } catch (Throwable e) {
                        throw new IllegalStateException(e);
                    }
                });
            }
            List<Future<Integer>> running = claimers.stream().map(threads::submit).toList();
            start.countDown();
            for (Future<Integer> future : running) {
                counts.add(future.get(2, TimeUnit.MINUTES));
            }
        } finally {
            threads.shutdownNow();
        }
        assertEquals(300, counts.get(0) + counts.get(1), counts.toString());
        assertTrue(counts.get(0) > 0 && counts.get(1) > 0, counts.toString());
        assertEquals(0, pendingOf(ids));
        for (UUID id : ids) {
            assertEquals(1, handler.runsOf(id), "job " + id + " ran once");
        }
    }

    /**
     * One poll's run claims the next batch while claims come back full: a burst of two and a half
     * batches runs in one call, each job once, where one batch per call would leave most waiting.
     */
    /**
     * A stop (what SIGTERM leads to) while a batch runs: the jobs running finish and are recorded,
     * those claimed but not started go back at once, unleased and uncounted, for any instance.
     */
    @Test
    void atShutdownRunningJobsFinishAndUnstartedOnesAreHandedBack() throws Throwable {
        int running = config.jobs().concurrency();
        int batch = config.jobs().batchSize();
        assertTrue(batch > running, "a batch holds more jobs than run at once");
        List<UUID> ids = enqueue(batch, "hold:400");
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> pass = thread.submit(() -> {
                try {
                    return VertxContextSupport.subscribeAndAwait(() -> runner.runDue());
                } catch (Throwable e) {
                    throw new IllegalStateException(e);
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (ids.stream().mapToInt(handler::runsOf).sum() < running && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            long stopping = System.nanoTime();
            runner.stop(null);
            assertEquals(batch, pass.get(10, TimeUnit.SECONDS), "every claimed job is accounted for");
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopping) < 5_000, "the stop waits only for the jobs running");
            List<UUID> ran = ids.stream().filter(id -> handler.runsOf(id) == 1).toList();
            assertEquals(running, ran.size(), "only the jobs already running ran");
            var rows = VertxContextSupport.subscribeAndAwait(() -> pool.preparedQuery(
                    "SELECT id, attempts, locked_until FROM jobs WHERE id = ANY($1)").execute(Tuple.of(ids.toArray(UUID[]::new))));
            assertEquals(batch - running, rows.size(), "the finished jobs are deleted, the others kept");
            rows.forEach(row -> {
                assertEquals(0, row.getInteger("attempts"), "a handed-back job's claim is not counted");
                assertEquals(null, row.getValue("locked_until"), "and holds no lease");
            });
        } finally {
            runner.resume();
            thread.shutdownNow();
        }
        VertxContextSupport.subscribeAndAwait(() -> runner.drain(10));
        assertTrue(ids.stream().allMatch(id -> handler.runsOf(id) == 1), "handed back, each then runs once");
    }

    /**
     * A drain run inside a request (the sandbox clock's endpoint) goes on in that request's context
     * once its jobs ran, each on its own: it must never continue in a job's context, where the
     * request's scope is not.
     */
    @Test
    void aDrainGoesOnInItsCallersContext() throws Throwable {
        enqueue(3, "plain");
        Context[] seen = new Context[2];
        int ran = VertxContextSupport.subscribeAndAwait(() -> {
            seen[0] = Vertx.currentContext();
            return runner.drain(10).invoke(() -> seen[1] = Vertx.currentContext());
        });
        assertTrue(ran >= 3, "ran " + ran);
        assertNotNull(seen[0]);
        assertSame(seen[0], seen[1]);
    }

    @Test
    void aPollRunsBatchAfterBatchWhileClaimsComeBackFull() throws Throwable {
        int batch = config.jobs().batchSize();
        List<UUID> ids = enqueue(2 * batch + batch / 2, "plain");
        assertEquals(ids.size(), VertxContextSupport.subscribeAndAwait(() -> runner.runWhileFull(50)));
        assertEquals(0, pendingOf(ids));
        for (UUID id : ids) {
            assertEquals(1, handler.runsOf(id), "job " + id + " ran once");
        }
    }

    /** Outcomes are recorded in groups: the done jobs of a pass are deleted together, the failed ones kept for retry. */
    @Test
    void aPassDeletesItsDoneJobsAndKeepsItsFailedOnesForRetry() throws Throwable {
        List<UUID> done = enqueue(60, "plain");
        List<UUID> failed = enqueue(3, "fail-once");
        VertxContextSupport.subscribeAndAwait(() -> runner.runWhileFull(50));
        assertEquals(0, pendingOf(done));
        assertEquals(3, pool.preparedQuery("SELECT count(*) FROM jobs WHERE id = ANY($1) AND status = 'PENDING' AND last_error IS NOT NULL"
                        + " AND locked_until IS NULL AND run_at > $2")
                .execute(Tuple.of(failed.toArray(new UUID[0]), Times.utc(clock.now()))).await().indefinitely().iterator().next().getLong(0));
    }

    @Test
    void aJobAbandonedByACrashedClaimerRunsAfterItsLease() throws Throwable {
        Instant dueAt = clock.now().plusSeconds(30);
        List<UUID> ids = enqueue(1, "plain", dueAt);
        // Claim it without running it, as an instance that dies right after claiming would.
        List<ClaimedJob> claimed = VertxContextSupport.subscribeAndAwait(() -> claimSpecific(ids.get(0), dueAt.plusSeconds(60)));
        assertEquals(1, claimed.size());
        // Advancing the clock runs every due job at once (the endpoint drains them).
        api().body(Map.of("seconds", 40)).post("/sandbox/clock/advance").then().statusCode(200);
        assertEquals(0, handler.runsOf(ids.get(0)), "a due job under a live lease is not run by others");
        api().body(Map.of("seconds", 61)).post("/sandbox/clock/advance").then().statusCode(200);
        assertEquals(0, pendingOf(ids));
        assertEquals(1, handler.runsOf(ids.get(0)));
    }

    @Test
    void aFailedJobIsRetriedAfterBackoff() throws Throwable {
        List<UUID> ids = enqueue(1, "fail-once");
        VertxContextSupport.subscribeAndAwait(() -> runner.drain(10));
        assertEquals(1, handler.runsOf(ids.get(0)));
        String error = pool.preparedQuery("SELECT last_error FROM jobs WHERE id = $1").execute(Tuple.of(ids.get(0)))
                .await().indefinitely().iterator().next().getString(0);
        assertTrue(error.contains("first run fails"), error);
        VertxContextSupport.subscribeAndAwait(() -> runner.drain(10));
        assertEquals(1, handler.runsOf(ids.get(0)), "not again before its backoff");
        api().body(Map.of("seconds", 3)).post("/sandbox/clock/advance").then().statusCode(200);
        assertEquals(0, pendingOf(ids));
        assertEquals(2, handler.runsOf(ids.get(0)));
    }

    /**
     * A job given up while it moves money is kept as holding money (retention spares it until an
     * operator resolves it), and so is one no handler runs, which may have; any other is not.
     */
    @Test
    void aJobGivenUpWhileItMovesMoneyOrWithNoHandlerIsKeptAsHoldingMoney() throws Throwable {
        UUID moneyStep = enqueueOne(MoneyStepJobHandler.TYPE, "step");
        UUID unknown = enqueueOne("test.no-handler-runs-this", "step");
        UUID plain = enqueueOne(RecordingJobHandler.TYPE, "give-up");
        VertxContextSupport.subscribeAndAwait(() -> runner.drain(10));
        assertEquals("DEAD true", statusAndMoney(moneyStep));
        assertEquals("DEAD true", statusAndMoney(unknown));
        assertEquals("DEAD false", statusAndMoney(plain));
    }

    private UUID enqueueOne(String type, String payload) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(() -> jobs.enqueueNow(type, payload))).id;
    }

    private String statusAndMoney(UUID id) {
        var row = pool.preparedQuery("SELECT status, holds_money FROM jobs WHERE id = $1").execute(Tuple.of(id))
                .await().indefinitely().iterator().next();
        return row.getString("status") + " " + row.getBoolean("holds_money");
    }

    @Test
    void backoffDoublesAndIsCapped() {
        assertEquals(2, JobRunner.backoff(1).toSeconds());
        assertEquals(4, JobRunner.backoff(2).toSeconds());
        assertEquals(JobRunner.MAX_BACKOFF, JobRunner.backoff(24));
    }

    /** Claims one particular job the way the runner does, leaving it leased and unfinished. */
    private Uni<List<ClaimedJob>> claimSpecific(UUID id, Instant leaseEnd) {
        return pool.preparedQuery("UPDATE jobs SET locked_until = $2, attempts = attempts + 1 "
                        + "WHERE id = $1 AND locked_until IS NULL RETURNING id")
                .execute(Tuple.of(id, Times.utc(leaseEnd)))
                .map(rows -> {
                    List<ClaimedJob> out = new ArrayList<>();
                    rows.forEach(row -> out.add(new ClaimedJob(row.getUUID(0), RecordingJobHandler.TYPE, "", 1, null)));
                    return out;
                });
    }

    private long pendingOf(List<UUID> ids) {
        return pool.preparedQuery("SELECT count(*) FROM jobs WHERE id = ANY($1)")
                .execute(Tuple.of(ids.toArray(new UUID[0]))).await().indefinitely().iterator().next().getLong(0);
    }
}
