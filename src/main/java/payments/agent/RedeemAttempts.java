package payments.agent;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Failed device-code redemptions per source address and per code prefix, over a sliding window
 * (pure but for the clock it is given). Past the limit, redemption from that source, or of codes
 * starting like that, waits: guessing codes costs time on top of their 60 bits.
 */
final class RedeemAttempts {

    static final Duration WINDOW = Duration.ofMinutes(5);

    private final Map<String, Deque<Long>> failures = new ConcurrentHashMap<>();
    private final LongSupplier nanos;
    private final int perSource;
    private final int perPrefix;

    RedeemAttempts(LongSupplier nanos, int perSource, int perPrefix) {
        this.nanos = nanos;
        this.perSource = perSource;
        this.perPrefix = perPrefix;
    }

    /** Seconds to wait before {@code source} may try {@code code} again; 0 when it may now. */
    long waitSeconds(String source, String code) {
        return Math.max(wait("source:" + source, perSource), wait("prefix:" + prefix(code), perPrefix));
    }

    void failed(String source, String code) {
        long now = nanos.getAsLong();
        for (String key : new String[] {"source:" + source, "prefix:" + prefix(code)}) {
            Deque<Long> times = failures.computeIfAbsent(key, k -> new ArrayDeque<>());
            synchronized (times) {
                times.addLast(now);
            }
        }
    }

    private long wait(String key, int limit) {
        Deque<Long> times = failures.get(key);
        if (times == null) {
            return 0;
        }
        long now = nanos.getAsLong();
        synchronized (times) {
            while (!times.isEmpty() && now - times.peekFirst() >= WINDOW.toNanos()) {
                times.removeFirst();
            }
            if (times.size() < limit) {
                return 0;
            }
            return Math.max(1, Duration.ofNanos(WINDOW.toNanos() - (now - times.peekFirst())).toSeconds());
        }
    }

    private static String prefix(String code) {
        String normalized = AgentCredentials.normalize(code);
        return normalized.length() <= 4 ? normalized : normalized.substring(0, 4);
    }
}
