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

    static {
        // Every answer any test receives is held against the reference interface's schemas.
        RestAssured.filters(ReferenceShapes.FILTER);
    }

    private TestSupport() {
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
