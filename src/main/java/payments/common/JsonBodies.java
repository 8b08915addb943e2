package payments.common;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;

import payments.common.schema.JsonSchema;
import payments.common.schema.SchemaValidator;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Binds a JSON body to its request record without stopping at the first value of the wrong type:
 * each such value is reported and left out, and binding goes on, so the caller can report the
 * type errors together with every other invalid field of the request.
 */
@ApplicationScoped
public class JsonBodies {

    /** More wrong values than a request has fields means something else is wrong: stop there. */
    private static final int MAX_TYPE_ERRORS = 100;

    private final ObjectMapper mapper;

    public JsonBodies(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** A bound request and the values that could not be bound (their fields are left unset). */
    public record Bound<T>(T value, List<FieldError> typeErrors, java.util.Map<String, Boolean> sent) {

        /** Whether the body carried the field (a dot path through objects), whatever its value, null included. */
        public boolean sent(String field) {
            return sent.containsKey(field);
        }

        /** Whether the body carried the field (a dot path through objects) as JSON null. */
        public boolean sentAsNull(String field) {
            return Boolean.TRUE.equals(sent.get(field));
        }

        /** The request, for a body with no rules beyond its schema: 400 listing every error if there is one. */
        public T valid() {
            return valid((request, errors) -> { });
        }

        /**
         * The request with one field checked by {@code check} (given the request, null when there was
         * no body) instead of by its type: 400 with {@code ifInvalid} when the check fails or the value
         * was of the wrong type, listed with every other error.
         */
        public T valid(FieldError ifInvalid, java.util.function.Predicate<T> check) {
            boolean wrongType = typeErrors.stream().anyMatch(error -> ifInvalid.field().equals(error.field()));
            List<FieldError> errors = new ArrayList<>(typeErrors.stream().filter(error -> !ifInvalid.field().equals(error.field())).toList());
            if (wrongType || !check.test(value)) {
                errors.add(ifInvalid);
            }
            if (!errors.isEmpty()) {
                throw ApiException.invalidInput(errors);
            }
            return value;
        }

        /** The request once {@code rules} have added their errors to the binding's: 400 listing them all if there is one. */
        public T valid(java.util.function.BiConsumer<T, List<FieldError>> rules) {
            List<FieldError> errors = new ArrayList<>(typeErrors);
            rules.accept(value, errors);
            if (!errors.isEmpty()) {
                throw ApiException.invalidInput(errors);
            }
            return value;
        }
    }

    /** A body built in process (the console's forms), as a resource would receive it. */
    public <T> JsonBody<T> body(JsonNode tree, Class<T> type) {
        List<FieldError> nul = NulCharacters.in(tree);
        if (!nul.isEmpty()) {
            throw ApiException.invalidInput(nul);
        }
        return new JsonBody<>(tree, type, this);
    }

    public <T> Bound<T> bind(JsonNode body, Class<T> type) {
        return bind(body, type, true);
    }

    /**
     * The "one way in" for a body the interface gives a schema for: checked against it first (every
     * violation, unknown fields by the policy, exactly as the schema check reports them), then bound
     * to its record; a value of the wrong type is reported once, by the schema. The feature's own rules
     * then run on the record and add their errors to {@link Bound#typeErrors()} before anything is refused.
     */
    public <T> Bound<T> check(JsonNode body, JsonSchema schema, Class<T> type) {
        if (body == null || !body.isObject()) {
            throw ApiException.bodyNotAnObject();
        }
        SchemaValidator.Result result = UnknownFields.validate(body, schema, "");
        List<FieldError> errors = new ArrayList<>(result.errors());
        // The schema's result leaves out values of the wrong type (an array, its wrong items); the ones it keeps
        // though refused (out of range, too long) go too: each is reported once, by the schema.
        // A choice whose variant is unknown checked nothing: nothing of it is bound.
        // The cleaned value may share parts with the body as sent (free-form objects): copied before anything is removed.
        ObjectNode checked = !(result.value() instanceof ObjectNode cleaned) ? mapper.createObjectNode()
                : errors.isEmpty() ? cleaned : cleaned.deepCopy();
        errors.forEach(error -> removeField(checked, error.field()));
        Bound<T> bound = bind(checked, type, false);
        errors.addAll(bound.typeErrors());
        return new Bound<>(bound.value(), List.copyOf(errors), sentFields(body));
    }

    /** The body's fields, by dot path through its objects (not into arrays), each with whether it was sent as null. */
    private static java.util.Map<String, Boolean> sentFields(JsonNode body) {
        java.util.Map<String, Boolean> names = new java.util.LinkedHashMap<>();
        collectSent(body, "", names);
        return java.util.Collections.unmodifiableMap(names);
    }

    private static void collectSent(JsonNode object, String prefix, java.util.Map<String, Boolean> names) {
        object.fields().forEachRemaining(field -> {
            String path = prefix + field.getKey();
            names.put(path, field.getValue().isNull());
            if (field.getValue().isObject()) {
                collectSent(field.getValue(), path + ".", names);
            }
        });
    }

    /** Removes the object field a field error names ("a.b.c"); a path through an array is left to the schema's result. */
    private static void removeField(ObjectNode root, String field) {
        if (field.contains("[")) {
            return;
        }
        List<JsonMappingException.Reference> path = new ArrayList<>();
        for (String name : field.split("\\.")) {
            path.add(new JsonMappingException.Reference(null, name));
        }
        remove(root, path);
    }

    private <T> Bound<T> bind(JsonNode body, Class<T> type, boolean reportUnknown) {
        if (body == null || body.isNull() || body.isMissingNode()) {
            return new Bound<>(null, List.of(), java.util.Map.of());
        }
        if (!body.isObject()) {
            throw ApiException.bodyNotAnObject();
        }
        // Copied only when a value has to be taken out: most bodies bind at the first try.
        JsonNode remaining = body;
        List<FieldError> typeErrors = new ArrayList<>();
        java.util.Set<String> unknown = new java.util.LinkedHashSet<>();
        com.fasterxml.jackson.databind.ObjectReader reader = mapper.readerFor(type).withHandler(new UnknownPropertyCollector(unknown));
        while (true) {
            try {
                T value = reader.readValue(remaining);
                // Unknown fields of a schema-checked body were the schema's to judge: here they are only skipped.
                if (reportUnknown) {
                    UnknownFields.found(List.copyOf(unknown), typeErrors);
                }
                return new Bound<>(value, List.copyOf(typeErrors), sentFields(body));
            } catch (MismatchedInputException e) {
                if (remaining == body) {
                    remaining = body.deepCopy();
                }
                if (e.getPath().isEmpty() || typeErrors.size() == MAX_TYPE_ERRORS || !remove(remaining, e.getPath())) {
                    throw ApiException.invalidInput(typeErrors.isEmpty() ? List.of(typeMismatch(e)) : typeErrors);
                }
                typeErrors.add(typeMismatch(e));
            } catch (IOException e) {
                throw new ApiException(ErrorCode.INVALID_REQUEST_FORMAT, "The request body cannot be read as this request");
            }
        }
    }

    /** Notes each property the bound type does not have (as a dot path), and skips it as Jackson would. */
    private static final class UnknownPropertyCollector extends com.fasterxml.jackson.databind.deser.DeserializationProblemHandler {
        private final java.util.Set<String> unknown;

        UnknownPropertyCollector(java.util.Set<String> unknown) {
            this.unknown = unknown;
        }

        @Override
        public boolean handleUnknownProperty(com.fasterxml.jackson.databind.DeserializationContext context,
                                             com.fasterxml.jackson.core.JsonParser parser,
                                             com.fasterxml.jackson.databind.JsonDeserializer<?> deserializer, Object bean,
                                             String property) throws IOException {
            List<String> names = new ArrayList<>();
            for (com.fasterxml.jackson.core.JsonStreamContext at = parser.getParsingContext().getParent(); at != null && !at.inRoot();
                 at = at.getParent()) {
                if (at.getCurrentName() != null) {
                    names.add(0, at.getCurrentName());
                }
            }
            names.add(property);
            unknown.add(String.join(".", names));
            parser.skipChildren();
            return true;
        }
    }

    /** Removes the value at {@code path} so binding can go on without it; false when there is none. */
    private static boolean remove(JsonNode root, List<JsonMappingException.Reference> path) {
        JsonNode parent = root;
        for (int i = 0; i < path.size() - 1; i++) {
            parent = step(parent, path.get(i));
            if (parent == null) {
                return false;
            }
        }
        JsonMappingException.Reference last = path.get(path.size() - 1);
        if (parent instanceof ObjectNode object && last.getFieldName() != null && object.has(last.getFieldName())) {
            object.remove(last.getFieldName());
            return true;
        }
        if (parent instanceof ArrayNode array && last.getIndex() >= 0 && last.getIndex() < array.size()
                && !array.get(last.getIndex()).isNull()) {
            // Nulled, not removed: the later elements keep their positions, so their errors name them right.
            array.set(last.getIndex(), NullNode.getInstance());
            return true;
        }
        return false;
    }

    private static JsonNode step(JsonNode node, JsonMappingException.Reference reference) {
        return reference.getFieldName() != null ? node.get(reference.getFieldName())
                : reference.getIndex() >= 0 ? node.get(reference.getIndex()) : null;
    }

    /** The field error for a value Jackson could not bind, named by its JSON path. */
    public static FieldError typeMismatch(MismatchedInputException e) {
        String field = jsonPath(e.getPath());
        Class<?> target = e.getTargetType();
        if (e instanceof InvalidFormatException && target != null && target.isEnum()) {
            List<String> values = Arrays.stream(target.getEnumConstants()).map(Object::toString).toList();
            return new FieldError(field, FieldError.Constraint.oneOf(values), "Value is not one of the allowed values");
        }
        return FieldError.of(field, "Expected " + (target == null ? "another type" : describe(target)));
    }

    static String jsonPath(List<JsonMappingException.Reference> path) {
        StringBuilder out = new StringBuilder();
        for (JsonMappingException.Reference ref : path) {
            if (ref.getFieldName() != null) {
                if (!out.isEmpty()) {
                    out.append('.');
                }
                out.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                out.append('[').append(ref.getIndex()).append(']');
            }
        }
        return out.toString();
    }

    private static String describe(Class<?> target) {
        if (target == String.class) {
            return "a string";
        }
        if (Number.class.isAssignableFrom(target) || target.isPrimitive() && target != boolean.class) {
            return "a number";
        }
        if (target == Boolean.class || target == boolean.class) {
            return "a boolean";
        }
        if (List.class.isAssignableFrom(target) || target.isArray()) {
            return "an array";
        }
        return "an object";
    }
}
