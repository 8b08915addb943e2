package payments.transaction;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.RowSets;
import payments.db.PreparedOnce;

import java.util.UUID;

/** The transactions table as the raw client reads it: the hot reads that skip Hibernate. */
@ApplicationScoped
public class TransactionStore {

    private static final String BY_ID = PreparedOnce.sql("SELECT " + PaymentTransaction.ROWS.selectList(null)
            + " FROM transactions WHERE id = $1");

    private final Pool pool;

    public TransactionStore(Pool pool) {
        this.pool = pool;
    }

    /** One transaction by id, with one prepared query and no session; null when there is none. */
    public Uni<PaymentTransaction> byId(UUID id) {
        return pool.preparedQuery(BY_ID).execute(Tuple.of(id)).map(rows -> {
            Row row = RowSets.first(rows);
            return row == null ? null : PaymentTransaction.fromRow(row);
        });
    }
}
