package payments.transaction;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;

import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Per-payment and per-day limits, in sending minor units, configured per sending currency or
 * corridor. The daily volume counts the executed outgoing payments (PROCESSING and COMPLETED)
 * of one sender and currency created on one UTC day, through {@link SenderVolumes}' counters.
 */
@ApplicationScoped
public class PaymentLimits {

    private final LimitsConfig config;
    private final SenderVolumes volumes;

    public PaymentLimits(LimitsConfig config, SenderVolumes volumes) {
        this.config = config;
        this.volumes = volumes;
    }

    /** The largest single payment the corridor allows, in sending minor units, if it has a limit. */
    public Optional<Long> transactionMax(String sending, String receiving) {
        return limit(config.transactionMax(), sending, receiving);
    }

    /** The most, in euro cents, a payment may carry to a self-custody wallet whose ownership is not verified yet. */
    public long unverifiedWalletMaxEurCents() {
        return config.unverifiedWalletMaxEurCents();
    }

    /** 400 TRANSACTION_SIZE_LIMIT_EXCEEDED when one payment is larger than the corridor allows. */
    public void checkSize(String sending, String receiving, long amount) {
        transactionMax(sending, receiving).ifPresent(max -> {
            if (amount > max) {
                throw new ApiException(ErrorCode.TRANSACTION_SIZE_LIMIT_EXCEEDED, "A single " + sending + " payment may send at most " + max + " (minor units); this one sends " + amount);
            }
        });
    }

    /**
     * Counts an executed payment in its sender's daily volume; 429 DAILY_VOLUME_LIMIT_EXCEEDED
     * when that passes the limit (the caller's transaction then rolls the count back with
     * everything else). Call after the payment's hold, inside its transaction: the hold's lock on
     * the source account comes first, as in a batch.
     */
    public Uni<Void> countDailyVolume(Volume volume) {
        return volumes.add(volume.key(), volume.amount()).invoke(total -> {
            ApiException refusal = refusal(volume, total - volume.amount());
            if (refusal != null) {
                throw refusal;
            }
        }).replaceWithVoid();
    }

    /**
     * Fails as {@link #countDailyVolume} would, without counting the payment (its counter is only
     * locked): for a check that must pass before anything is written.
     */
    public Uni<Void> requireDailyVolumeRoom(Volume volume) {
        return volumes.add(volume.key(), 0).invoke(total -> {
            ApiException refusal = refusal(volume, total);
            if (refusal != null) {
                throw refusal;
            }
        }).replaceWithVoid();
    }

    private ApiException refusal(Volume volume, long before) {
        Optional<Long> limit = limit(config.dailyVolume(), volume.sending(), volume.receiving());
        if (limit.isEmpty() || before + volume.amount() <= limit.get()) {
            return null;
        }
        return new ApiException(ErrorCode.DAILY_VOLUME_LIMIT_EXCEEDED, "Today's " + volume.sending() + " volume of "
                + before + " plus " + volume.amount() + " would pass the daily limit of " + limit.get() + " (minor units)");
    }

    /**
     * One payment's share of its sender's daily volume: the sender (null for the platform), the
     * corridor, the amount in sending minor units and when the payment was created (it counts on
     * that UTC day).
     */
    public record Volume(UUID customerId, String sending, String receiving, long amount, Instant createdAt) {
        public static Volume of(PaymentTransaction t) {
            return new Volume(t.customerId, t.sentCurrency, t.receivedCurrency, t.sentAmount, t.createdAt);
        }

        /** The daily-volume counter it counts in. */
        public SenderVolumes.Key key() {
            return SenderVolumes.Key.of(customerId, sending, createdAt);
        }
    }

    /**
     * The counters of a batch's senders, locked, for its payments to count forward one by one.
     * Lock them after the senders' accounts, as {@link #countDailyVolume} runs after the hold.
     */
    public Uni<DailyVolumes> dailyVolumes(SqlClient connection, Collection<Volume> batch) {
        return volumes.lock(connection, batch.stream().map(Volume::key).collect(Collectors.toSet()))
                .map(totals -> new DailyVolumes(connection, totals));
    }

    /** A batch's view of its senders' counters: the totals before it, and what it adds. */
    public final class DailyVolumes {
        private final SqlClient connection;
        private final Map<SenderVolumes.Key, Long> totals;
        private final Map<SenderVolumes.Key, Long> added = new HashMap<>();

        private DailyVolumes(SqlClient connection, Map<SenderVolumes.Key, Long> totals) {
            this.connection = connection;
            this.totals = totals;
        }

        /** 429 DAILY_VOLUME_LIMIT_EXCEEDED when the payment would pass its limit, else null. */
        public ApiException refusal(Volume volume) {
            SenderVolumes.Key key = volume.key();
            return PaymentLimits.this.refusal(volume, totals.getOrDefault(key, 0L) + added.getOrDefault(key, 0L));
        }

        /** Counts an accepted payment in. */
        public void add(Volume volume) {
            added.merge(volume.key(), volume.amount(), Math::addExact);
        }

        /** Saves what the batch's accepted payments added. */
        public Uni<Void> write() {
            return volumes.addAll(connection, added);
        }
    }

    private static Optional<Long> limit(Map<String, Long> limits, String sending, String receiving) {
        Long corridor = limits.get(sending + "_" + receiving);
        return Optional.ofNullable(corridor != null ? corridor : limits.get(sending));
    }
}
