package payments.common.retention;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.vertx.VertxContextSupport;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.card.CardFixtures;
import payments.common.ServerClock;
import payments.common.Times;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What only grows is deleted past its retention, in bounded batches, and nothing else: rows are
 * written straight into the tables at ages around each rule's limit, then swept.
 */
@QuarkusTest
@TestProfile(RetentionTest.SmallBatches.class)
class RetentionTest {

    /** Two rows a statement, two statements a table and sweep: a backlog of five takes two sweeps. */
    public static class SmallBatches implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("svc.retention.batch-size", "2", "svc.retention.max-batches", "2", "svc.retention.every", "24h");
        }
    }

    @Inject
    Retention retention;

    @Inject
    Pool pool;

    @Inject
    ServerClock clock;

    @Test
    void sweepsOnlyWhatIsPastItsRetentionInBoundedBatches() throws Throwable {
        Instant now = clock.now();
        Instant old = now.minus(Duration.ofDays(31));
        Instant recent = now.plus(Duration.ofHours(1));

        List<UUID> oldDelivered = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            oldDelivered.add(event("DELIVERED", old));
        }
        UUID oldPending = event("PENDING", old);
        UUID recentDelivered = event("DELIVERED", recent);
        UUID oldFailed = event("FAILED", old);

        String expiredKey = idempotencyKey(now.minusSeconds(1));
        String liveKey = idempotencyKey(now.plus(Duration.ofHours(23)));

        UUID oldDead = job("DEAD", old);
        UUID recentDead = job("DEAD", recent);
        UUID oldPendingJob = job("PENDING", old);

        String account = MoneyFixtures.approvedCustomer(List.of("USD")).account("USD");
        UUID accountId = UUID.fromString(account.substring(account.indexOf(':') + 1));
        UUID expiredRequest = walletRequest(accountId, now.minus(Duration.ofDays(8)));
        UUID freshRequest = walletRequest(accountId, now.minus(Duration.ofDays(1)));

        String card = CardFixtures.cardholder("USD", 0, Map.of()).cardId();
        UUID cardId = UUID.fromString(card.substring(card.indexOf(':') + 1));
        UUID oldToken = networkEvent(cardId, now.minus(Duration.ofDays(91)));
        UUID recentToken = networkEvent(cardId, now.minus(Duration.ofDays(89)));

        Map<String, Long> first = VertxContextSupport.subscribeAndAwait(() -> retention.sweep());
        assertEquals(4L, first.get("webhook events"), "two statements of two rows, then the sweep stops: " + first);
        Map<String, Long> second = VertxContextSupport.subscribeAndAwait(() -> retention.sweep());
        assertTrue(second.get("webhook events") >= 2, "the rest on the next sweep: " + second);

        for (UUID id : oldDelivered) {
            assertEquals(0, count("SELECT count(*) FROM webhook_events WHERE id = $1", id));
            assertEquals(0, count("SELECT count(*) FROM webhook_attempts WHERE event_id = $1", id), "its attempts with it");
        }
        assertEquals(0, count("SELECT count(*) FROM webhook_events WHERE id = $1", oldFailed));
        assertEquals(1, count("SELECT count(*) FROM webhook_events WHERE id = $1", oldPending), "a pending event is never deleted");
        assertEquals(1, count("SELECT count(*) FROM webhook_attempts WHERE event_id = $1", oldPending));
        assertEquals(1, count("SELECT count(*) FROM webhook_events WHERE id = $1", recentDelivered));

        assertEquals(0, count("SELECT count(*) FROM idempotency_keys WHERE idem_key = $1", expiredKey));
        assertEquals(1, count("SELECT count(*) FROM idempotency_keys WHERE idem_key = $1", liveKey));

        assertEquals(0, count("SELECT count(*) FROM jobs WHERE id = $1", oldDead));
        assertEquals(1, count("SELECT count(*) FROM jobs WHERE id = $1", recentDead));
        assertEquals(1, count("SELECT count(*) FROM jobs WHERE id = $1", oldPendingJob), "a job still to run is never deleted");

        assertEquals(0, count("SELECT count(*) FROM wallet_requests WHERE id = $1", expiredRequest));
        assertEquals(1, count("SELECT count(*) FROM wallet_requests WHERE id = $1", freshRequest));

        assertEquals(0, count("SELECT count(*) FROM card_network_events WHERE token = $1", oldToken));
        assertEquals(1, count("SELECT count(*) FROM card_network_events WHERE token = $1", recentToken));
    }

    /**
     * A job given up while it held money may have left a payment half done: it stays, however old,
     * until an operator resolves it, and then as long again from its resolution.
     */
    @Test
    void aDeadJobThatHoldsMoneyStaysUntilResolvedThenCountsFromItsResolution() throws Throwable {
        Instant now = clock.now();
        Instant old = now.minus(Duration.ofDays(31));
        UUID unresolved = deadJob(true, now.minus(Duration.ofDays(400)), null);
        UUID resolvedLongAgo = deadJob(true, now.minus(Duration.ofDays(60)), old);
        UUID resolvedLately = deadJob(true, now.minus(Duration.ofDays(60)), now.minus(Duration.ofDays(1)));
        UUID noMoney = deadJob(false, old, null);

        sweepUntilNothingIsLeft();

        assertEquals(1, count("SELECT count(*) FROM jobs WHERE id = $1", unresolved), "kept until an operator resolves it");
        assertEquals(0, count("SELECT count(*) FROM jobs WHERE id = $1", resolvedLongAgo));
        assertEquals(1, count("SELECT count(*) FROM jobs WHERE id = $1", resolvedLately), "its age counts from its resolution");
        assertEquals(0, count("SELECT count(*) FROM jobs WHERE id = $1", noMoney));
    }

    /** Sweeps until one deletes nothing (other tests' old rows may come first in a sweep's small batches). */
    private void sweepUntilNothingIsLeft() throws Throwable {
        for (int i = 0; i < 100; i++) {
            Map<String, Long> deleted = VertxContextSupport.subscribeAndAwait(() -> retention.sweep());
            if (deleted.values().stream().allMatch(n -> n == 0)) {
                return;
            }
        }
    }

    private UUID deadJob(boolean holdsMoney, Instant givenUpAt, Instant resolvedAt) throws Throwable {
        UUID id = UUID.randomUUID();
        execute("INSERT INTO jobs (id, type, payload, status, run_at, attempts, created_at, updated_at, holds_money) "
                + "VALUES ($1, 'payment.settle', '', 'DEAD', $2, 25, $2, $2, $3)", Tuple.of(id, Times.utc(givenUpAt), holdsMoney));
        if (resolvedAt != null) {
            execute("UPDATE jobs SET resolved_at = $2, resolution = 'settled by hand', resolved_by = 'BASIC:test' WHERE id = $1",
                    Tuple.of(id, Times.utc(resolvedAt)));
        }
        return id;
    }

    private UUID event(String status, Instant at) throws Throwable {
        UUID id = UUID.randomUUID();
        execute("INSERT INTO webhook_events (id, type, status, attempts, created_at) VALUES ($1, 'TEST', $2, 1, $3)",
                Tuple.of(id, status, Times.utc(at)));
        execute("INSERT INTO webhook_event_bodies (event_id, body) VALUES ($1, '{}')", Tuple.of(id));
        execute("INSERT INTO webhook_attempts (id, event_id, url, attempted_at, response_status, duration_ms) VALUES ($1, $2, 'http://x', $3, 200, 1)",
                Tuple.of(UUID.randomUUID(), id, Times.utc(at)));
        return id;
    }

    private String idempotencyKey(Instant expiresAt) throws Throwable {
        String key = "retention-" + UUID.randomUUID();
        execute("INSERT INTO idempotency_keys (scope, idem_key, request_hash, state, status, created_at, expires_at) "
                + "VALUES ('test', $1, 'h', 'DONE', 200, $2, $3)", Tuple.of(key, Times.utc(expiresAt.minus(Duration.ofDays(1))), Times.utc(expiresAt)));
        return key;
    }

    private UUID job(String status, Instant updatedAt) throws Throwable {
        UUID id = UUID.randomUUID();
        execute("INSERT INTO jobs (id, type, payload, status, run_at, attempts, created_at, updated_at) "
                + "VALUES ($1, 'test.retention', '', $2, $3, 3, $4, $4)",
                Tuple.of(id, status, Times.utc(updatedAt.plus(Duration.ofDays(3650))), Times.utc(updatedAt)));
        return id;
    }

    private UUID walletRequest(UUID accountId, Instant expiresAt) throws Throwable {
        UUID id = UUID.randomUUID();
        execute("INSERT INTO wallet_requests (id, account_id, operation, request_digest, payload_to_sign, expires_at, created_at) "
                + "VALUES ($1, $2, 'OTP_LOGIN', 'd', 'p', $3, $3)", Tuple.of(id, accountId, Times.utc(expiresAt)));
        return id;
    }

    private UUID networkEvent(UUID cardId, Instant appliedAt) throws Throwable {
        UUID token = UUID.randomUUID();
        execute("INSERT INTO card_network_events (token, card_id, kind, applied_at) VALUES ($1, $2, 'AUTHORIZATION', $3)",
                Tuple.of(token, cardId, Times.utc(appliedAt)));
        return token;
    }

    private void execute(String sql, Tuple values) throws Throwable {
        VertxContextSupport.subscribeAndAwait(() -> pool.preparedQuery(sql).execute(values));
    }

    private long count(String sql, UUID id) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> pool.preparedQuery(sql).execute(Tuple.of(id)))
                .iterator().next().getLong(0);
    }

    private long count(String sql, String key) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> pool.preparedQuery(sql).execute(Tuple.of(key)))
                .iterator().next().getLong(0);
    }
}
