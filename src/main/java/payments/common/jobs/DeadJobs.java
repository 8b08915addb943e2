package payments.common.jobs;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Sort;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.common.RequestValidator;
import payments.common.RequiredReason;
import payments.common.ServerClock;
import payments.common.security.Caller;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The jobs the runner gave up (DEAD), for operators. One given up while it moved or held money (a
 * settlement, a rail's report, a card network message, a stablecoin step, an incoming payment's
 * approval) may have left a payment half done: retention keeps it until an operator, having put
 * things right by hand, resolves it with a reason. The gauge {@value #GAUGE} counts the unresolved
 * ones, with money and without.
 */
@ApplicationScoped
public class DeadJobs {

    static final String GAUGE = "payments.jobs.dead";

    /** One dead job; {@code givenUpAt} is when the runner gave it up. */
    public record DeadJobResponse(String id, String type, String status, String payload, int attempts, String lastError,
                                  boolean holdsMoney, Instant createdAt, Instant givenUpAt, Instant resolvedAt, String resolution,
                                  String resolvedBy, Instant retriedAt, String retriedBy, String retryReason) {
        static DeadJobResponse of(Job job) {
            return new DeadJobResponse(IdType.BACKGROUND_JOB.wireId(job.id), job.type, job.status, job.payload, job.attempts, job.lastError,
                    job.holdsMoney, job.createdAt, job.updatedAt, job.resolvedAt, job.resolution, job.resolvedBy, job.retriedAt,
                    job.retriedBy, job.retryReason);
        }
    }

    private final Pool pool;
    private final ServerClock clock;
    private final RequestValidator validator;
    /** The gauge's values, read by the registry (which holds them weakly: these fields keep them). */
    private final AtomicLong unresolvedWithMoney = new AtomicLong();
    private final AtomicLong unresolvedWithoutMoney = new AtomicLong();

    public DeadJobs(Pool pool, ServerClock clock, RequestValidator validator, MeterRegistry registry) {
        this.pool = pool;
        this.clock = clock;
        this.validator = validator;
        registry.gauge(GAUGE, Tags.of("money", "true"), unresolvedWithMoney);
        registry.gauge(GAUGE, Tags.of("money", "false"), unresolvedWithoutMoney);
    }

    /** GET /jobs/dead: newest first; {@code moneyOnly=true} keeps the ones given up while they held money. */
    @WithSession
    public Uni<Page<DeadJobResponse>> list(String moneyOnly, String limit, String cursor) {
        return list(moneyOnly, false, limit, cursor);
    }

    /** The jobs given up and not resolved yet, newest first: what the bank desk's page lists. */
    @WithSession
    public Uni<Page<DeadJobResponse>> unresolved(String limit) {
        return list(null, true, limit, null);
    }

    private Uni<Page<DeadJobResponse>> list(String moneyOnly, boolean unresolvedOnly, String limit, String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        if (moneyOnly != null && !List.of("true", "false").contains(moneyOnly)) {
            throw ApiException.invalidField("moneyOnly", FieldError.Constraint.oneOf(List.of("true", "false")), "Must be true or false");
        }
        QueryFilters filters = new QueryFilters().where("status = :dead", "dead", Job.DEAD).page("id", page);
        if ("true".equals(moneyOnly)) {
            filters.where("holdsMoney = true");
        }
        if (unresolvedOnly) {
            filters.where("resolvedAt is null");
        }
        return Page.fetch(Job.<Job>find(filters.clause(), Sort.descending("id"), filters.params()),
                () -> Job.count(filters.countClause(), filters.countParams()), page, job -> job.id.toString(), DeadJobResponse::of);
    }

    /**
     * POST /jobs/dead/{jobId}/resolve: records who resolved the job, when and how (the job is not run
     * again); 404 for a job that is not dead, 409 for one already resolved. Retention counts from now.
     */
    @WithTransaction
    public Uni<DeadJobResponse> resolve(String jobId, JsonBodies.Bound<RequiredReason> body, Caller caller) {
        String reason = validator.validate(body, List.of()).reason().strip();
        return deadJob(jobId)
                .map(job -> {
                    job.resolvedAt = clock.now();
                    job.resolution = reason;
                    job.resolvedBy = caller.scope();
                    return DeadJobResponse.of(job);
                });
    }

    /**
     * POST /jobs/dead/{jobId}/retry: runs a dead job again once the cause is fixed (a handler
     * deployed, a database back): PENDING, due now, its attempts counted from zero, who, when and
     * why kept on it. Every job's handler applies its step once, so a retry of a job whose step
     * did happen changes nothing. 404 for a job that is not dead, 409 for one resolved by hand.
     */
    @WithTransaction
    public Uni<DeadJobResponse> retry(String jobId, JsonBodies.Bound<RequiredReason> body, Caller caller) {
        String reason = validator.validate(body, List.of()).reason().strip();
        return deadJob(jobId).map(job -> {
            Instant now = clock.now();
            job.status = Job.PENDING;
            job.attempts = 0;
            job.runAt = now;
            job.lockedUntil = null;
            job.updatedAt = now;
            job.retriedAt = now;
            job.retriedBy = caller.scope();
            job.retryReason = reason;
            return DeadJobResponse.of(job);
        });
    }

    /** A dead job no one resolved yet, locked: 404 when not dead, 409 when resolved. */
    private static Uni<Job> deadJob(String jobId) {
        return Ids.<Job>find(IdType.BACKGROUND_JOB, jobId, ErrorCode.NOT_FOUND, "Dead job", id -> Job.findById(id, LockModeType.PESSIMISTIC_WRITE))
                .invoke(job -> {
                    if (!Job.DEAD.equals(job.status)) {
                        throw new ApiException(ErrorCode.NOT_FOUND, "Dead job " + jobId + " not found: the job has not been given up");
                    }
                    if (job.resolvedAt != null) {
                        throw new ApiException(ErrorCode.CONFLICT, "Dead job " + jobId + " was resolved at " + job.resolvedAt
                                + " by " + job.resolvedBy);
                    }
                });
    }

    /** Counts the unresolved dead jobs into the gauge; every instance does, each reading the same table. */
    @Scheduled(every = "1m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public Uni<Void> refreshGauge() {
        return pool.query("SELECT holds_money, count(*) FROM jobs WHERE status = 'DEAD' AND resolved_at IS NULL GROUP BY holds_money")
                .execute()
                .invoke(rows -> {
                    long withMoney = 0;
                    long withoutMoney = 0;
                    for (Row row : rows) {
                        if (row.getBoolean(0)) {
                            withMoney = row.getLong(1);
                        } else {
                            withoutMoney = row.getLong(1);
                        }
                    }
                    unresolvedWithMoney.set(withMoney);
                    unresolvedWithoutMoney.set(withoutMoney);
                })
                .replaceWithVoid();
    }
}
