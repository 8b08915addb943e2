package payments.common.schema;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One node of a request schema, in the subset {@code tools/gen-schemas.py} emits from the reference
 * interface: a typed value with its limits, an object with required and known properties, an array
 * with its item schema, or a discriminated choice between object variants. An {@code open} object
 * (a free-form map) keeps the properties it does not describe.
 */
public record JsonSchema(String type, List<String> required, Map<String, JsonSchema> properties, JsonSchema items,
                         List<String> enumValues, Pattern pattern, Integer minLength, Integer maxLength,
                         Long minimum, Long maximum, String format, Integer minItems, Integer maxItems,
                         String discriminator, Map<String, JsonSchema> mapping, boolean open) {

    public boolean isChoice() {
        return discriminator != null;
    }

    /** This schema with one more property: on each variant of a choice, else on the object itself. */
    public JsonSchema withProperty(String name, JsonSchema property) {
        if (isChoice()) {
            Map<String, JsonSchema> variants = new LinkedHashMap<>();
            mapping.forEach((key, variant) -> variants.put(key, variant.withProperty(name, property)));
            return new JsonSchema(type, required, properties, items, enumValues, pattern, minLength, maxLength, minimum,
                    maximum, format, minItems, maxItems, discriminator, variants, open);
        }
        Map<String, JsonSchema> more = new LinkedHashMap<>(properties);
        more.put(name, property);
        return new JsonSchema(type, required, more, items, enumValues, pattern, minLength, maxLength, minimum, maximum,
                format, minItems, maxItems, discriminator, mapping, open);
    }

    public static JsonSchema parse(JsonNode node) {
        Map<String, JsonSchema> properties = new LinkedHashMap<>();
        node.path("properties").fields().forEachRemaining(e -> properties.put(e.getKey(), parse(e.getValue())));
        Map<String, JsonSchema> mapping = new LinkedHashMap<>();
        node.path("mapping").fields().forEachRemaining(e -> mapping.put(e.getKey(), parse(e.getValue())));
        return new JsonSchema(text(node, "type"), strings(node.path("required")), properties,
                node.has("items") ? parse(node.get("items")) : null,
                node.has("enum") ? strings(node.get("enum")) : null,
                node.has("pattern") ? Pattern.compile(node.get("pattern").asText()) : null,
                integer(node, "minLength"), integer(node, "maxLength"),
                node.has("minimum") ? node.get("minimum").asLong() : null,
                node.has("maximum") ? node.get("maximum").asLong() : null,
                text(node, "format"), integer(node, "minItems"), integer(node, "maxItems"),
                text(node, "discriminator"), mapping, node.path("open").asBoolean(false));
    }

    private static String text(JsonNode node, String field) {
        return node.has(field) ? node.get(field).asText() : null;
    }

    private static Integer integer(JsonNode node, String field) {
        return node.has(field) ? node.get(field).asInt() : null;
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        return List.copyOf(values);
    }
}
