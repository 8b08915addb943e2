package payments.common;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import payments.db.PreparedOnce;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * A table as the raw client writes and reads it, its columns declared once: how each value is
 * sent (inserting many rows with one statement that takes one array per column,
 * {@code INSERT ... SELECT ... FROM unnest(...)}: one round trip and one plan however many rows,
 * where entity inserts cost a statement each), and, where declared, how each is read back by
 * position into an object ({@link #read}, with {@link #selectList} as the matching SELECT list).
 * {@link Rows} gathers rows of several tables and inserts them all in one statement (foreign keys
 * between them are checked at the statement's end, so the order of tables does not matter).
 */
public final class RawTable<T> {

    /** Sets one field of the object from the value at a position of a row. */
    @FunctionalInterface
    private interface Reader<T> {
        void read(T target, Row row, int position);
    }

    /**
     * A column: the array type its values travel in, the SQL that inserts one of them (null for a
     * value sent only for {@link #insertOnlyWhere}'s condition), and how one is read.
     */
    private record Column<T>(String name, String arrayType, String inserted, Function<T, Object> value,
                             IntFunction<Object[]> array, Reader<T> reader) {
        boolean stored() {
            return inserted != null;
        }
    }

    private final String table;
    private final List<Column<T>> columns = new ArrayList<>();
    private String insertedOnlyWhere;

    private RawTable(String table) {
        this.table = table;
    }

    public static <T> RawTable<T> into(String table) {
        return new RawTable<>(table);
    }

    public RawTable<T> uuid(String column, Function<T, UUID> value) {
        return uuid(column, value, null);
    }

    public RawTable<T> uuid(String column, Function<T, UUID> value, BiConsumer<T, UUID> set) {
        return add(column, "uuid[]", null, value::apply, UUID[]::new, set == null ? null
                : (target, row, i) -> set.accept(target, row.getUUID(i)));
    }

    /** A VARCHAR or TEXT column. */
    public RawTable<T> text(String column, Function<T, String> value) {
        return text(column, value, null);
    }

    public RawTable<T> text(String column, Function<T, String> value, BiConsumer<T, String> set) {
        return add(column, "text[]", null, value::apply, String[]::new, set == null ? null
                : (target, row, i) -> set.accept(target, row.getString(i)));
    }

    public RawTable<T> bigint(String column, Function<T, Long> value) {
        return bigint(column, value, null);
    }

    public RawTable<T> bigint(String column, Function<T, Long> value, BiConsumer<T, Long> set) {
        return add(column, "bigint[]", null, value::apply, Long[]::new, set == null ? null
                : (target, row, i) -> set.accept(target, row.getLong(i)));
    }

    public RawTable<T> integer(String column, Function<T, Integer> value) {
        return add(column, "integer[]", null, value::apply, Integer[]::new, null);
    }

    public RawTable<T> bool(String column, Function<T, Boolean> value, BiConsumer<T, Boolean> set) {
        return add(column, "boolean[]", null, value::apply, Boolean[]::new,
                (target, row, i) -> set.accept(target, row.getBoolean(i)));
    }

    /**
     * A TIMESTAMPTZ column, sent in the binary form (microseconds, as an entity insert sends them;
     * the server's clock gives no finer time). Formatting text for it cost 2% of a transfer's CPU.
     */
    public RawTable<T> timestamp(String column, Function<T, Instant> value) {
        return timestamp(column, value, null);
    }

    public RawTable<T> timestamp(String column, Function<T, Instant> value, BiConsumer<T, Instant> set) {
        return add(column, "timestamptz[]", null, row -> Times.utc(value.apply(row)), OffsetDateTime[]::new,
                set == null ? null : (target, row, i) -> set.accept(target, Times.instant(row.getOffsetDateTime(i))));
    }

    /** A NUMERIC column, sent as text so that no digit is lost on the way. */
    public RawTable<T> decimal(String column, Function<T, BigDecimal> value) {
        return decimal(column, value, null);
    }

    public RawTable<T> decimal(String column, Function<T, BigDecimal> value, BiConsumer<T, BigDecimal> set) {
        return add(column, "text[]", "numeric", row -> {
            BigDecimal decimal = value.apply(row);
            return decimal == null ? null : decimal.toPlainString();
        }, String[]::new, set == null ? null : (target, row, i) -> set.accept(target, row.getBigDecimal(i)));
    }

    private RawTable<T> add(String column, String arrayType, String valueType, Function<T, Object> value,
                            IntFunction<Object[]> array, Reader<T> reader) {
        columns.add(new Column<>(column, arrayType, valueType == null ? column : "CAST(" + column + " AS " + valueType + ")",
                value, array, reader));
        return this;
    }

    /**
     * An object from the columns of a row read by {@link #selectList}, starting at position
     * {@code first} (by position: a lookup by name hashes the result's column names again each time).
     */
    public T read(Row row, int first, Supplier<T> create) {
        T target = create.get();
        int position = first;
        for (Column<T> column : columns) {
            if (!column.stored()) {
                continue;
            }
            if (column.reader() == null) {
                throw new IllegalStateException("Column " + column.name() + " of " + table + " declares no reader");
            }
            column.reader().read(target, row, position++);
        }
        return target;
    }

    private List<Column<T>> stored() {
        return columns.stream().filter(Column::stored).toList();
    }

    /** The columns, in order, for a SELECT whose rows {@link #read} maps; each prefixed {@code alias.} if given. */
    public String selectList(String alias) {
        return String.join(", ", columnNames().stream().map(name -> alias == null ? name : alias + "." + name).toList());
    }

    /** How many columns the table has (where the next table's columns start in a joined row). */
    public int size() {
        return stored().size();
    }

    /**
     * Inserts {@code expression} into the column instead of the value sent: SQL over the row's
     * values, each named by its column (the sent value, before any cast).
     */
    public RawTable<T> insertAs(String column, String expression) {
        int i = columns.stream().map(Column::name).toList().indexOf(column);
        if (i < 0) {
            throw new IllegalArgumentException("No column " + column + " in " + table);
        }
        Column<T> sent = columns.get(i);
        columns.set(i, new Column<>(column, sent.arrayType(), expression, sent.value(), sent.array(), sent.reader()));
        return this;
    }

    /**
     * Sends the column's values without storing them (the table has no such column): for a
     * condition of {@link #insertOnlyWhere} that another table's rows are inserted by too.
     */
    public RawTable<T> sentOnly(String column) {
        return insertAs(column, null);
    }

    /**
     * Inserts only the rows for which {@code condition} holds: SQL over the row's values, each
     * named by its column (the sent value, before any cast), evaluated in the inserting statement.
     */
    public RawTable<T> insertOnlyWhere(String condition) {
        insertedOnlyWhere = condition;
        return this;
    }

    public String table() {
        return table;
    }

    /** The names of the columns the table has, in order. */
    public List<String> columnNames() {
        return stored().stream().map(Column::name).toList();
    }

    /** The INSERT for this table, its parameters numbered from {@code first + 1} on, one per column. */
    String statement(int first) {
        StringBuilder arrays = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            arrays.append(i == 0 ? "" : ", ").append("CAST($").append(first + i + 1).append(" AS ")
                    .append(columns.get(i).arrayType()).append(')');
        }
        String values = String.join(", ", stored().stream().map(Column::inserted).toList());
        String sent = String.join(", ", columns.stream().map(Column::name).toList());
        return "INSERT INTO " + table + " (" + String.join(", ", columnNames()) + ") SELECT " + values + " FROM unnest(" + arrays
                + ") AS r (" + sent + ")" + (insertedOnlyWhere == null ? "" : " WHERE " + insertedOnlyWhere);
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
        private final Map<RawTable<?>, List<Object>> byTable = new LinkedHashMap<>();

        public <R> Rows add(RawTable<R> table, R row) {
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
            for (RawTable<?> table : byTable.keySet()) {
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
