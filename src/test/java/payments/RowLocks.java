package payments;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Row locks taken and watched from the test's own connections, to stop the server at an exact
 * point of a payment (and, by ending its sessions, to play a crash there).
 */
public final class RowLocks {

    private final Pool pool;

    public RowLocks(Pool pool) {
        this.pool = pool;
    }

    /** Opens a transaction that holds the row {@code id} of {@code table} until {@link #release}. */
    public SqlConnection hold(String table, UUID id) {
        SqlConnection connection = pool.getConnection().await().indefinitely();
        connection.query("BEGIN").execute().await().indefinitely();
        connection.preparedQuery("SELECT 1 FROM " + table + " WHERE id = $1 FOR UPDATE").execute(Tuple.of(id))
                .await().indefinitely();
        return connection;
    }

    /** Commits a holding transaction and gives its connection back. */
    public static void release(SqlConnection connection) {
        connection.query("COMMIT").execute().await().indefinitely();
        connection.close().await().indefinitely();
    }

    /** The sessions waiting for a lock while running a statement that names {@code table} (any table: null). */
    public List<Integer> waitersOn(String table) {
        List<Integer> pids = new ArrayList<>();
        for (Row row : pool.preparedQuery("SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                        + " AND datname = current_database() AND query LIKE $1")
                .execute(Tuple.of(table == null ? "%" : "%" + table + "%")).await().indefinitely()) {
            pids.add(row.getInteger(0));
        }
        return pids;
    }

    /** Waits (up to 20 s) until at least {@code count} sessions wait on {@code table}. */
    public void awaitWaiters(String table, int count) {
        for (int i = 0; i < 400 && waitersOn(table).size() < count; i++) {
            MoneyFixtures.sleep(50);
        }
        if (waitersOn(table).size() < count) {
            throw new AssertionError("fewer than " + count + " sessions ever waited for a lock on " + table);
        }
    }

    /** Ends the sessions waiting on {@code table}, as the death of the server holding them would. */
    public void terminateWaitersOn(String table) {
        for (int pid : waitersOn(table)) {
            pool.preparedQuery("SELECT pg_terminate_backend($1)").execute(Tuple.of(pid)).await().indefinitely();
        }
    }

    /** The UUID inside a wire id such as {@code InternalAccount:<uuid>}. */
    public static UUID uuid(String wireId) {
        return UUID.fromString(wireId.substring(wireId.indexOf(':') + 1));
    }
}
