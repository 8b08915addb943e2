package payments.quote;

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

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Wrong SCA codes in a row lock the customer out of authorizing payments for a while: the
 * {@link #MAX_FAILED_ATTEMPTS}th wrong code, and every attempt until {@code lockedUntil}, answer 423
 * ACCOUNT_LOCKED with {@code details.lockedUntil}, {@code failedAttempts} and {@code suspended}. A
 * right code clears the count; the first wrong code after a lock ran out starts a new count. The
 * count is written on its own connection, so it stays although the request that failed rolls back.
 */
@ApplicationScoped
public class ScaLockoutStore {

    static final int MAX_FAILED_ATTEMPTS = 5;
    static final Duration LOCK = Duration.ofMinutes(15);

    private final Pool pool;
    private final ServerClock clock;

    public ScaLockoutStore(Pool pool, ServerClock clock) {
        this.pool = pool;
        this.clock = clock;
    }

    /** 423 while the customer is locked out. */
    Uni<Void> requireUnlocked(UUID customerId) {
        return pool.preparedQuery("SELECT failed_attempts, locked_until FROM sca_lockouts WHERE customer_id = $1")
                .execute(Tuple.of(customerId))
                .invoke(rows -> {
                    Row row = RowSets.first(rows);
                    Instant lockedUntil = row == null || row.getOffsetDateTime(1) == null ? null : row.getOffsetDateTime(1).toInstant();
                    if (lockedUntil != null && clock.now().isBefore(lockedUntil)) {
                        throw locked(row.getInteger(0), lockedUntil);
                    }
                })
                .replaceWithVoid();
    }

    /**
     * Counts a wrong code, in one statement so that concurrent attempts on several quotes of one
     * customer can neither lose a count nor lift a lock: fails with 423 while (or once) the customer
     * is locked out, else with {@code wrongCode}. A lock that ran out starts a new count.
     */
    Uni<Void> recordFailure(UUID customerId, ApiException wrongCode) {
        Instant now = clock.now();
        return pool.preparedQuery("""
                        INSERT INTO sca_lockouts (customer_id, failed_attempts, locked_until, updated_at)
                        VALUES ($1, 1, CASE WHEN 1 >= $3 THEN $4 END, $2)
                        ON CONFLICT (customer_id) DO UPDATE SET
                            failed_attempts = CASE
                                WHEN sca_lockouts.locked_until > $2 THEN sca_lockouts.failed_attempts
                                WHEN sca_lockouts.locked_until IS NOT NULL THEN 1
                                ELSE sca_lockouts.failed_attempts + 1 END,
                            locked_until = CASE
                                WHEN sca_lockouts.locked_until > $2 THEN sca_lockouts.locked_until
                                WHEN sca_lockouts.locked_until IS NULL AND sca_lockouts.failed_attempts + 1 >= $3 THEN $4
                                END,
                            updated_at = $2
                        RETURNING failed_attempts, locked_until""")
                .execute(Tuple.of(customerId, Times.utc(now), MAX_FAILED_ATTEMPTS, Times.utc(now.plus(LOCK))))
                .flatMap(rows -> {
                    Row row = RowSets.first(rows);
                    Instant lockedUntil = row.getOffsetDateTime(1) == null ? null : row.getOffsetDateTime(1).toInstant();
                    return Uni.createFrom().failure(lockedUntil != null && now.isBefore(lockedUntil)
                            ? locked(row.getInteger(0), lockedUntil) : wrongCode);
                });
    }

    /** A right code: the count starts again. */
    Uni<Void> recordSuccess(UUID customerId) {
        return pool.preparedQuery("DELETE FROM sca_lockouts WHERE customer_id = $1").execute(Tuple.of(customerId)).replaceWithVoid();
    }

    private static ApiException locked(int failedAttempts, Instant lockedUntil) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("lockedUntil", lockedUntil.toString());
        details.put("failedAttempts", failedAttempts);
        details.put("suspended", false);
        return new ApiException(ErrorCode.ACCOUNT_LOCKED, "Too many wrong codes; authorize again after " + lockedUntil, details);
    }
}
