package payments.common;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Builds the WHERE clause of a list query from optional filters, collecting every malformed filter
 * value so they are reported together. Date filters are ISO 8601 and inclusive.
 */
public final class QueryFilters {

    private final List<String> clauses = new ArrayList<>();
    private final Map<String, Object> params = new LinkedHashMap<>();
    private final List<FieldError> errors = new ArrayList<>();
    private String pageClause;
    private UUID pageAfter;

    public QueryFilters where(String clause) {
        clauses.add(clause);
        return this;
    }

    /** A clause with one named parameter, added only when {@code value} is present. */
    public QueryFilters where(String clause, String param, Object value) {
        if (value != null) {
            clauses.add(clause);
            params.put(param, value);
        }
        return this;
    }

    public QueryFilters equal(String column, String param, Object value) {
        if (value != null) {
            clauses.add(column + " = :" + param);
            params.put(param, value);
        }
        return this;
    }

    /** {@code column = value} for a filter whose values are an enum's names; any other value is a field error. */
    public QueryFilters oneOf(String column, String param, String value, Class<? extends Enum<?>> allowed) {
        if (value == null) {
            return this;
        }
        List<String> names = java.util.Arrays.stream(allowed.getEnumConstants()).map(Enum::name).toList();
        if (names.contains(value)) {
            return equal(column, param, value);
        }
        errors.add(new FieldError(param, FieldError.Constraint.oneOf(names), "Must be one of " + String.join(", ", names)));
        return this;
    }

    /**
     * A filter the spec renamed, given under either name (the reference's clients send {@code referenceName}):
     * the value given; 400 when both are given and differ, so that neither name is ever ignored.
     */
    public static String renamed(String name, String value, String referenceName, String referenceValue) {
        if (value != null && referenceValue != null && !value.equals(referenceValue)) {
            throw ApiException.invalidField(referenceName, null, "Is the reference's name for " + name + "; give one of them, or the same value");
        }
        return value != null ? value : referenceValue;
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

    /** Keyset paging on a time-ordered UUID id, newest first: the rows of the requested page. */
    public QueryFilters page(String idColumn, PageRequest page) {
        return page(idColumn, page, false);
    }

    /** Keyset paging in either direction (oldest first when {@code ascending}). */
    public QueryFilters page(String idColumn, PageRequest page, boolean ascending) {
        if (page.after() != null) {
            pageClause = idColumn + (ascending ? " > :afterId" : " < :afterId");
            pageAfter = page.after();
        }
        return this;
    }

    /** The filters and the paging bound, for the page's rows. */
    public String clause() {
        return pageClause == null ? countClause() : countClause() + " and " + pageClause;
    }

    public Map<String, Object> params() {
        if (pageAfter == null) {
            return params;
        }
        Map<String, Object> withPage = new LinkedHashMap<>(params);
        withPage.put("afterId", pageAfter);
        return withPage;
    }

    /** The filters without the paging bound, for `totalCount`. */
    public String countClause() {
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        return clauses.isEmpty() ? "1 = 1" : String.join(" and ", clauses);
    }

    /** The filter values that could not be read so far (answered with the caller's own problems, all at once). */
    public List<FieldError> errors() {
        return List.copyOf(errors);
    }

    public Map<String, Object> countParams() {
        return params;
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
