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
        int effective = parseLimit(limit);
        if (effective < 1 || effective > MAX_LIMIT) {
            errors.add(FieldError.of("limit", "Must be between 1 and " + MAX_LIMIT));
        }
        UUID after = null;
        if (cursor != null && !cursor.isEmpty()) {
            after = decodeCursor(cursor);
            if (after == null) {
                errors.add(FieldError.of("cursor", "Not a cursor returned by this API"));
            }
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        return new PageRequest(effective, after);
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
        try {
            String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            return text.startsWith(CURSOR_PREFIX) ? UUID.fromString(text.substring(CURSOR_PREFIX.length())) : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
