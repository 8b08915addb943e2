package payments.common;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

/**
 * Validated paging parameters. The cursor is opaque to clients: the base64url form of the last
 * returned row's id (a time-ordered UUID), so the next page is a keyset query ("ids before this
 * one") that neither skips nor repeats rows when new ones are inserted meanwhile.
 */
public record PageRequest(int limit, UUID after) {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;
    private static final String CURSOR_PREFIX = "v1:";

    public static PageRequest of(String limit, String cursor) {
        List<FieldError> errors = new ArrayList<>();
        int effective = checkedLimit(limit, errors);
        UUID after = null;
        if (cursor != null && !cursor.isEmpty()) {
            after = decodeCursor(cursor);
            if (after == null) {
                errors.add(notACursor());
            }
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        return new PageRequest(effective, after);
    }

    /** A page of a fixed list (a directory the server ships): the cursor is the position after the last row returned. */
    public record Positions(int limit, int from) {

        /** The paging parameters; what is wrong with them goes into {@code errors} for the caller's one answer. */
        public static Positions parse(String limit, String cursor, List<FieldError> errors) {
            int effective = checkedLimit(limit, errors);
            int from = 0;
            if (cursor != null && !cursor.isEmpty()) {
                from = decodePosition(cursor);
                if (from < 0) {
                    errors.add(notACursor());
                }
            }
            return new Positions(effective, Math.max(from, 0));
        }

        /** This page of {@code rows}, with the total and the cursor of the next page when there is one. */
        public <T> Page<T> page(List<T> rows) {
            int start = Math.min(from, rows.size());
            int end = Math.min(start + limit, rows.size());
            boolean hasMore = end < rows.size();
            return new Page<>(rows.subList(start, end), hasMore, hasMore ? encodeCursor(POSITION + end) : null, rows.size());
        }
    }

    private static final String POSITION = "@";

    private static int checkedLimit(String limit, List<FieldError> errors) {
        int effective = parseLimit(limit);
        if (effective < 1 || effective > MAX_LIMIT) {
            errors.add(FieldError.of("limit", "Must be between 1 and " + MAX_LIMIT));
        }
        return effective;
    }

    private static FieldError notACursor() {
        return FieldError.of("cursor", "Not a cursor returned by this API");
    }

    private static int decodePosition(String cursor) {
        String text = decodedText(cursor);
        if (text == null || !text.startsWith(POSITION) || text.length() > 10) {
            return -1;
        }
        try {
            return Integer.parseInt(text.substring(POSITION.length()));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static int parseLimit(String limit) {
        if (limit == null || limit.isEmpty()) {
            return DEFAULT_LIMIT;
        }
        try {
            return Integer.parseInt(limit.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * A list's {@code sortOrder}: true for "asc", false for "desc" or none; anything else is added
     * to {@code errors} (and reads as "desc").
     */
    public static boolean ascending(String sortOrder, List<FieldError> errors) {
        if (sortOrder != null && !"asc".equals(sortOrder) && !"desc".equals(sortOrder)) {
            errors.add(new FieldError("sortOrder", FieldError.Constraint.oneOf(List.of("asc", "desc")), "Must be asc or desc"));
        }
        return "asc".equals(sortOrder);
    }

    public int fetchSize() {
        return limit + 1;
    }

    static String encodeCursor(String key) {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((CURSOR_PREFIX + key).getBytes(StandardCharsets.UTF_8));
    }

    private static UUID decodeCursor(String cursor) {
        String text = decodedText(cursor);
        try {
            return text == null ? null : UUID.fromString(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The cursor's key, or null when it is not a cursor this API made. */
    private static String decodedText(String cursor) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            return text.startsWith(CURSOR_PREFIX) ? text.substring(CURSOR_PREFIX.length()) : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
