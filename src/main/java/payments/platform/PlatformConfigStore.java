package payments.platform;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.RowSets;
import payments.common.Times;

import java.time.Instant;
import java.util.UUID;

/** The platform_config table as the raw client uses it: its one row's document, read without a session. */
@ApplicationScoped
public class PlatformConfigStore {

    private final Pool pool;

    public PlatformConfigStore(Pool pool) {
        this.pool = pool;
    }

    /** Creates the configuration row unless there is one already. */
    public Uni<Void> insertIfAbsent(UUID id, String document, Instant now) {
        return pool.preparedQuery("""
                        INSERT INTO platform_config (id, document, created_at, updated_at) VALUES ($1, $2, $3, $3)
                        ON CONFLICT (singleton) DO NOTHING""")
                .execute(Tuple.of(id, document, Times.utc(now)))
                .replaceWithVoid();
    }

    /** The configuration document; null when there is no row. */
    public Uni<String> document() {
        return pool.query("SELECT document FROM platform_config").execute()
                .map(rows -> {
                    Row row = RowSets.first(rows);
                    return row == null ? null : row.getString("document");
                });
    }
}
