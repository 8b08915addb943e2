package payments.db;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;
import payments.context.ContextHops;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads from a standby that are never older than the request. A request whose resource method is
 * marked {@link ReplicaRead} reads from the standby only once the standby has replayed the primary's
 * WAL up to the position the primary had reached after the request arrived; otherwise (the standby
 * behind by more than {@code SVC_READ_REPLICA_MAX_WAIT}, or unreachable) it reads from the primary.
 * So no read misses a write acknowledged before it was sent, whoever made the write, through whichever
 * instance: a GET right after its POST finds what the POST made. The cost on the primary is one tiny
 * position query, shared by every read that arrives while it runs ({@link Coalesced}).
 *
 * <p>Only reads are marked: nothing that decides money (balances before a payment, idempotency
 * answers, job and webhook claims) runs in a marked request, and the standby would refuse a write.
 */
@Singleton
public class ReadReplica {

    private static final Logger LOG = Logger.getLogger(ReadReplica.class);
    /** The request context's flag that sends its connections to the standby (read by {@link RoutedPool}). */
    private static final String ROUTE = "svc.read-replica";
    /** How long an unreachable standby is left alone before reads try it again. */
    private static final long UNAVAILABLE_NANOS = TimeUnit.SECONDS.toNanos(2);
    private static final Duration POLL = Duration.ofMillis(1);

    private final long maxWaitNanos;
    private final Counter servedByReplica;
    private final Counter servedByPrimary;
    /** The highest WAL position the standby was seen to have replayed (replay only moves forward). */
    private final AtomicLong replayed = new AtomicLong(-1);
    private volatile long unavailableUntil;
    private volatile Coalesced<Long> primaryPosition;
    private volatile Coalesced<Long> replayPosition;

    public ReadReplica(ReadReplicaConfig config, MeterRegistry registry) {
        this.maxWaitNanos = config.maxWait().toNanos();
        this.servedByReplica = registry.counter("svc.read.replica.reads", "served.by", "replica");
        this.servedByPrimary = registry.counter("svc.read.replica.reads", "served.by", "primary");
    }

    /** Called once by the pool creator when a standby is configured. */
    void attach(Pool primary, Pool replica) {
        primaryPosition = new Coalesced<>(() -> primary.query("SELECT pg_current_wal_lsn()::text").execute().map(ReadReplica::position));
        replayPosition = new Coalesced<>(() -> replica.query("SELECT pg_last_wal_replay_lsn()::text").execute().map(ReadReplica::position));
    }

    public boolean configured() {
        return primaryPosition != null;
    }

    /**
     * Decides where the current request reads: the standby when it has caught up with the primary's
     * position as of now within the wait allowed, else the primary. Call on the request's context.
     */
    public Uni<Void> route() {
        Context request = Vertx.currentContext();
        if (!configured() || request == null || System.nanoTime() < unavailableUntil) {
            servedByPrimary.increment();
            return Uni.createFrom().voidItem();
        }
        long started = System.nanoTime();
        return ContextHops.backOnCaller(Uni.createFrom().completionStage(primaryPosition::fresh))
                .flatMap(target -> caughtUp(target, started))
                .onFailure().recoverWithItem(failure -> {
                    LOG.debugf("reading from the primary: %s", failure.getMessage());
                    unavailableUntil = System.nanoTime() + UNAVAILABLE_NANOS;
                    return false;
                })
                .map(fresh -> {
                    if (fresh) {
                        request.putLocal(ROUTE, Boolean.TRUE);
                        servedByReplica.increment();
                    } else {
                        servedByPrimary.increment();
                    }
                    return null;
                });
    }

    private Uni<Boolean> caughtUp(long target, long started) {
        if (replayed.get() >= target) {
            return Uni.createFrom().item(true);
        }
        return ContextHops.backOnCaller(Uni.createFrom().completionStage(replayPosition::fresh)).flatMap(position -> {
            replayed.accumulateAndGet(position, Math::max);
            if (position >= target) {
                return Uni.createFrom().item(true);
            }
            if (System.nanoTime() - started >= maxWaitNanos) {
                return Uni.createFrom().item(false);
            }
            return ContextHops.pause(POLL).flatMap(ignored -> caughtUp(target, started));
        });
    }

    /** True when the current request was let through to the standby. */
    static boolean routedHere() {
        Context context = Vertx.currentContext();
        return context != null && context.getLocal(ROUTE) != null;
    }

    /** A WAL position (e.g. 0/16B3748) as a number; -1 for none (a server that is not a standby replays nothing). */
    private static long position(RowSet<Row> rows) {
        String lsn = rows.iterator().next().getString(0);
        if (lsn == null) {
            return -1;
        }
        int slash = lsn.indexOf('/');
        return (Long.parseLong(lsn.substring(0, slash), 16) << 32) | Long.parseLong(lsn.substring(slash + 1), 16);
    }
}
