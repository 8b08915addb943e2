package payments.quote;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ServerClock;
import payments.common.ServerConfig;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
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
                throw new ApiException(429, "DAILY_VOLUME_LIMIT_EXCEEDED", "Today's " + sending + " volume of "
                        + today + " plus " + amount + " would pass the daily limit of " + limit.get() + " (minor units)");
            }
        }).replaceWithVoid();
    }

    private static Optional<Long> limit(Map<String, Long> limits, String sending, String receiving) {
        Long corridor = limits.get(sending + "_" + receiving);
        return Optional.ofNullable(corridor != null ? corridor : limits.get(sending));
    }
}
