package payments.agent;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Failed device-code redemptions: per source and per code prefix, over a sliding five-minute window. */
class RedeemAttemptsTest {

    private final AtomicLong now = new AtomicLong();
    private final RedeemAttempts attempts = new RedeemAttempts(now::get, 3, 2);

    @Test
    void aSourcePastItsFailuresWaitsUntilTheOldestLeavesTheWindow() {
        for (int i = 0; i < 3; i++) {
            assertEquals(0, attempts.waitSeconds("10.0.0.1", "AAA" + i + "-BBBB-CCCC"));
            attempts.failed("10.0.0.1", "A" + i + "AA-BBBB-CCCC");
        }
        long wait = attempts.waitSeconds("10.0.0.1", "QQQQ-BBBB-CCCC");
        assertTrue(wait > 0 && wait <= 300, "waits " + wait);
        assertEquals(0, attempts.waitSeconds("10.0.0.2", "QQQQ-BBBB-CCCC"), "another source is not held back");
        now.addAndGet(RedeemAttempts.WINDOW.toNanos());
        assertEquals(0, attempts.waitSeconds("10.0.0.1", "QQQQ-BBBB-CCCC"));
    }

    @Test
    void aCodePrefixPastItsFailuresWaitsFromEverySource() {
        attempts.failed("10.0.0.1", "KKKK-2222-2222");
        attempts.failed("10.0.0.2", "kkkk-3333-3333");
        assertTrue(attempts.waitSeconds("10.0.0.3", "KKKK-4444-4444") > 0);
        assertEquals(0, attempts.waitSeconds("10.0.0.3", "MMMM-4444-4444"));
    }
}
