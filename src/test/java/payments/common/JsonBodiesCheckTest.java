package payments.common;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import payments.common.schema.JsonSchema;
import payments.common.web.StrictJsonTypes;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one way in for a body with a schema (JsonBodies.check): the schema's errors as the schema reports
 * them, each refused value left out of the record (reported once, never again as a binding error, and
 * never failing the binding), the values that passed bound, and which fields were sent, as null or not.
 */
class JsonBodiesCheckTest {

    record Request(Integer count, String name, List<Integer> items, String note) {
    }

    private static final JsonSchema SCHEMA = JsonSchema.parse(JsonText.parse("""
            {"type": "object", "required": ["count"], "properties": {
              "count": {"type": "integer", "maximum": 10},
              "name": {"type": "string"},
              "items": {"type": "array", "items": {"type": "integer"}},
              "note": {"type": "string"}}}"""));

    private final JsonBodies bodies = new JsonBodies(mapper());

    private static ObjectMapper mapper() {
        ObjectMapper mapper = new ObjectMapper();
        new StrictJsonTypes().customize(mapper);
        return mapper;
    }

    @Test
    void refusedValuesAreReportedOnceAndLeftOutOfTheRecord() {
        JsonBodies.Bound<Request> bound = bodies.check(JsonText.parse("""
                {"count": 99999999999, "name": null, "items": [1, "x", 3], "note": "kept"}"""), SCHEMA, Request.class);

        List<String> fields = bound.typeErrors().stream().map(FieldError::field).toList();
        // A null for an optional field is the schema's "not given" (the reference's fields are nullable).
        assertEquals(List.of("count", "items[1]"), fields, bound.typeErrors().toString());
        assertNull(bound.value().count(), "too large for the record, and refused by the schema: left out, not a 400 INVALID_REQUEST_FORMAT");
        assertNull(bound.value().name());
        assertEquals(List.of(1, 3), bound.value().items(), "an item of the wrong type is left out by the schema");
        assertEquals("kept", bound.value().note());
        assertTrue(bound.sent("name") && bound.sentAsNull("name"));
        assertTrue(bound.sent("count") && !bound.sentAsNull("count"), "sent, with a value that was refused");
        assertFalse(bound.sent("absent"));
    }

    record Outer(Request inner) {
    }

    @Test
    void fieldsSentInsideObjectsAreKnownByTheirPath() {
        JsonSchema outer = JsonSchema.parse(JsonText.parse("{\"type\": \"object\", \"properties\": {}}")).withProperty("inner", SCHEMA);
        JsonBodies.Bound<Outer> bound = bodies.check(JsonText.parse("""
                {"inner": {"count": 2, "note": null}}"""), outer, Outer.class);

        assertTrue(bound.sent("inner.count") && !bound.sentAsNull("inner.count"));
        assertTrue(bound.sent("inner.note") && bound.sentAsNull("inner.note"), "a nested null is told apart from a field left out");
        assertFalse(bound.sent("inner.name"));
        assertEquals(2, bound.value().inner().count());
    }

    @Test
    void aValidBodyBindsWholeAndABodyThatIsNotAnObjectIsRefused() {
        JsonBodies.Bound<Request> bound = bodies.check(JsonText.parse("{\"count\": 3, \"items\": [4]}"), SCHEMA, Request.class);
        assertEquals(List.of(), bound.typeErrors());
        assertEquals(new Request(3, null, List.of(4), null), bound.value());
        assertEquals(ErrorCode.INVALID_INPUT, assertThrows(ApiException.class,
                () -> bodies.check(JsonText.parse("[]"), SCHEMA, Request.class)).errorCode());
    }
}
