package payments.transaction;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ServerClock;
import payments.db.PreparedOnce;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Each sender's executed outgoing volume per sending currency and UTC day (table daily_volumes),
 * kept as a running counter: a payment adds its amount when it executes and takes it back when it
 * fails, so a daily-limit check reads one row instead of summing the day's payments. Every method
 * runs in the caller's transaction; a counter row stays locked until that transaction ends.
 * Callers lock the sender's account first (the payment's hold) so that counter locks always come
 * second and cannot deadlock against one another's account locks.
 */
@ApplicationScoped
public class SenderVolumes {

    /** The platform's own payments count under the nil UUID. */
    private static final UUID PLATFORM = new UUID(0, 0);

    private final Pool pool;
    private final ServerClock clock;

    public SenderVolumes(Pool pool, ServerClock clock) {
        this.pool = pool;
        this.clock = clock;
    }

    /** One counter: a sender's volume in one currency on one UTC day. */
    public record Key(UUID sender, String currency, LocalDate day) implements Comparable<Key> {

        /** The counter a payment created at {@code createdAt} counts in (customerId null for the platform). */
        public static Key of(UUID customerId, String currency, Instant createdAt) {
            return new Key(customerId == null ? PLATFORM : customerId, currency,
                    LocalDate.ofInstant(createdAt, ZoneOffset.UTC));
        }

        @Override
        public int compareTo(Key other) {
            int bySender = sender.compareTo(other.sender);
            if (bySender != 0) {
                return bySender;
            }
            int byCurrency = currency.compareTo(other.currency);
            return byCurrency != 0 ? byCurrency : day.compareTo(other.day);
        }
    }

    /** Adds the amount (negative to take it back) and answers the counter's new total. */
    public Uni<Long> add(Key key, long amount) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery("""
                        INSERT INTO daily_volumes (sender, currency, day, amount) VALUES (:sender, :currency, :day, :amount)
                        ON CONFLICT (sender, currency, day) DO UPDATE SET amount = daily_volumes.amount + EXCLUDED.amount
                        RETURNING amount""", Long.class)
                .setParameter("sender", key.sender())
                .setParameter("currency", key.currency())
                .setParameter("day", key.day())
                .setParameter("amount", amount)
                .getSingleResult());
    }

    /** A payment that counted (OUTGOING, executed) no longer does: it failed. */
    public Uni<Void> release(PaymentTransaction t) {
        if (!t.outgoing() || t.sentAmount == null || t.sentCurrency == null) {
            return Uni.createFrom().voidItem();
        }
        return add(Key.of(t.customerId, t.sentCurrency, t.createdAt), -t.sentAmount).replaceWithVoid();
    }

    /**
     * Locks the counters (in key order, creating missing ones at zero) and answers their totals,
     * for a batch to count forward in memory and {@link #addAll} once; on the batch's raw
     * connection, queued behind its account lock.
     */
    public Uni<Map<Key, Long>> lock(SqlClient connection, Collection<Key> keys) {
        Map<Key, Long> totals = new HashMap<>();
        if (keys.isEmpty()) {
            return Uni.createFrom().item(totals);
        }
        Columns columns = new Columns(new TreeSet<>(keys), null);
        return connection.preparedQuery(PreparedOnce.sql("""
                        INSERT INTO daily_volumes (sender, currency, day, amount)
                        SELECT sender, currency, CAST(day AS date), 0
                        FROM unnest(CAST($1 AS uuid[]), CAST($2 AS varchar[]), CAST($3 AS varchar[]))
                            WITH ORDINALITY AS k (sender, currency, day, position)
                        ORDER BY position
                        ON CONFLICT (sender, currency, day) DO UPDATE SET amount = daily_volumes.amount
                        RETURNING sender, currency, day, amount"""))
                .execute(Tuple.of(columns.senders, columns.currencies, columns.days))
                .map(rows -> {
                    rows.forEach(row -> totals.put(new Key(row.getUUID(0), row.getString(1), row.getLocalDate(2)),
                            row.getLong(3)));
                    return totals;
                });
    }

    /** Adds each counter's amount; the counters are the ones {@link #lock} locked on this connection. */
    public Uni<Void> addAll(SqlClient connection, Map<Key, Long> amounts) {
        if (amounts.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        Columns columns = new Columns(amounts.keySet(), amounts);
        return connection.preparedQuery(PreparedOnce.sql("""
                        UPDATE daily_volumes d SET amount = d.amount + k.amount
                        FROM unnest(CAST($1 AS uuid[]), CAST($2 AS varchar[]), CAST($3 AS varchar[]),
                                    CAST($4 AS bigint[])) AS k (sender, currency, day, amount)
                        WHERE d.sender = k.sender AND d.currency = k.currency AND d.day = CAST(k.day AS date)"""))
                .execute(Tuple.of(columns.senders, columns.currencies, columns.days, columns.amounts))
                .replaceWithVoid();
    }

    /**
     * Counters of days before yesterday limit nothing any more (a payment counts on the UTC day it
     * was created, and yesterday's may still be committing), so they are removed in the background.
     */
    @Scheduled(every = "1h", delayed = "1m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> purgePastDays() {
        LocalDate yesterday = LocalDate.ofInstant(clock.now(), ZoneOffset.UTC).minusDays(1);
        return pool.preparedQuery("DELETE FROM daily_volumes WHERE day < $1").execute(Tuple.of(yesterday))
                .replaceWithVoid();
    }

    /** Keys (and amounts) as one array per column, for unnest. */
    private static final class Columns {
        final UUID[] senders;
        final String[] currencies;
        final String[] days;
        final Long[] amounts;

        Columns(Collection<Key> keys, Map<Key, Long> amounts) {
            int n = keys.size();
            senders = new UUID[n];
            currencies = new String[n];
            days = new String[n];
            this.amounts = new Long[n];
            int i = 0;
            for (Key key : keys) {
                senders[i] = key.sender();
                currencies[i] = key.currency();
                days[i] = key.day().toString();
                this.amounts[i] = amounts == null ? null : amounts.get(key);
                i++;
            }
        }
    }
}
