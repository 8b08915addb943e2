package payments.sca;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.RowSets;
import payments.common.ServerClock;
import payments.common.Times;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * A customer's login-security state: failed logins and wrong SCA codes in a row, and the lock or
 * suspension they lead to ({@link LockoutSchedule}). While locked, logins, trust changes and
 * payment authorizations answer 423 ACCOUNT_LOCKED with {@code details.lockedUntil},
 * {@code failedAttempts} and {@code suspended}. A right code clears the count, never a lock. Counts
 * are written on their own connection, so they stay although the request that failed rolls back,
 * and in one statement, so concurrent attempts can neither lose a count nor lift a lock.
 */
@ApplicationScoped
public class ScaLockouts {

    /** The state as the wire's RecordSecurityEventResponse (less the event) and 423 details carry it. */
    public record State(int failedAttempts, Instant lockedUntil, boolean suspended) {
        static final State CLEAR = new State(0, null, false);

        boolean lockedAt(Instant now) {
            return suspended || lockedUntil != null && now.isBefore(lockedUntil);
        }
    }

    private final Pool pool;
    private final ServerClock clock;

    public ScaLockouts(Pool pool, ServerClock clock) {
        this.pool = pool;
        this.clock = clock;
    }

    /** 423 while the customer is locked out or suspended. */
    public Uni<Void> requireUnlocked(UUID customerId) {
        return state(customerId).invoke(state -> {
            if (state.lockedAt(clock.now())) {
                throw locked(state);
            }
        }).replaceWithVoid();
    }

    public Uni<State> state(UUID customerId) {
        return pool.preparedQuery("SELECT failed_attempts, locked_until, suspended FROM sca_lockouts WHERE customer_id = $1")
                .execute(Tuple.of(customerId)).map(rows -> {
                    Row row = RowSets.first(rows);
                    return row == null ? State.CLEAR : stateOf(row);
                });
    }

    /** Counts a wrong code: fails with 423 while (or once) the customer is locked out, else with {@code wrongCode}. */
    public Uni<Void> recordFailure(UUID customerId, ApiException wrongCode) {
        return countFailure(customerId).flatMap(state -> Uni.createFrom().failure(state.lockedAt(clock.now()) ? locked(state) : wrongCode));
    }

    /**
     * Counts a failure (unless the customer is locked right now) and applies the schedule to the
     * new count; answers the state after it.
     */
    public Uni<State> countFailure(UUID customerId) {
        Instant now = clock.now();
        return pool.preparedQuery("""
                        INSERT INTO sca_lockouts AS l (customer_id, failed_attempts, locked_until, suspended, updated_at)
                        VALUES ($1, 1, NULL, FALSE, $2)
                        ON CONFLICT (customer_id) DO UPDATE SET
                            failed_attempts = CASE WHEN l.suspended OR l.locked_until > $2 THEN l.failed_attempts
                                ELSE l.failed_attempts + 1 END,
                            locked_until = CASE WHEN l.suspended OR l.locked_until > $2 THEN l.locked_until
                                WHEN l.failed_attempts + 1 = $3 THEN $4
                                WHEN l.failed_attempts + 1 = $3 + 1 THEN $5
                                WHEN l.failed_attempts + 1 = $3 + 2 THEN $6
                                WHEN l.failed_attempts + 1 = $3 + 3 THEN $7
                                ELSE NULL END,
                            suspended = l.suspended OR (NOT (l.locked_until > $2) OR l.locked_until IS NULL) AND l.failed_attempts + 1 >= $8,
                            updated_at = $2
                        RETURNING failed_attempts, locked_until, suspended""")
                .execute(Tuple.from(new Object[] {customerId, Times.utc(now), LockoutSchedule.FIRST_LOCK_AT,
                        Times.utc(now.plus(LockoutSchedule.LOCKS.get(0))), Times.utc(now.plus(LockoutSchedule.LOCKS.get(1))),
                        Times.utc(now.plus(LockoutSchedule.LOCKS.get(2))), Times.utc(now.plus(LockoutSchedule.LOCKS.get(3))),
                        LockoutSchedule.SUSPEND_AT}))
                .map(rows -> stateOf(RowSets.first(rows)));
    }

    /**
     * A right code: the count starts again, unless the customer is locked out or suspended by now
     * (423). A lock set by wrong codes checked while this one was being checked stands: a right code
     * neither lifts a lock nor counts while one holds.
     */
    public Uni<Void> recordSuccess(UUID customerId) {
        return pool.preparedQuery("DELETE FROM sca_lockouts WHERE customer_id = $1 AND NOT suspended"
                        + " AND (locked_until IS NULL OR locked_until <= $2)")
                .execute(Tuple.of(customerId, Times.utc(clock.now())))
                .flatMap(deleted -> deleted.rowCount() > 0 ? Uni.createFrom().voidItem() : requireUnlocked(customerId));
    }

    /** A password reset: the count, any lock and any suspension end. */
    public Uni<State> clear(UUID customerId) {
        return pool.preparedQuery("DELETE FROM sca_lockouts WHERE customer_id = $1").execute(Tuple.of(customerId)).replaceWith(State.CLEAR);
    }

    private static State stateOf(Row row) {
        return new State(row.getInteger(0), row.getOffsetDateTime(1) == null ? null : row.getOffsetDateTime(1).toInstant(),
                Boolean.TRUE.equals(row.getBoolean(2)));
    }

    public static ApiException locked(State state) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("lockedUntil", state.suspended() || state.lockedUntil() == null ? null : state.lockedUntil().toString());
        details.put("failedAttempts", state.failedAttempts());
        details.put("suspended", state.suspended());
        String reason = state.suspended() ? "Too many failed attempts: the customer is suspended until a password reset"
                : "Too many failed attempts; try again after " + state.lockedUntil();
        return new ApiException(ErrorCode.ACCOUNT_LOCKED, reason, details);
    }
}
