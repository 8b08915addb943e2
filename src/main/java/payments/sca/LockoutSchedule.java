package payments.sca;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How failed logins and wrong SCA codes lock a customer out (pure), as the reference's security
 * events describe it: the 5th failure locks for 15 minutes, the 6th for 30, the 7th for an hour,
 * the 8th for 24 hours, and the 9th or any later one suspends the customer (locked with no end
 * until a RESET_PASSWORD_COMPLETED event). Failures while locked do not count.
 */
public final class LockoutSchedule {

    public static final int FIRST_LOCK_AT = 5;
    public static final int SUSPEND_AT = 9;
    static final List<Duration> LOCKS = List.of(Duration.ofMinutes(15), Duration.ofMinutes(30), Duration.ofHours(1), Duration.ofHours(24));

    private LockoutSchedule() {
    }

    /** The lock the {@code attempts}-th failure in a row starts, if any (none once suspended: see {@link #suspends}). */
    public static Optional<Duration> lockAfter(int attempts) {
        int index = attempts - FIRST_LOCK_AT;
        return index < 0 || index >= LOCKS.size() ? Optional.empty() : Optional.of(LOCKS.get(index));
    }

    public static boolean suspends(int attempts) {
        return attempts >= SUSPEND_AT;
    }
}
