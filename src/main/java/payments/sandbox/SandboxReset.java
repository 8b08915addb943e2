package payments.sandbox;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.stream.StreamSupport;

/**
 * POST /sandbox/reset: empties the sandbox's data (customers, accounts, the ledger, payments, cards,
 * events, jobs: every table) but keeps what lets its users back in and its signatures stable: the
 * API tokens, the platform configuration and the server's own keys and clock. The tables are read
 * from the schema, so a table a later migration adds is emptied too.
 */
@ApplicationScoped
public class SandboxReset {

    /** What survives a reset: credentials, the platform's settings, the server's keys and clock offset, the schema history. */
    static final List<String> KEPT = List.of("api_tokens", "platform_config", "server_settings", "flyway_schema_history");
    private static final Logger LOG = Logger.getLogger(SandboxReset.class);

    public record ResetResponse(List<String> emptied) {
    }

    private final Pool pool;

    public SandboxReset(Pool pool) {
        this.pool = pool;
    }

    public Uni<ResetResponse> reset() {
        return pool.withTransaction(connection -> connection.preparedQuery(
                                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND NOT (tablename = ANY($1)) ORDER BY 1")
                        .execute(io.vertx.mutiny.sqlclient.Tuple.of(KEPT.toArray(String[]::new)))
                        .flatMap(rows -> {
                            List<String> tables = StreamSupport.stream(rows.spliterator(), false).map(row -> row.getString(0)).toList();
                            String quoted = String.join(", ", tables.stream().map(name -> "\"" + name.replace("\"", "\"\"") + "\"").toList());
                            return connection.query("TRUNCATE " + quoted + " RESTART IDENTITY CASCADE").execute()
                                    .replaceWith(new ResetResponse(tables));
                        }))
                .invoke(reset -> LOG.infof("Sandbox reset: %d tables emptied", reset.emptied().size()));
    }
}
