package payments.common.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * The request schemas taken from the reference interface ({@code schemas/request-schemas.json},
 * produced by {@code tools/gen-schemas.py}), loaded once.
 */
@ApplicationScoped
public class RequestSchemas {

    public static final String EXTERNAL_ACCOUNT_INFO = "externalAccountInfo";
    public static final String CUSTOMER_CREATE = "customerCreate";
    public static final String CUSTOMER_UPDATE = "customerUpdate";
    public static final String BENEFICIAL_OWNER_CREATE = "beneficialOwnerCreate";
    public static final String BENEFICIAL_OWNER_UPDATE = "beneficialOwnerUpdate";

    private final Map<String, JsonSchema> schemas = new TreeMap<>();

    public RequestSchemas(ObjectMapper mapper) {
        try (InputStream in = RequestSchemas.class.getResourceAsStream("/schemas/request-schemas.json")) {
            JsonNode root = mapper.readTree(in);
            root.fields().forEachRemaining(e -> schemas.put(e.getKey(), JsonSchema.parse(e.getValue())));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the request schemas", e);
        }
    }

    public JsonSchema get(String name) {
        JsonSchema schema = schemas.get(name);
        if (schema == null) {
            throw new IllegalArgumentException("No request schema " + name);
        }
        return schema;
    }
}
