package payments.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * A JSON request body as a resource receives it: the tree as sent (null when there is none) and the
 * request record it binds to. Binding waits for {@link #bound()}, called inside the operation, so a
 * body that does not bind is refused like any other invalid request: every bad field at once, and
 * under an Idempotency-Key the refusal is the key's stored answer. {@link #tree()} is what the key's
 * request hash covers. Read by {@code common.web.JsonBodyReader}.
 */
public record JsonBody<T>(JsonNode tree, Class<T> type, JsonBodies binder) {

    /** The body bound to its record, with the values that could not be bound; 400 if it is not a JSON object. */
    public JsonBodies.Bound<T> bound() {
        return binder.bind(tree, type);
    }

    /** An optional body bound (none, or JSON null, binds as an empty request): 400 listing the values that could not be bound. */
    public T orEmpty() {
        boolean absent = tree == null || tree.isNull() || tree.isMissingNode();
        return binder.bind(absent ? JsonNodeFactory.instance.objectNode() : tree, type).valid();
    }

    /** The body checked against the interface's schema for it, then bound ({@link JsonBodies#check}). */
    public JsonBodies.Bound<T> checked(payments.common.schema.JsonSchema schema) {
        return binder.check(tree, schema, type);
    }
}
