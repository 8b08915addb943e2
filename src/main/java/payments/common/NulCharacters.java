package payments.common;

import com.fasterxml.jackson.databind.JsonNode;
import payments.common.FieldError.Constraint;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The NUL character in a body's strings or field names, which PostgreSQL text cannot hold (nor a
 * jsonb read of stored JSON): each place it occurs, as a field error. Every way a body comes in
 * refuses it: the API's JSON at the edge, the console's forms as they become an operation's body.
 */
public final class NulCharacters {

    private static final Constraint NO_NUL = Constraint.pattern("^[^\\x00]*$");

    private NulCharacters() {
    }

    public static List<FieldError> in(JsonNode tree) {
        List<FieldError> errors = new ArrayList<>();
        collect(tree, "", errors);
        return errors;
    }

    private static void collect(JsonNode node, String path, List<FieldError> errors) {
        if (node == null) {
            return;
        }
        if (node.isTextual() && node.asText().indexOf('\0') >= 0) {
            errors.add(new FieldError(path.isEmpty() ? "body" : path, NO_NUL, "Must not contain the NUL character"));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collect(node.get(i), path + "[" + i + "]", errors);
            }
        } else if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                String fieldPath = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
                if (field.getKey().indexOf('\0') >= 0) {
                    errors.add(new FieldError(fieldPath, NO_NUL, "A field name must not contain the NUL character"));
                }
                collect(field.getValue(), fieldPath, errors);
            }
        }
    }
}
