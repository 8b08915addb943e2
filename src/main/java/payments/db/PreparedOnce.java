package payments.db;

/**
 * Marks SQL that each pooled connection keeps prepared, so that PostgreSQL parses and plans it once
 * per connection instead of on every call. For the small statements a request runs every time
 * (one or two rows by key), where planning costs more than running. Everything else is sent
 * unnamed and planned with its values: the batch statements take arrays whose sizes vary, and
 * caching every statement measured slower.
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
