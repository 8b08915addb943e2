package payments.common;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import payments.db.PreparedOnce;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * The columns of one table, for inserting many of its rows with one statement that takes one
 * array per column ({@code INSERT ... SELECT ... FROM unnest(...)}): one round trip and one plan
 * however many rows, where entity inserts cost a statement each. {@link Rows} gathers rows of
 * several tables and inserts them all in one statement (foreign keys between them are checked
 * at the statement's end, so the order of tables does not matter).
 */
public final class RowsInsert<T> {

    /** A column: the array type its values travel in, and the SQL that inserts one of them. */
    private record Column<T>(String name, String arrayType, String inserted, Function<T, Object> value,
                             IntFunction<Object[]> array) {
    }

    private final String table;
    private final List<Column<T>> columns = new ArrayList<>();

    private RowsInsert(String table) {
        this.table = table;
    }

    public static <T> RowsInsert<T> into(String table) {
        return new RowsInsert<>(table);
    }

    public RowsInsert<T> uuid(String column, Function<T, UUID> value) {
        return add(column, "uuid[]", null, value::apply, UUID[]::new);
    }

    /** A VARCHAR or TEXT column. */
    public RowsInsert<T> text(String column, Function<T, String> value) {
        return add(column, "text[]", null, value::apply, String[]::new);
    }

    public RowsInsert<T> bigint(String column, Function<T, Long> value) {
        return add(column, "bigint[]", null, value::apply, Long[]::new);
    }

    public RowsInsert<T> integer(String column, Function<T, Integer> value) {
        return add(column, "integer[]", null, value::apply, Integer[]::new);
    }

    /** A TIMESTAMPTZ column, sent as ISO-8601 text (microseconds kept, as an entity insert keeps them). */
    public RowsInsert<T> timestamp(String column, Function<T, Instant> value) {
        return add(column, "text[]", "timestamptz", row -> {
            Instant instant = value.apply(row);
            return instant == null ? null : instant.toString();
        }, String[]::new);
    }

    /** A NUMERIC column, sent as text so that no digit is lost on the way. */
    public RowsInsert<T> decimal(String column, Function<T, BigDecimal> value) {
        return add(column, "text[]", "numeric", row -> {
            BigDecimal decimal = value.apply(row);
            return decimal == null ? null : decimal.toPlainString();
        }, String[]::new);
    }

    private RowsInsert<T> add(String column, String arrayType, String valueType, Function<T, Object> value,
                              IntFunction<Object[]> array) {
        columns.add(new Column<>(column, arrayType, valueType == null ? column : "CAST(" + column + " AS " + valueType + ")",
                value, array));
        return this;
    }

    /**
     * Inserts {@code expression} into the column instead of the value sent: SQL over the row's
     * values, each named by its column (the sent value, before any cast).
     */
    public RowsInsert<T> insertAs(String column, String expression) {
        int i = columnNames().indexOf(column);
        if (i < 0) {
            throw new IllegalArgumentException("No column " + column + " in " + table);
        }
        Column<T> sent = columns.get(i);
        columns.set(i, new Column<>(column, sent.arrayType(), expression, sent.value(), sent.array()));
        return this;
    }

    public String table() {
        return table;
    }

    /** The column names, in order. */
    public List<String> columnNames() {
        return columns.stream().map(Column::name).toList();
    }

    /** The INSERT for this table, its parameters numbered from {@code first + 1} on, one per column. */
    String statement(int first) {
        List<String> names = columnNames();
        StringBuilder values = new StringBuilder();
        StringBuilder arrays = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            Column<T> column = columns.get(i);
            String separator = i == 0 ? "" : ", ";
            values.append(separator).append(column.inserted());
            arrays.append(separator).append("CAST($").append(first + i + 1).append(" AS ").append(column.arrayType()).append(')');
        }
        String list = String.join(", ", names);
        return "INSERT INTO " + table + " (" + list + ") SELECT " + values + " FROM unnest(" + arrays + ") AS r (" + list + ")";
    }

    private void bind(Tuple values, List<Object> rows) {
        for (int i = 0; i < columns.size(); i++) {
            Column<T> column = columns.get(i);
            Object[] array = column.array().apply(rows.size());
            for (int r = 0; r < rows.size(); r++) {
                @SuppressWarnings("unchecked")
                T row = (T) rows.get(r);
                array[r] = column.value().apply(row);
            }
            values.addValue(array);
        }
    }

    /** Rows of any number of tables, inserted together by {@link #insert}. */
    public static final class Rows {
        private final Map<RowsInsert<?>, List<Object>> byTable = new LinkedHashMap<>();

        public <R> Rows add(RowsInsert<R> table, R row) {
            byTable.computeIfAbsent(table, ignored -> new ArrayList<>()).add(row);
            return this;
        }

        public Rows addAll(Rows other) {
            other.byTable.forEach((table, rows) -> byTable.computeIfAbsent(table, ignored -> new ArrayList<>()).addAll(rows));
            return this;
        }

        /** The one statement that inserts every row (tables joined by data-modifying WITH clauses). */
        String statement() {
            List<String> parts = new ArrayList<>();
            int parameters = 0;
            for (RowsInsert<?> table : byTable.keySet()) {
                parts.add(table.statement(parameters));
                parameters += table.columns.size();
            }
            StringBuilder sql = new StringBuilder();
            for (int i = 0; i < parts.size() - 1; i++) {
                sql.append(i == 0 ? "WITH " : ", ").append("r").append(i).append(" AS (").append(parts.get(i)).append(")\n");
            }
            return sql.append(parts.get(parts.size() - 1)).toString();
        }

        /** Inserts the rows on the connection, in the transaction open on it (queued behind what it runs already). */
        public Uni<Void> insert(SqlClient connection) {
            if (byTable.isEmpty()) {
                return Uni.createFrom().voidItem();
            }
            Tuple values = Tuple.tuple();
            byTable.forEach((table, rows) -> table.bind(values, rows));
            return connection.preparedQuery(PreparedOnce.sql(statement())).execute(values).replaceWithVoid();
        }
    }
}
