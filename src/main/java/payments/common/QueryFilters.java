package payments.common;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the WHERE clause of a list query from optional filters, collecting every malformed filter
 * value so they are reported together. Date filters are ISO 8601 and inclusive.
 */
public final class QueryFilters {

    private final List<String> clauses = new ArrayList<>();
    private final Map<String, Object> params = new LinkedHashMap<>();
    private final List<FieldError> errors = new ArrayList<>();

    public QueryFilters where(String clause) {
        clauses.add(clause);
        return this;
    }

    public QueryFilters equal(String column, String param, Object value) {
        if (value != null) {
            clauses.add(column + " = :" + param);
            params.put(param, value);
        }
        return this;
    }

    /** {@code column >= value} (or {@code <=} when {@code upper}) for an ISO 8601 date-time filter. */
    public QueryFilters timeBound(String column, String param, String value, boolean upper) {
        if (value == null) {
            return this;
        }
        Instant instant = parseInstant(value);
        if (instant == null) {
            errors.add(new FieldError(param, FieldError.Constraint.format("date-time"), "Must be an ISO 8601 date-time"));
        } else {
            clauses.add(column + (upper ? " <= :" : " >= :") + param);
            params.put(param, instant);
        }
        return this;
    }

    /** Keyset paging on a time-ordered UUID id, newest first. */
    public QueryFilters before(String idColumn, java.util.UUID after) {
        if (after != null) {
            clauses.add(idColumn + " < :afterId");
            params.put("afterId", after);
        }
        return this;
    }

    public String clause() {
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        return clauses.isEmpty() ? "1 = 1" : String.join(" and ", clauses);
    }

    public Map<String, Object> params() {
        return params;
    }

    /** The same filters without the paging bound, for `totalCount`. */
    public QueryFilters withoutPaging() {
        QueryFilters copy = new QueryFilters();
        for (String clause : clauses) {
            if (!clause.endsWith(":afterId")) {
                copy.clauses.add(clause);
            }
        }
        copy.params.putAll(params);
        copy.params.remove("afterId");
        copy.errors.addAll(errors);
        return copy;
    }

    static Instant parseInstant(String value) {
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            try {
                return Instant.parse(value);
            } catch (DateTimeParseException again) {
                return null;
            }
        }
    }
}
