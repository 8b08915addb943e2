package payments.common;

import payments.common.schema.SchemaValidator;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Field rules shared by several request bodies that their schemas cannot express. */
public final class FieldRules {

    private static final Map<String, Pattern> US_TAX_ID_FORMATS = Map.of(
            "SSN", Pattern.compile("^\\d{3}-\\d{2}-\\d{4}$"),
            "ITIN", Pattern.compile("^9\\d{2}-\\d{2}-\\d{4}$"));

    private FieldRules() {
    }

    /** The constant of {@code type} a request's {@code field} names, or 400 naming the allowed values. */
    public static <E extends Enum<E>> E requireOneOf(String field, String value, Class<E> type) {
        List<String> allowed = java.util.Arrays.stream(type.getEnumConstants()).map(Enum::name).toList();
        if (value == null || !allowed.contains(value)) {
            throw ApiException.invalidField(field, FieldError.Constraint.oneOf(allowed), "Must be one of " + String.join(", ", allowed));
        }
        return Enum.valueOf(type, value);
    }

    /** A date (already known to be one, or null) must not be after today. */
    public static void notInFuture(String value, String field, LocalDate today, List<FieldError> errors) {
        if (value != null && SchemaValidator.matchesFormat("date", value) && LocalDate.parse(value).isAfter(today)) {
            errors.add(new FieldError(field, FieldError.Constraint.format("date"), "Must not be in the future"));
        }
    }

    /** idType and identifier go together; SSN and ITIN identifiers must have their US format. */
    public static void identification(String idType, String identifier, String prefix, List<FieldError> errors) {
        if (idType != null && identifier == null) {
            errors.add(FieldError.of(prefix + "identifier", "Is required with idType"));
        } else if (identifier != null && idType == null) {
            errors.add(FieldError.of(prefix + "idType", "Is required with identifier"));
        } else if (identifier != null && US_TAX_ID_FORMATS.containsKey(idType)
                && !US_TAX_ID_FORMATS.get(idType).matcher(identifier).matches()) {
            errors.add(new FieldError(prefix + "identifier", FieldError.Constraint.pattern(US_TAX_ID_FORMATS.get(idType).pattern()),
                    "Must be an " + idType + " formatted ###-##-####"));
        }
    }
}
