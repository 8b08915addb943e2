package payments.customer;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import payments.common.security.Caller;

import java.util.List;

/**
 * What the platform changing a customer's identity or documents does to its verification: the
 * feature that owns the review sends a customer under review or approved back to it. Called in the
 * changing transaction, with the customer locked.
 */
public interface IdentityChanges {

    /** {@code caller} changed what the customer's verification decides on; {@code what} says what, for the audit log. */
    Uni<Void> changed(Customer customer, String what, Caller caller);

    /** The {@code fields} that {@code given} sets to another value than {@code stored} holds, each named with {@code prefix}. */
    static List<String> differing(JsonNode given, JsonNode stored, List<String> fields, String prefix) {
        return fields.stream().filter(field -> given.has(field) && !given.get(field).equals(stored.get(field)))
                .map(field -> prefix + field).toList();
    }
}
