package payments.common;

import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;

/** Small helpers for the raw client's results. */
public final class RowSets {

    private RowSets() {
    }

    /** The first row, or null when there is none. */
    public static Row first(RowSet<Row> rows) {
        return rows.iterator().hasNext() ? rows.iterator().next() : null;
    }
}
