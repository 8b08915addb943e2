package payments.common;

import io.vertx.pgclient.PgException;

import java.sql.SQLException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recognises a unique-constraint violation (SQLSTATE 23505) anywhere in a failure's cause chain,
 * whether it comes straight from the reactive client or wrapped by Hibernate Reactive.
 */
public final class UniqueViolation {

    private static final String UNIQUE_VIOLATION = "23505";
    private static final Pattern CONSTRAINT = Pattern.compile("unique constraint \"([^\"]+)\"");

    private UniqueViolation() {
    }

    /** The violated constraint's name ("" when unknown), when {@code failure} is a unique violation. */
    public static Optional<String> constraintOf(Throwable failure) {
        return DatabaseTrouble.causes(failure).map(UniqueViolation::constraintOfOne).flatMap(Optional::stream).findFirst();
    }

    private static Optional<String> constraintOfOne(Throwable t) {
        if (t instanceof PgException pg && UNIQUE_VIOLATION.equals(pg.getSqlState())) {
            return Optional.of(pg.getConstraint() == null ? "" : pg.getConstraint());
        }
        if (t instanceof SQLException sql && UNIQUE_VIOLATION.equals(sql.getSQLState())) {
            Matcher name = CONSTRAINT.matcher(String.valueOf(sql.getMessage()));
            return Optional.of(name.find() ? name.group(1) : "");
        }
        return Optional.empty();
    }

    public static boolean is(Throwable failure, String constraint) {
        return constraintOf(failure).map(constraint::equals).orElse(false);
    }
}
