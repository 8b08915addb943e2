package payments.quote;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ServerClock;
import payments.common.ServerConfig;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Per-payment and per-day limits, in sending minor units, configured per sending currency or
 * corridor. The daily volume counts the UTC day's executed outgoing payments (PROCESSING and
 * COMPLETED) of the same sender and currency.
 */
@ApplicationScoped
public class PaymentLimits {

    private final ServerConfig config;
    private final ServerClock clock;

    public PaymentLimits(ServerConfig config, ServerClock clock) {
        this.config = config;
        this.clock = clock;
    }

    /** The largest single payment the corridor allows, in sending minor units, if it has a limit. */
    public Optional<Long> transactionMax(String sending, String receiving) {
        return limit(config.limits().transactionMax(), sending, receiving);
    }

    /** 400 TRANSACTION_SIZE_LIMIT_EXCEEDED when one payment is larger than the corridor allows. */
    public void checkSize(String sending, String receiving, long amount) {
        transactionMax(sending, receiving).ifPresent(max -> {
            if (amount > max) {
                throw new ApiException(400, "TRANSACTION_SIZE_LIMIT_EXCEEDED",
                        "A single " + sending + " payment may send at most " + max + " (minor units); this one sends " + amount);
            }
        });
    }

    /**
     * 429 DAILY_VOLUME_LIMIT_EXCEEDED when the sender's executed volume today plus {@code amount}
     * passes the limit. Call after the payment's own ledger hold, inside its transaction: the hold's
     * lock on the source account makes concurrent executions from that account count one another.
     */
    public Uni<Void> checkDailyVolume(UUID customerId, UUID excludedTransaction, String sending, String receiving,
                                      long amount) {
        Optional<Long> limit = limit(config.limits().dailyVolume(), sending, receiving);
        if (limit.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        Instant dayStart = clock.today().atStartOfDay(ZoneOffset.UTC).toInstant();
        String sender = customerId == null ? "customer_id IS NULL" : "customer_id = :customer";
        return Panache.getSession().flatMap(session -> {
            var query = session.createNativeQuery("""
                    SELECT COALESCE(SUM(sent_amount), 0) FROM transactions
                    WHERE %s AND type = 'OUTGOING' AND sent_currency = :currency AND created_at >= :dayStart
                      AND status IN ('PROCESSING', 'COMPLETED') AND id <> :self""".formatted(sender), Object.class)
                    .setParameter("currency", sending).setParameter("dayStart", dayStart)
                    .setParameter("self", excludedTransaction);
            if (customerId != null) {
                query.setParameter("customer", customerId);
            }
            return query.getSingleResult();
        }).invoke(sum -> {
            long today = ((Number) sum).longValue();
            if (today + amount > limit.get()) {
                throw volumeExceeded(sending, today, amount, limit.get());
            }
        }).replaceWithVoid();
    }

    private static ApiException volumeExceeded(String sending, long today, long amount, long limit) {
        return new ApiException(429, "DAILY_VOLUME_LIMIT_EXCEEDED", "Today's " + sending + " volume of "
                + today + " plus " + amount + " would pass the daily limit of " + limit + " (minor units)");
    }

    /** One payment's share of its sender's daily volume (customerId null for the platform). */
    public record Volume(UUID customerId, String sending, String receiving, long amount) {
    }

    /**
     * The day's executed volume of the given senders, for a batch of payments to count forward one
     * by one. Load it after locking the senders' accounts, as {@link #checkDailyVolume} runs after
     * the hold: concurrent batches from one account then see each other's committed payments.
     */
    public Uni<DailyVolumes> dailyVolumes(Collection<Volume> volumes) {
        Set<UUID> customers = new HashSet<>();
        boolean platform = false;
        for (Volume volume : volumes) {
            if (limit(config.limits().dailyVolume(), volume.sending(), volume.receiving()).isPresent()) {
                if (volume.customerId() == null) {
                    platform = true;
                } else {
                    customers.add(volume.customerId());
                }
            }
        }
        DailyVolumes today = new DailyVolumes();
        if (customers.isEmpty() && !platform) {
            return Uni.createFrom().item(today);
        }
        Instant dayStart = clock.today().atStartOfDay(ZoneOffset.UTC).toInstant();
        boolean includePlatform = platform;
        return Panache.getSession().flatMap(session -> session.createNativeQuery("""
                        SELECT customer_id, sent_currency, SUM(sent_amount) FROM transactions
                        WHERE (customer_id IN (:customers) OR (:platform AND customer_id IS NULL))
                          AND type = 'OUTGOING' AND created_at >= :dayStart AND status IN ('PROCESSING', 'COMPLETED')
                        GROUP BY customer_id, sent_currency""", Object[].class)
                        .setParameter("customers", customers.isEmpty() ? List.of(new UUID(0, 0)) : List.copyOf(customers))
                        .setParameter("platform", includePlatform)
                        .setParameter("dayStart", dayStart)
                        .getResultList())
                .map(rows -> {
                    rows.forEach(row -> today.totals.put(DailyVolumes.key((UUID) row[0], (String) row[1]),
                            ((Number) row[2]).longValue()));
                    return today;
                });
    }

    /** Per sender and sending currency, the day's volume so far. */
    public final class DailyVolumes {
        private final Map<String, Long> totals = new HashMap<>();

        private static String key(UUID customerId, String currency) {
            return customerId + "|" + currency;
        }

        /** 429 DAILY_VOLUME_LIMIT_EXCEEDED when the payment would pass its limit, else null. */
        public ApiException refusal(Volume volume) {
            Optional<Long> limit = limit(config.limits().dailyVolume(), volume.sending(), volume.receiving());
            long today = totals.getOrDefault(key(volume.customerId(), volume.sending()), 0L);
            return limit.isPresent() && today + volume.amount() > limit.get()
                    ? volumeExceeded(volume.sending(), today, volume.amount(), limit.get()) : null;
        }

        /** Counts an accepted payment in. */
        public void add(Volume volume) {
            totals.merge(key(volume.customerId(), volume.sending()), volume.amount(), Math::addExact);
        }
    }

    private static Optional<Long> limit(Map<String, Long> limits, String sending, String receiving) {
        Long corridor = limits.get(sending + "_" + receiving);
        return Optional.ofNullable(corridor != null ? corridor : limits.get(sending));
    }
}
