package payments.common.jobs;

import java.time.Instant;

/** What a handler decided: done, run again at a given time, or stop trying. */
public record JobOutcome(Kind kind, Instant retryAt, String reason) {

    public enum Kind { DONE, RETRY, GIVE_UP }

    public static JobOutcome done() {
        return new JobOutcome(Kind.DONE, null, null);
    }

    public static JobOutcome retryAt(Instant at, String reason) {
        return new JobOutcome(Kind.RETRY, at, reason);
    }

    public static JobOutcome giveUp(String reason) {
        return new JobOutcome(Kind.GIVE_UP, null, reason);
    }
}
