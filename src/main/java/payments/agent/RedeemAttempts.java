package payments.agent;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Failed device-code redemptions per code prefix, over a sliding window (pure but for the clock
 * it is given). Past the limit, codes starting like that wait until the oldest failure leaves the
 * window: guessing costs time on top of the codes' 60 bits. Nothing is counted per source address:
 * behind a proxy every caller shares one, and a lock on it would shut out holders of valid codes.
 * The window is short, so the holder of a valid code whose prefix someone is guessing waits at
 * most one window.
 */
final class RedeemAttempts {

    private final Map<String, Deque<Long>> failures = new ConcurrentHashMap<>();
    private final LongSupplier nanos;
    private final int perPrefix;
    private final long windowNanos;

    RedeemAttempts(LongSupplier nanos, int perPrefix, Duration window) {
        this.nanos = nanos;
        this.perPrefix = perPrefix;
        this.windowNanos = window.toNanos();
    }

    /** Seconds to wait before {@code code} may be tried again; 0 when it may now. */
    long waitSeconds(String code) {
        Deque<Long> times = failures.get(prefix(code));
        if (times == null) {
            return 0;
        }
        long now = nanos.getAsLong();
        synchronized (times) {
            while (!times.isEmpty() && now - times.peekFirst() >= windowNanos) {
                times.removeFirst();
            }
            if (times.size() < perPrefix) {
                return 0;
            }
            return Math.max(1, Duration.ofNanos(windowNanos - (now - times.peekFirst())).toSeconds());
        }
    }

    void failed(String code) {
        Deque<Long> times = failures.computeIfAbsent(prefix(code), k -> new ArrayDeque<>());
        synchronized (times) {
            times.addLast(nanos.getAsLong());
        }
    }

    private static String prefix(String code) {
        String normalized = AgentCredentials.normalize(code);
        return normalized.length() <= 4 ? normalized : normalized.substring(0, 4);
    }
}
