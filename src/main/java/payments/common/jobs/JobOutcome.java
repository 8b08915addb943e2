package payments.common.jobs;

import java.time.Instant;

/** What a handler decided: done, run again at a given time, or stop trying; or, never started, handed back. */
public record JobOutcome(Kind kind, Instant retryAt, String reason) {

    public enum Kind { DONE, RETRY, GIVE_UP, RELEASE }

    public static JobOutcome done() {
        return new JobOutcome(Kind.DONE, null, null);
    }

    public static JobOutcome retryAt(Instant at, String reason) {
        return new JobOutcome(Kind.RETRY, at, reason);
    }

    /** Claimed but not started when the server began to stop: the lease goes back, the attempt is not counted. */
    static JobOutcome released() {
        return new JobOutcome(Kind.RELEASE, null, null);
    }

    public static JobOutcome giveUp(String reason) {
        return new JobOutcome(Kind.GIVE_UP, null, reason);
    }
}
