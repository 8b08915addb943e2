package payments.transaction;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Group commit of payments executed at once (see PaymentBatcher). */
@ConfigMapping(prefix = "svc.batching")
public interface BatchingConfig {
    /**
     * Batches one instance may have committing at the same time. Beside a committing batch a
     * new one takes only payments on rows the other does not lock ({@code BatchQueue}). On two
     * cores shared with the database, two and four measured no better than one, even with slow
     * WAL flushes (no idle CPU for the overlap to use): a database with idle cores is where more
     * pay (docs/scaling.md).
     */
    @WithDefault("1")
    int maxInFlight();

    /**
     * Payments that must be waiting before a batch starts beside committing ones: fewer go into the
     * next batch after them instead. Smaller batches cost the database more per payment (measured:
     * bench/results/2026-11-28-batches.md), so a second batch in flight pays only when the first
     * leaves enough behind.
     */
    @WithDefault("32")
    int minSizeBeside();

    /** Payments in one batch at most. */
    @WithDefault("200")
    int maxSize();

    /**
     * Payments waiting for a batch at most, per instance; beyond it a payment is refused with 503
     * and Retry-After (not stored under its Idempotency-Key, so the same request may come again).
     */
    @WithDefault("10000")
    int maxWaiting();
}
