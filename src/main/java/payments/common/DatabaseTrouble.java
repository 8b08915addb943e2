package payments.common;

import io.vertx.core.VertxException;
import io.vertx.pgclient.PgException;

import java.net.ConnectException;
import java.sql.SQLException;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Recognises a failure that says the database cannot take work now, not that the request or the
 * server is wrong: the volume is full or the server short of memory or connections (SQLSTATE class
 * 53), shutting down or starting (57P01-57P03), read-only because it is (now) a standby (25006,
 * as during a failover), or the connection lost or refused. Such a request
 * changed nothing (its transaction did not commit) and may be sent again: 503 with Retry-After.
 */
public final class DatabaseTrouble {

    /** Seconds a client should wait: long enough for a restart or an operator freeing space to matter. */
    public static final int RETRY_AFTER_SECONDS = 5;

    private DatabaseTrouble() {
    }

    /** What is wrong, in words for the client, when {@code failure} is such a failure anywhere in its cause chain. */
    public static Optional<String> reasonOf(Throwable failure) {
        return causes(failure).map(DatabaseTrouble::reasonOfOne).flatMap(Optional::stream).findFirst();
    }

    private static Optional<String> reasonOfOne(Throwable t) {
        String state = sqlState(t);
        Optional<String> reason = state == null ? Optional.empty() : reasonOfState(state);
        if (reason.isEmpty() && (t instanceof ConnectException || t instanceof VertxException && isConnectionLoss(t.getMessage()))) {
            return Optional.of("The database cannot be reached just now");
        }
        return reason;
    }

    /**
     * True when the same work should succeed if tried again later: the database cannot take work
     * now ({@link #reasonOf}), or the transaction lost a deadlock or serialization race (SQLSTATE
     * class 40). False for a failure that would come again (a bug, a broken rule).
     */
    public static boolean passes(Throwable failure) {
        return reasonOf(failure).isPresent() || causes(failure).map(DatabaseTrouble::sqlState)
                .anyMatch(state -> state != null && state.startsWith("40"));
    }

    /** The failure and its causes, outermost first. */
    static Stream<Throwable> causes(Throwable failure) {
        return Stream.iterate(failure, Objects::nonNull, t -> t.getCause() == t ? null : t.getCause());
    }

    private static String sqlState(Throwable t) {
        return t instanceof PgException pg ? pg.getSqlState() : t instanceof SQLException sql ? sql.getSQLState() : null;
    }

    static Optional<String> reasonOfState(String state) {
        if ("53100".equals(state)) {
            return Optional.of("The database has no disk space left for this change");
        }
        if (state.startsWith("53")) {
            return Optional.of("The database is short of resources just now");
        }
        if ("25006".equals(state)) {
            return Optional.of("The database is read-only just now (a standby, as during a failover)");
        }
        if (state.startsWith("57P") || state.startsWith("08")) {
            return Optional.of("The database is restarting or cannot be reached just now");
        }
        return Optional.empty();
    }

    /** The reactive client's words for a connection that closed or never opened. */
    private static boolean isConnectionLoss(String message) {
        return message != null && (message.contains("Connection is closed") || message.contains("Connection refused")
                || message.contains("Failed to read any response from the server"));
    }
}
