package payments.common;

import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The server's one source of time: the wall clock plus an offset that only the sandbox moves
 * forward. The offset lives in the database so that every instance sees the same time; each
 * instance reads it at start and caches it, re-reading it every second and on every job-runner tick.
 */
@ApplicationScoped
public class ServerClock {

    static final String OFFSET_SETTING = "clock.offset-ms";
    private static final Logger LOG = Logger.getLogger(ServerClock.class);

    private final ServerSettingsStore settings;
    private final Clock wallClock = Clock.systemUTC();
    private final AtomicLong offsetMs = new AtomicLong();

    public ServerClock(ServerSettingsStore settings) {
        this.settings = settings;
    }

    /** Now, truncated to microseconds: the precision Postgres stores, so values round-trip unchanged. */
    public Instant now() {
        return wallClock.instant().plusMillis(offsetMs.get()).truncatedTo(ChronoUnit.MICROS);
    }

    /**
     * The wall clock, without the sandbox's offset: only for what a party outside checks against its
     * own clock (the Standard Webhooks timestamp a receiver compares with the time it receives).
     */
    public Instant wallNow() {
        return wallClock.instant();
    }

    /** Today's date in UTC on the server clock. */
    public java.time.LocalDate today() {
        return java.time.LocalDate.ofInstant(now(), java.time.ZoneOffset.UTC);
    }

    /** Reads the shared offset before the server takes requests: a restarted instance must not run behind. */
    void load(@Observes @Priority(5) StartupEvent event) {
        refresh().await().indefinitely();
    }

    /** Another instance's advance reaches this one within a second, even where no job runner ticks. */
    @Scheduled(every = "1s", delayed = "1s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> refreshed() {
        return refresh().onFailure()
                .invoke(e -> LOG.warnf("Refreshing the sandbox clock offset failed (it stays as it was): %s", e.getMessage()))
                .onFailure().recoverWithNull();
    }

    public Uni<Void> refresh() {
        return settings.read(OFFSET_SETTING)
                .invoke(value -> {
                    if (value != null) {
                        // The stored offset only grows: a read that raced an advance must not move time back.
                        offsetMs.accumulateAndGet(Long.parseLong(value), Math::max);
                    }
                })
                .replaceWithVoid();
    }

    /** Moves sandbox time forward for every instance. Time never moves back. */
    public Uni<Instant> advance(Duration by) {
        return settings.addToNumber(OFFSET_SETTING, by.toMillis())
                .map(offset -> {
                    offsetMs.accumulateAndGet(offset, Math::max);
                    return now();
                });
    }
}
