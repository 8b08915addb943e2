package payments.agent;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Failed device-code redemptions: per code prefix, over a short sliding window; never per source address. */
class RedeemAttemptsTest {

    private static final Duration WINDOW = Duration.ofMinutes(1);
    private final AtomicLong now = new AtomicLong();
    private final RedeemAttempts attempts = new RedeemAttempts(now::get, 2, WINDOW);

    @Test
    void aCodePrefixPastItsFailuresWaitsUntilTheOldestLeavesTheWindow() {
        attempts.failed("KKKK-2222-2222");
        attempts.failed("kkkk-3333-3333");
        long wait = attempts.waitSeconds("KKKK-4444-4444");
        assertTrue(wait > 0 && wait <= WINDOW.toSeconds(), "waits " + wait);
        assertEquals(0, attempts.waitSeconds("MMMM-4444-4444"));
        now.addAndGet(WINDOW.toNanos());
        assertEquals(0, attempts.waitSeconds("KKKK-4444-4444"), "a valid code's holder waits one window at most");
    }

    @Test
    void manyFailuresOnOtherPrefixesLockNothingElse() {
        for (int i = 0; i < 1_000; i++) {
            attempts.failed(String.format("%04d-BBBB-CCCC", i));
        }
        assertEquals(0, attempts.waitSeconds("ZZZZ-BBBB-CCCC"), "no lock per source: a shared proxy address shuts nobody out");
    }
}
