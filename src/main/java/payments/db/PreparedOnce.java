package payments.db;

/**
 * Marks SQL that each pooled connection keeps prepared, so that PostgreSQL parses and plans it once
 * per connection instead of on every call: the reads every request makes (rows by key) and the
 * statements of a payment batch, whose texts stay the same whatever the batch size because they
 * take one array per column. After five calls PostgreSQL keeps a generic plan when it costs no
 * more than the plans made for the values; for these statements it does. Everything else
 * (Hibernate's statements among them) goes unnamed and is planned on every call, as before.
 */
public final class PreparedOnce {

    private static final String MARK = "/* prepared once */ ";

    private PreparedOnce() {
    }

    /** The statement, marked for the connection's prepared-statement cache. */
    public static String sql(String sql) {
        return MARK + sql;
    }

    static boolean isMarked(String sql) {
        return sql.startsWith(MARK);
    }
}
