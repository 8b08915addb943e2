package payments.platform;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.RowSets;
import payments.common.Times;

import java.util.UUID;

/** The api_tokens table as the raw client uses it: authentication without a session, and the bootstrap token. */
@ApplicationScoped
public class ApiTokenStore {

    /** What Basic authentication checks of a live token. */
    public record Credentials(UUID id, String permissions, byte[] secretHash, String name) {
    }

    private final Pool pool;

    public ApiTokenStore(Pool pool) {
        this.pool = pool;
    }

    /** The live token with this client id; null when there is none. */
    public Uni<Credentials> activeByClientId(String clientId) {
        return pool.preparedQuery("SELECT id, permissions, secret_hash, name FROM api_tokens WHERE client_id = $1 AND deleted_at IS NULL")
                .execute(Tuple.of(clientId))
                .map(rows -> {
                    Row row = RowSets.first(rows);
                    return row == null ? null : new Credentials(row.getUUID("id"), row.getString("permissions"),
                            row.getBuffer("secret_hash").getBytes(), row.getString("name"));
                });
    }

    /**
     * Saves the token, or only its secret hash (and who configured it) when its client id exists;
     * emits false when that token was deleted, and leaves it deleted.
     */
    public Uni<Boolean> saveUnlessDeleted(ApiToken token) {
        return pool.preparedQuery("""
                        INSERT INTO api_tokens (id, client_id, name, permissions, secret_hash, created_at, updated_at, configured_by)
                        VALUES ($1, $2, $3, $4, $5, $6, $6, $7)
                        ON CONFLICT (client_id) DO UPDATE
                        SET secret_hash = EXCLUDED.secret_hash, updated_at = EXCLUDED.updated_at, configured_by = EXCLUDED.configured_by
                        WHERE api_tokens.deleted_at IS NULL""")
                .execute(row(token))
                .map(rows -> rows.rowCount() > 0);
    }

    public Uni<Void> insert(ApiToken token) {
        return pool.preparedQuery("""
                        INSERT INTO api_tokens (id, client_id, name, permissions, secret_hash, created_at, updated_at, configured_by)
                        VALUES ($1, $2, $3, $4, $5, $6, $6, $7)""")
                .execute(row(token))
                .replaceWithVoid();
    }

    /** Whether a live token has this client id. */
    public Uni<Boolean> exists(String clientId) {
        return pool.preparedQuery("SELECT 1 FROM api_tokens WHERE client_id = $1 AND deleted_at IS NULL")
                .execute(Tuple.of(clientId)).map(rows -> rows.rowCount() > 0);
    }

    /** Whether any token was ever created here, deleted ones included: only a fresh database gets a generated one. */
    public Uni<Boolean> anyEver() {
        return pool.query("SELECT 1 FROM api_tokens LIMIT 1").execute().map(rows -> rows.rowCount() > 0);
    }

    private static Tuple row(ApiToken token) {
        return Tuple.tuple().addUUID(token.id).addString(token.clientId).addString(token.name)
                .addString(token.permissions)
                .addBuffer(Buffer.buffer(token.secretHash))
                .addOffsetDateTime(Times.utc(token.createdAt))
                .addString(token.configuredBy);
    }
}
