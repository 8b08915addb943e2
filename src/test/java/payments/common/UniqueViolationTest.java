package payments.common;

import io.vertx.pgclient.PgException;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.CompletionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which failures are a unique violation, and of which constraint, wherever they sit in the cause chain. */
class UniqueViolationTest {

    @Test
    void aUniqueViolationIsFoundWithItsConstraintAnywhereInTheChain() {
        SQLException jdbc = new SQLException("ERROR: duplicate key value violates unique constraint \"customers_platform_ref_key\"", "23505");
        assertEquals(Optional.of("customers_platform_ref_key"), UniqueViolation.constraintOf(new CompletionException(new IllegalStateException(jdbc))));
        assertTrue(UniqueViolation.is(jdbc, "customers_platform_ref_key"));
        assertFalse(UniqueViolation.is(jdbc, "another_key"));
        assertEquals(Optional.of(""), UniqueViolation.constraintOf(new PgException("duplicate", "ERROR", "23505", null)),
                "a violation whose constraint the driver does not name");
    }

    @Test
    void otherFailuresAreNot() {
        assertEquals(Optional.empty(), UniqueViolation.constraintOf(new PgException("deadlock", "ERROR", "40P01", null)));
        assertEquals(Optional.empty(), UniqueViolation.constraintOf(new SQLException("no", "23503")));
        assertEquals(Optional.empty(), UniqueViolation.constraintOf(new IllegalStateException("a bug")));
    }
}
