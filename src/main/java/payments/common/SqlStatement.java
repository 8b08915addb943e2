package payments.common;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import org.hibernate.reactive.mutiny.Mutiny;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * A native statement with positional parameters ({@code $1}, {@code $2}, ...). It runs either on a
 * raw connection (the payment batch, which pipelines its statements: each is queued behind the
 * ones sent before it, without waiting for their answers) or in the caller's Panache session, with
 * the same text and its parameters in Hibernate's ordinal form ({@code ?1}, {@code ?2}, ...).
 */
public record SqlStatement(String sql, List<Object> params) {

    private static final Pattern PARAMETER = Pattern.compile("\\$(\\d+)");
    private static final Map<String, String> ORDINAL_FORMS = new ConcurrentHashMap<>();

    public static SqlStatement of(String sql, Object... params) {
        return new SqlStatement(sql, Arrays.asList(params));
    }

    /**
     * Sends the statement on the connection (Instants go as UTC timestamps, byte arrays as buffers:
     * the core Buffer, since values added as they are reach the driver unwrapped).
     */
    public Uni<RowSet<Row>> on(SqlClient client) {
        Tuple values = Tuple.tuple();
        params.forEach(value -> values.addValue(value instanceof Instant instant ? Times.utc(instant)
                : value instanceof byte[] bytes ? io.vertx.core.buffer.Buffer.buffer(bytes) : value));
        return client.preparedQuery(sql).execute(values);
    }

    /** Runs the statement in the transaction of the caller's Panache session; emits the rows it changed. */
    public Uni<Integer> updateInSession() {
        String ordinal = ORDINAL_FORMS.computeIfAbsent(sql, text -> PARAMETER.matcher(text).replaceAll("?$1"));
        return Panache.getSession().flatMap(session -> {
            Mutiny.MutationQuery query = session.createNativeMutationQuery(ordinal);
            for (int i = 0; i < params.size(); i++) {
                query.setParameter(i + 1, params.get(i));
            }
            return query.executeUpdate();
        });
    }
}
