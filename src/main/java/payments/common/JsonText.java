package payments.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Reads and writes the JSON documents kept in text columns. They are written by this server, so
 * an unreadable one is a server fault, not a client error.
 */
@ApplicationScoped
public class JsonText {

    private final ObjectMapper mapper;

    public JsonText(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public JsonNode read(String json) {
        try {
            return mapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A stored JSON document is unreadable", e);
        }
    }

    public <T> T read(String json, Class<T> type) {
        try {
            return mapper.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A stored JSON document is unreadable", e);
        }
    }

    public String write(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot serialize a JSON document", e);
        }
    }

    /** The text values of a JSON array. */
    public static java.util.List<String> texts(JsonNode array) {
        java.util.List<String> values = new java.util.ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        return values;
    }

    /** Parses JSON written in the source (schemas, fixtures); a mistake there is a programming error. */
    public static JsonNode parse(String text) {
        try {
            return new ObjectMapper().readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Invalid JSON in the source", e);
        }
    }
}
