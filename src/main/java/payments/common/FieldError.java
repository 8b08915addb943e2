package payments.common;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;

/** One invalid field of a request, as reported in `details.errors[]`. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FieldError(String field, Constraint constraint, String message) {

    /** A pattern for one-line text (a reason, a label): no control characters. */
    public static final String ONE_LINE = "[^\\x00-\\x1F\\x7F]*";

    /** The reference's FieldConstraint: a machine-readable hint of what the field must satisfy. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Constraint(String format, String pattern, @JsonProperty("enum") List<String> enumValues, Integer minLength, Integer maxLength) {

        public static Constraint format(String format) {
            return new Constraint(format, null, null, null, null);
        }

        public static Constraint pattern(String pattern) {
            return new Constraint(null, pattern, null, null, null);
        }

        public static Constraint oneOf(List<String> values) {
            return new Constraint(null, null, values, null, null);
        }

        /** The field must hold a wire id of one of these types. */
        public static Constraint idOf(IdType... types) {
            String alternatives = java.util.Arrays.stream(types).map(IdType::prefix).collect(java.util.stream.Collectors.joining("|"));
            return pattern(types.length == 1 ? types[0].pattern() : types[0].pattern().replace("^" + types[0].prefix(), "^(" + alternatives + ")"));
        }

        public static Constraint length(Integer min, Integer max) {
            return new Constraint(null, null, null, min, max);
        }
    }

    /**
     * Adds to {@code errors} that {@code field} must hold an id of {@code type} when {@code value}
     * is present and is not one; true when it is absent or well-formed.
     */
    public static boolean checkId(String field, IdType type, String value, java.util.List<FieldError> errors) {
        if (value == null || Ids.isValid(type, value)) {
            return true;
        }
        String article = "AEIOU".indexOf(type.prefix().charAt(0)) >= 0 ? "an " : "a ";
        errors.add(new FieldError(field, Constraint.idOf(type), "Must be " + article + type.prefix() + " id"));
        return false;
    }

    public static FieldError of(String field, String message) {
        return new FieldError(field, null, message);
    }
}
