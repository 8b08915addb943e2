package payments.common;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

/** The server_settings table: named text values every instance shares. */
@ApplicationScoped
public class ServerSettingsStore {

    private final Pool pool;

    public ServerSettingsStore(Pool pool) {
        this.pool = pool;
    }

    /** The setting's value; null when it was never set. */
    public Uni<String> read(String name) {
        return pool.preparedQuery("SELECT value FROM server_settings WHERE name = $1")
                .execute(Tuple.of(name))
                .map(rows -> {
                    Row row = RowSets.first(rows);
                    return row == null ? null : row.getString("value");
                });
    }

    /** Sets the value unless the setting already has one. */
    public Uni<Void> insertIfAbsent(String name, String value) {
        return pool.preparedQuery("INSERT INTO server_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
                .execute(Tuple.of(name, value))
                .replaceWithVoid();
    }

    /** Sets the value only while the setting still holds {@code expected}. */
    public Uni<Void> replace(String name, String expected, String value) {
        return pool.preparedQuery("UPDATE server_settings SET value = $2 WHERE name = $1 AND value = $3")
                .execute(Tuple.of(name, value, expected))
                .replaceWithVoid();
    }

    /** Adds {@code delta} to a numeric setting (absent counts as 0) in one statement; emits the new value. */
    public Uni<Long> addToNumber(String name, long delta) {
        return pool.preparedQuery("""
                        INSERT INTO server_settings (name, value) VALUES ($1, $2)
                        ON CONFLICT (name) DO UPDATE
                        SET value = (CAST(server_settings.value AS BIGINT) + CAST($2 AS BIGINT))::TEXT
                        RETURNING value""")
                .execute(Tuple.of(name, Long.toString(delta)))
                .map(rows -> Long.parseLong(rows.iterator().next().getString(0)));
    }
}
