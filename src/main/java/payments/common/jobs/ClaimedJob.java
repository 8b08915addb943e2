package payments.common.jobs;

import java.time.Instant;
import java.util.UUID;

/** A job this instance has claimed; {@code attempt} counts this run (1 for the first). */
public record ClaimedJob(UUID id, String type, String payload, int attempt, Instant createdAt) {
}
