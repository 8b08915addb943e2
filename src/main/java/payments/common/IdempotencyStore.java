package payments.common;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.Idempotency.Answer;
import payments.common.Idempotency.Claim;
import payments.common.security.SecretsAtRest;
import payments.db.PreparedOnce;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** The idempotency_keys table: claims on keys, the answers stored under them, and their expiry. */
@ApplicationScoped
public class IdempotencyStore {

    /** A key's row: the request it was claimed for, its state, and once DONE the stored answer. */
    public record Stored(String requestHash, String state, Integer status, byte[] body) {
    }

    private final Pool pool;
    private final SecretsAtRest secrets;

    public IdempotencyStore(Pool pool, SecretsAtRest secrets) {
        this.pool = pool;
        this.secrets = secrets;
    }

    /** The bytes stored for an answer: sealed, bound to its key, when they hold a secret. */
    private byte[] stored(Claim claim, Answer answer) {
        if (!answer.secret()) {
            return answer.body();
        }
        return secrets.seal(sealName(claim), new String(answer.body(), StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
    }

    /** The answer's bytes as first sent; a JSON body never starts like a sealed one. */
    private byte[] opened(Claim claim, byte[] body) {
        if (!SecretsAtRest.isSealed(body)) {
            return body;
        }
        return secrets.open(sealName(claim), new String(body, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
    }

    private static String sealName(Claim claim) {
        return "idempotent-answer:" + claim.scope() + ":" + claim.key();
    }

    /**
     * Claims the key, unless another request holds it: emits true when this one won. A key that
     * expired before {@code now}, or whose claim was made before {@code abandonedBefore} and never
     * answered, is taken over.
     */
    public Uni<Boolean> claim(Claim claim, String hash, Instant now, Instant expiresAt, Instant abandonedBefore) {
        return pool.preparedQuery(PreparedOnce.sql("""
                        INSERT INTO idempotency_keys (scope, idem_key, request_hash, state, created_at, expires_at)
                        VALUES ($1, $2, $3, 'IN_FLIGHT', $4, $5)
                        ON CONFLICT (scope, idem_key) DO UPDATE
                        SET request_hash = EXCLUDED.request_hash, state = 'IN_FLIGHT', status = NULL, body = NULL,
                            created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
                        WHERE idempotency_keys.expires_at < $4
                           OR (idempotency_keys.state = 'IN_FLIGHT' AND idempotency_keys.created_at < $6)
                        RETURNING scope"""))
                .execute(Tuple.tuple()
                        .addString(claim.scope()).addString(claim.key()).addString(hash)
                        .addOffsetDateTime(Times.utc(now)).addOffsetDateTime(Times.utc(expiresAt))
                        .addOffsetDateTime(Times.utc(abandonedBefore)))
                .map(rows -> rows.rowCount() == 1);
    }

    /** The update that stores one answer under its claim, in or outside a transaction. */
    public SqlStatement storing(Claim claim, Answer answer) {
        return SqlStatement.of(PreparedOnce.sql("""
                        UPDATE idempotency_keys SET state = 'DONE', status = CAST($3 AS integer), body = CAST($4 AS bytea)
                        WHERE scope = CAST($1 AS varchar) AND idem_key = CAST($2 AS varchar)"""),
                claim.scope(), claim.key(), answer.status(), stored(claim, answer));
    }

    /** Stores one answer on its own, outside any transaction. */
    public Uni<Void> store(Claim claim, Answer answer) {
        return storing(claim, answer).on(pool).replaceWithVoid();
    }

    /** Stores many answers with one statement on {@code connection}, in the transaction open there. */
    public Uni<Void> storeAll(SqlClient connection, List<Map.Entry<Claim, Answer>> answers) {
        String[] scopes = new String[answers.size()];
        String[] keys = new String[answers.size()];
        Integer[] statuses = new Integer[answers.size()];
        // An array goes to the driver as is: it must hold the core Buffer, not the Mutiny wrapper.
        io.vertx.core.buffer.Buffer[] bodies = new io.vertx.core.buffer.Buffer[answers.size()];
        for (int i = 0; i < answers.size(); i++) {
            scopes[i] = answers.get(i).getKey().scope();
            keys[i] = answers.get(i).getKey().key();
            statuses[i] = answers.get(i).getValue().status();
            bodies[i] = io.vertx.core.buffer.Buffer.buffer(stored(answers.get(i).getKey(), answers.get(i).getValue()));
        }
        return connection.preparedQuery(PreparedOnce.sql("""
                        UPDATE idempotency_keys k SET state = 'DONE', status = v.status, body = v.body
                        FROM unnest(CAST($1 AS varchar[]), CAST($2 AS varchar[]), CAST($3 AS integer[]), CAST($4 AS bytea[]))
                            AS v (scope, idem_key, status, body)
                        WHERE k.scope = v.scope AND k.idem_key = v.idem_key"""))
                .execute(Tuple.of(scopes, keys, statuses, bodies))
                .replaceWithVoid();
    }

    /** The key's row; null when there is none. */
    public Uni<Stored> read(Claim claim) {
        return pool.preparedQuery(PreparedOnce.sql(
                "SELECT request_hash, state, status, body FROM idempotency_keys WHERE scope = $1 AND idem_key = $2"))
                .execute(Tuple.of(claim.scope(), claim.key()))
                .map(rows -> {
                    Row row = RowSets.first(rows);
                    if (row == null) {
                        return null;
                    }
                    Buffer body = row.getBuffer("body");
                    return new Stored(row.getString("request_hash"), row.getString("state"), row.getInteger("status"),
                            body == null ? null : opened(claim, body.getBytes()));
                });
    }

    /** Gives the key up while its request is still running, so that a retry can claim it again. */
    public Uni<Void> release(Claim claim) {
        return pool.preparedQuery("DELETE FROM idempotency_keys WHERE scope = $1 AND idem_key = $2 AND state = 'IN_FLIGHT'")
                .execute(Tuple.of(claim.scope(), claim.key()))
                .replaceWithVoid();
    }
}
