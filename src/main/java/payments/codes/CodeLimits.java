package payments.codes;

import payments.common.ApiException;

import java.time.Duration;

/**
 * How far one subject's one-time codes (a wallet credential's, a customer's e-mail or phone) may be
 * sent and guessed: wrong codes before one code is spent, codes sent in {@link #SEND_WINDOW}, and
 * wrong codes across all its codes in {@link #FAILURE_WINDOW}. The last is what bounds guessing:
 * with only the first two, asking for code after code would allow about 720 guesses a day.
 */
public final class CodeLimits {

    public static final Duration SEND_WINDOW = Duration.ofMinutes(10);
    public static final Duration FAILURE_WINDOW = Duration.ofHours(24);

    /** Customers' contact codes; also the defaults of the wallet's svc.wallets.otp-* settings. */
    public static final CodeLimits DEFAULT = new CodeLimits(5, 5, 20);

    private final int attemptsPerCode;
    private final int sendsPerWindow;
    private final int failuresPerDay;

    // A class, not a record: records must be registered for a native image's reflection, and no JSON sees this.
    public CodeLimits(int attemptsPerCode, int sendsPerWindow, int failuresPerDay) {
        this.attemptsPerCode = attemptsPerCode;
        this.sendsPerWindow = sendsPerWindow;
        this.failuresPerDay = failuresPerDay;
    }

    public int attemptsPerCode() {
        return attemptsPerCode;
    }

    public int sendsPerWindow() {
        return sendsPerWindow;
    }

    public int failuresPerDay() {
        return failuresPerDay;
    }

    /**
     * 429 RATE_LIMITED (Retry-After the whole window) when {@code subject}, which was sent
     * {@code sentInWindow} codes in the last 10 minutes and collected {@code failuresInDay} wrong
     * codes in the last 24 hours, may be sent no new code now.
     */
    public void checkSend(String subject, long sentInWindow, long failuresInDay) {
        if (sentInWindow >= sendsPerWindow) {
            throw ApiException.rateLimited(subject + " was sent " + sentInWindow
                    + " codes in the last 10 minutes; wait before asking again", SEND_WINDOW.toSeconds());
        }
        if (failuresInDay >= failuresPerDay) {
            throw ApiException.rateLimited(subject + " collected " + failuresInDay
                    + " wrong codes in the last 24 hours; it is sent no new code until they age out", FAILURE_WINDOW.toSeconds());
        }
    }

    /** Whether a code with this many wrong tries is spent (even the right code is refused from then on). */
    public boolean spent(int failedAttempts) {
        return failedAttempts >= attemptsPerCode;
    }
}
