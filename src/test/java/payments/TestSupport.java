package payments;

import io.quarkus.test.common.QuarkusTestResource;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Shared steps of the integration tests, written as an integrator would call the API. */
@QuarkusTestResource(EmbeddedDatabaseResource.class)
public final class TestSupport {

    public static final String BASE = "/2025-10-13";
    public static final String CLIENT_ID = "test-client";
    public static final String CLIENT_SECRET = "test-secret";
    /** The compliance desk's credential the test profile configures (in production the only COMPLIANCE_REVIEW holder). */
    public static final String COMPLIANCE_ID = "test-compliance-desk";
    public static final String COMPLIANCE_SECRET = "test-compliance-secret";
    public static final String OPERATIONS_ID = "test-bank-operations-desk";
    public static final String OPERATIONS_SECRET = "test-bank-operations-secret";

    static {
        // Every answer any test receives is held against the reference interface's schemas.
        RestAssured.filters(ReferenceShapes.FILTER);
    }

    private TestSupport() {
    }

    /**
     * The served OpenAPI document's operations keyed by their full path (the document's server, the API's
     * base path, then the operation's path), each item holding only its operations, every one with its
     * path item's parameters added and its request body written out where it names a shared one.
     */
    public static com.fasterxml.jackson.databind.node.ObjectNode servedOperations(com.fasterxml.jackson.databind.JsonNode document) {
        String base = document.at("/servers/0/url").asText("");
        com.fasterxml.jackson.databind.node.ObjectNode paths = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        document.get("paths").fields().forEachRemaining(path -> {
            com.fasterxml.jackson.databind.node.ObjectNode operations = paths.putObject(base + path.getKey());
            path.getValue().fields().forEachRemaining(entry -> {
                if (List.of("get", "put", "post", "delete", "patch").contains(entry.getKey())) {
                    com.fasterxml.jackson.databind.node.ObjectNode operation = entry.getValue().deepCopy();
                    path.getValue().path("parameters").forEach(shared -> operation.withArray("parameters").add(shared));
                    String body = operation.at("/requestBody/$ref").asText("");
                    if (body.startsWith("#/components/requestBodies/")) {
                        operation.set("requestBody", document.at(body.substring(1)));
                    }
                    operations.set(entry.getKey(), operation);
                }
            });
        });
        return paths;
    }

    /** A request as the bootstrap token (all permissions). */
    /**
     * A unique platformCustomerId: the prefix, a random UUID and a fixed end, so that it never ends
     * in a sandbox magic value by chance (a random UUID ends in 909, which fails account
     * provisioning, once in 4096 customers).
     */
    public static String uniqueCustomerRef(String prefix) {
        return prefix + "-" + UUID.randomUUID() + "-ref";
    }

    public static RequestSpecification api() {
        return RestAssured.given().basePath(BASE).auth().preemptive().basic(CLIENT_ID, CLIENT_SECRET)
                .contentType(ContentType.JSON);
    }

    public static RequestSpecification complianceDesk() {
        return apiAs(COMPLIANCE_ID, COMPLIANCE_SECRET);
    }

    /** The bank operations desk's credential the test profile configures (in production the only BANK_OPERATIONS holder). */
    public static RequestSpecification operationsDesk() {
        return apiAs(OPERATIONS_ID, OPERATIONS_SECRET);
    }

    public static RequestSpecification apiAs(String clientId, String secret) {
        return RestAssured.given().basePath(BASE).auth().preemptive().basic(clientId, secret).contentType(ContentType.JSON);
    }

    /** Creates a token with the given permissions and returns {clientId, clientSecret, id}. */
    public static Map<String, String> newToken(String... permissions) {
        var response = api().body(Map.of("name", "test-" + UUID.randomUUID(), "permissions", List.of(permissions)))
                .post("/tokens").then().statusCode(201).extract().jsonPath();
        return Map.of("id", response.getString("id"), "clientId", response.getString("clientId"),
                "clientSecret", response.getString("clientSecret"));
    }
}
