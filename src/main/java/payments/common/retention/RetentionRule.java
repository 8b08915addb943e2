package payments.common.retention;

import java.time.Duration;

/**
 * One kind of row that only grows and may go once old: the statement that deletes at most $2 of
 * them older than $1, oldest first (it must use an index: the sweep runs it again and again).
 */
record RetentionRule(String name, Duration keep, String deleteBatch) {
}
