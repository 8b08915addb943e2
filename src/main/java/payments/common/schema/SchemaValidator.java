package payments.common.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.ext.mail.mailencoder.EmailAddress;
import payments.common.FieldError;
import payments.common.FieldError.Constraint;
import payments.common.MinorUnits;

import java.math.BigInteger;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks a JSON value against a {@link JsonSchema}, collecting every violation with its dot path,
 * and returns a copy holding only the properties the schema knows (unknown ones are dropped, so
 * stored documents never carry fields the interface does not define).
 */
public final class SchemaValidator {

    private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());
    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$");

    private final List<FieldError> errors = new ArrayList<>();
    private final List<String> unknown = new ArrayList<>();

    private SchemaValidator() {
    }

    /** The cleaned value, the violations found (empty when valid), and the fields the schema does not define (dot paths). */
    public record Result(JsonNode value, List<FieldError> errors, List<String> unknown) {
        public boolean valid() {
            return errors.isEmpty();
        }
    }

    public static Result validate(JsonNode value, JsonSchema schema, String path) {
        SchemaValidator validator = new SchemaValidator();
        JsonNode cleaned = validator.check(value, schema, path);
        return new Result(cleaned, List.copyOf(validator.errors), List.copyOf(validator.unknown));
    }

    private JsonNode check(JsonNode value, JsonSchema schema, String path) {
        if (schema.isChoice()) {
            return checkChoice(value, schema, path);
        }
        String type = schema.type();
        if (type == null) {
            return value;
        }
        return switch (type) {
            case "object" -> checkObject(value, schema, path);
            case "array" -> checkArray(value, schema, path);
            case "string" -> checkString(value, schema, path);
            case "integer" -> checkInteger(value, schema, path);
            case "number" -> expect(value.isNumber(), value, path, "Must be a number");
            case "boolean" -> expect(value.isBoolean(), value, path, "Must be true or false");
            default -> value;
        };
    }

    private JsonNode checkChoice(JsonNode value, JsonSchema schema, String path) {
        if (!value.isObject()) {
            return expect(false, value, path, "Must be an object");
        }
        String key = schema.discriminator();
        String field = join(path, key);
        JsonNode selector = value.get(key);
        if (selector == null || selector.isNull()) {
            errors.add(new FieldError(field, null, "Is required"));
            return null;
        }
        JsonSchema variant = selector.isTextual() ? schema.mapping().get(selector.asText()) : null;
        if (variant == null) {
            errors.add(new FieldError(field, Constraint.oneOf(List.copyOf(schema.mapping().keySet())),
                    "Must be one of " + String.join(", ", schema.mapping().keySet())));
            return null;
        }
        return check(value, variant, path);
    }

    private JsonNode checkObject(JsonNode value, JsonSchema schema, String path) {
        if (!value.isObject()) {
            return expect(false, value, path, "Must be an object");
        }
        ObjectNode cleaned = JsonNodeFactory.instance.objectNode();
        if (schema.open()) {
            cleaned.setAll((ObjectNode) value);
        } else {
            value.fieldNames().forEachRemaining(name -> {
                if (!schema.properties().containsKey(name)) {
                    unknown.add(join(path, name));
                }
            });
        }
        for (String name : schema.required()) {
            JsonNode present = value.get(name);
            if (present == null || present.isNull()) {
                errors.add(new FieldError(join(path, name), null, "Is required"));
            }
        }
        for (Map.Entry<String, JsonSchema> property : schema.properties().entrySet()) {
            JsonNode present = value.get(property.getKey());
            if (present != null && !present.isNull()) {
                JsonNode checked = check(present, property.getValue(), join(path, property.getKey()));
                if (checked != null) {
                    cleaned.set(property.getKey(), checked);
                }
            }
        }
        return cleaned;
    }

    private JsonNode checkArray(JsonNode value, JsonSchema schema, String path) {
        if (!value.isArray()) {
            return expect(false, value, path, "Must be an array");
        }
        if (schema.minItems() != null && value.size() < schema.minItems()) {
            errors.add(new FieldError(path, null, "Must have at least " + schema.minItems() + " items"));
        }
        if (schema.maxItems() != null && value.size() > schema.maxItems()) {
            errors.add(new FieldError(path, null, "Must have at most " + schema.maxItems() + " items"));
        }
        ArrayNode cleaned = JsonNodeFactory.instance.arrayNode();
        // Items past the bound are refused with the array: checking each would only repeat the same errors.
        int checked = schema.maxItems() == null ? value.size() : Math.min(value.size(), schema.maxItems());
        for (int i = 0; i < checked; i++) {
            JsonNode item = schema.items() == null ? value.get(i) : check(value.get(i), schema.items(), path + "[" + i + "]");
            if (item != null) {
                cleaned.add(item);
            }
        }
        return cleaned;
    }

    private JsonNode checkString(JsonNode value, JsonSchema schema, String path) {
        if (!value.isTextual()) {
            return expect(false, value, path, "Must be a string");
        }
        String text = value.asText();
        int before = errors.size();
        if (schema.enumValues() != null && !schema.enumValues().contains(text)) {
            errors.add(new FieldError(path, Constraint.oneOf(schema.enumValues()),
                    "Must be one of " + String.join(", ", schema.enumValues())));
        }
        Integer min = schema.minLength();
        Integer max = schema.maxLength();
        if ((min != null && text.length() < min) || (max != null && text.length() > max)) {
            errors.add(new FieldError(path, Constraint.length(min, max), lengthMessage(min, max)));
        } else if (schema.pattern() != null && !schema.pattern().matcher(text).find()) {
            errors.add(new FieldError(path, Constraint.pattern(schema.pattern().pattern()),
                    "Must match " + schema.pattern().pattern()));
        }
        if (errors.size() == before && schema.format() != null && !matchesFormat(schema.format(), text)) {
            errors.add(new FieldError(path, Constraint.format(schema.format()), formatMessage(schema.format())));
        }
        return value;
    }

    private JsonNode checkInteger(JsonNode value, JsonSchema schema, String path) {
        if (!value.isIntegralNumber()) {
            return expect(false, value, path, "Must be an integer");
        }
        // Every integer of these requests without a bound of its own is an amount in minor units.
        long maximum = schema.maximum() != null ? schema.maximum() : MinorUnits.MAX_AMOUNT;
        BigInteger number = value.bigIntegerValue();
        if ((schema.minimum() != null && number.compareTo(BigInteger.valueOf(schema.minimum())) < 0)
                || number.compareTo(BigInteger.valueOf(maximum)) > 0) {
            errors.add(new FieldError(path, null, schema.minimum() == null ? "Must be at most " + maximum
                    : "Must be between " + schema.minimum() + " and " + maximum));
        }
        return value;
    }

    private JsonNode expect(boolean ok, JsonNode value, String path, String message) {
        if (!ok) {
            errors.add(new FieldError(path, null, message));
            return null;
        }
        return value;
    }

    public static boolean matchesFormat(String format, String text) {
        return switch (format) {
            case "country" -> COUNTRIES.contains(text);
            case "email" -> isMailable(text);
            case "date" -> parses(() -> LocalDate.parse(text));
            case "date-time" -> parses(() -> OffsetDateTime.parse(text));
            default -> true;
        };
    }

    /**
     * One address, and exactly one: it must also read as itself to the mailer's address parser
     * ({@link EmailAddress}), which takes {@code a@b.co(Name)} as another address and refuses
     * {@code a@b.co>,<c} with an exception.
     */
    private static boolean isMailable(String text) {
        if (text.length() > 254 || !EMAIL.matcher(text).matches()) {
            return false;
        }
        try {
            return new EmailAddress(text).getEmail().equals(text);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static boolean parses(Runnable parse) {
        try {
            parse.run();
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    private static String formatMessage(String format) {
        return switch (format) {
            case "country" -> "Must be an ISO 3166-1 alpha-2 country code";
            case "email" -> "Must be an email address";
            case "date" -> "Must be a date (YYYY-MM-DD)";
            case "date-time" -> "Must be an ISO 8601 date-time";
            default -> "Must be a valid " + format;
        };
    }

    private static String lengthMessage(Integer min, Integer max) {
        if (min != null && max != null) {
            return min.equals(max) ? "Must be exactly " + min + " characters" : "Must be " + min + " to " + max + " characters";
        }
        return min != null ? "Must be at least " + min + " characters" : "Must be at most " + max + " characters";
    }

    private static String join(String path, String name) {
        return path == null || path.isEmpty() ? name : path + "." + name;
    }
}
