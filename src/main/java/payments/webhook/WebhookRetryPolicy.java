package payments.webhook;

import java.time.Duration;
import java.time.Instant;

/**
 * When to try a failed webhook delivery again: 30 s after the first failure, doubling each time,
 * never more than 30 minutes apart, and not after 7 days from the event. TEST deliveries and
 * incoming-payment approval calls are tried once. A 2xx or a 409 ("already processed") ends retries.
 */
public final class WebhookRetryPolicy {

    static final Duration FIRST_DELAY = Duration.ofSeconds(30);
    static final Duration MAX_DELAY = Duration.ofMinutes(30);
    static final Duration HORIZON = Duration.ofDays(7);

    private WebhookRetryPolicy() {
    }

    public static boolean isFinalAnswer(int status) {
        return (status >= 200 && status < 300) || status == 409;
    }

    public static boolean retries(String type) {
        return !EventType.TEST.wireName().equals(type) && !EventType.INCOMING_PAYMENT_PENDING.wireName().equals(type);
    }

    /** Delay after the given failed attempt (1 for the first). */
    public static Duration delayAfter(int failedAttempt) {
        int doublings = Math.max(0, Math.min(failedAttempt - 1, 16));
        Duration delay = FIRST_DELAY.multipliedBy(1L << doublings);
        return delay.compareTo(MAX_DELAY) > 0 ? MAX_DELAY : delay;
    }

    /** The next attempt time, or null when the event is past its retry horizon. */
    public static Instant nextAttempt(Instant eventCreatedAt, int failedAttempt, Instant now) {
        Instant next = now.plus(delayAfter(failedAttempt));
        return next.isAfter(eventCreatedAt.plus(HORIZON)) ? null : next;
    }
}
