package payments.platform;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.BASE;
import static payments.TestSupport.api;
import static payments.TestSupport.apiAs;
import static payments.TestSupport.newToken;

@QuarkusTest
class ApiTokenTest {

    @Inject
    BootstrapCredentials bootstrap;

    @Test
    void createShowsTheSecretOnceAndTheTokenWorks() {
        JsonPath created = api().body(Map.of("name", "reporting", "permissions", List.of("VIEW")))
                .post("/tokens").then().statusCode(201)
                .body("id", matchesPattern("^Token:[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$"))
                .body("permissions", equalTo(List.of("VIEW")))
                .extract().jsonPath();
        String id = created.getString("id");
        api().get("/tokens/" + id).then().statusCode(200).body("clientSecret", nullValue()).body("name", equalTo("reporting"));
        apiAs(created.getString("clientId"), created.getString("clientSecret")).get("/config").then().statusCode(200);
    }

    @Test
    void missingOrWrongCredentialsAre401() {
        RestAssured.given().basePath(BASE).get("/config").then().statusCode(401).body("code", equalTo("UNAUTHORIZED"));
        apiAs("test-client", "wrong").get("/config").then().statusCode(401).body("code", equalTo("UNAUTHORIZED"));
        apiAs("nobody", "test-secret").get("/config").then().statusCode(401).body("code", equalTo("UNAUTHORIZED"));
        RestAssured.given().basePath(BASE).header("Authorization", "Basic !!!").get("/config").then().statusCode(401);
        RestAssured.given().basePath(BASE).header("Authorization", "Bearer some-agent-token").get("/config")
                .then().statusCode(401).body("code", equalTo("UNAUTHORIZED"));
    }

    @Test
    void permissionsAreEnforced() {
        Map<String, String> viewer = newToken("VIEW");
        apiAs(viewer.get("clientId"), viewer.get("clientSecret")).get("/config").then().statusCode(200);
        apiAs(viewer.get("clientId"), viewer.get("clientSecret")).body(Map.of("umaDomain", "example.com"))
                .patch("/config").then().statusCode(403).body("code", equalTo("FORBIDDEN"));
        apiAs(viewer.get("clientId"), viewer.get("clientSecret"))
                .body(Map.of("name", "escalate", "permissions", List.of("MANAGE"))).post("/tokens").then().statusCode(403);

        Map<String, String> transactor = newToken("TRANSACT");
        apiAs(transactor.get("clientId"), transactor.get("clientSecret")).get("/config").then().statusCode(403);
    }

    /** A token grants at most what its creator holds; in the sandbox, MANAGE may grant COMPLIANCE_REVIEW. */
    @Test
    void aTokenGrantsAtMostWhatItsCreatorHolds() {
        Map<String, String> manager = newToken("MANAGE");
        var asManager = apiAs(manager.get("clientId"), manager.get("clientSecret"));
        asManager.body(Map.of("name", "escalate", "permissions", List.of("MANAGE", "TRANSACT", "VIEW"))).post("/tokens")
                .then().statusCode(403).body("code", equalTo("FORBIDDEN"))
                .body("details.errors[0].field", equalTo("permissions"))
                .body("reason", matchesPattern(".*cannot grant TRANSACT, VIEW$"));
        apiAs(manager.get("clientId"), manager.get("clientSecret")).body(Map.of("name", "deputy", "permissions", List.of("MANAGE")))
                .post("/tokens").then().statusCode(201);
        apiAs(manager.get("clientId"), manager.get("clientSecret")).body(Map.of("name", "desk", "permissions", List.of("COMPLIANCE_REVIEW")))
                .post("/tokens").then().statusCode(201);
    }

    @Test
    void deletedTokenStopsWorkingAtOnce() {
        Map<String, String> token = newToken("VIEW", "MANAGE");
        apiAs(token.get("clientId"), token.get("clientSecret")).get("/config").then().statusCode(200);
        api().delete("/tokens/" + token.get("id")).then().statusCode(204);
        apiAs(token.get("clientId"), token.get("clientSecret")).get("/config").then().statusCode(401);
        api().get("/tokens/" + token.get("id")).then().statusCode(404);
        api().delete("/tokens/" + token.get("id")).then().statusCode(404);
    }

    /** The compliance desk's token as the operator's configuration makes it, under a client id of its own (the suite's desk stays). */
    private record Desk(String id, String clientId, String secret) {
        RequestSpecification as() {
            return apiAs(clientId, secret);
        }
    }

    private Desk configuredDesk() {
        String clientId = "desk-" + UUID.randomUUID();
        String secret = "desk-secret-" + UUID.randomUUID();
        bootstrap.ensureComplianceToken(Optional.of(clientId), Optional.of(secret));
        String id = api().queryParam("name", BootstrapCredentials.COMPLIANCE_NAME).queryParam("limit", 100).get("/tokens").then()
                .statusCode(200).extract().path("data.find { it.clientId == '" + clientId + "' }.id");
        return new Desk(id, clientId, secret);
    }

    /** The platform's MANAGE tokens cannot end the compliance desk's token: the desk goes on deciding. */
    @Test
    void noOtherTokenDeletesTheComplianceDesksToken() {
        Desk desk = configuredDesk();
        Map<String, String> manager = newToken("MANAGE");

        api().delete("/tokens/" + desk.id()).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
        apiAs(manager.get("clientId"), manager.get("clientSecret")).delete("/tokens/" + desk.id()).then().statusCode(403);

        desk.as().get("/compliance/reviews").then().statusCode(200);
        api().get("/tokens/" + desk.id()).then().statusCode(200);
    }

    /** The desk ends its own token, and it stays ended across a restart; it deletes no other token. */
    @Test
    void theComplianceDeskDeletesItsOwnTokenAndNoOther() {
        Desk desk = configuredDesk();
        Map<String, String> viewer = newToken("VIEW");

        desk.as().delete("/tokens/" + viewer.get("id")).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
        apiAs(viewer.get("clientId"), viewer.get("clientSecret")).get("/config").then().statusCode(200);

        desk.as().delete("/tokens/" + desk.id()).then().statusCode(204);
        desk.as().get("/compliance/reviews").then().statusCode(401);
        bootstrap.ensureComplianceToken(Optional.of(desk.clientId()), Optional.of(desk.secret()));
        desk.as().get("/compliance/reviews").then().statusCode(401);
    }

    @Test
    void listingPagesWithoutDuplicatesAndFilters() {
        String name = "page-" + UUID.randomUUID();
        for (int i = 0; i < 7; i++) {
            api().body(Map.of("name", name, "permissions", List.of("VIEW"))).post("/tokens").then().statusCode(201);
        }
        Set<String> seen = new HashSet<>();
        String cursor = null;
        int pages = 0;
        do {
            var request = api().queryParam("name", name).queryParam("limit", 3);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            JsonPath page = request.get("/tokens").then().statusCode(200).body("totalCount", equalTo(7)).extract().jsonPath();
            List<String> ids = page.getList("data.id");
            ids.forEach(id -> assertTrue(seen.add(id), "duplicate " + id));
            cursor = page.getBoolean("hasMore") ? page.getString("nextCursor") : null;
            if (!page.getBoolean("hasMore")) {
                assertFalse(page.getMap("").containsKey("nextCursor"));
            }
            pages++;
        } while (cursor != null);
        assertEquals(7, seen.size());
        assertEquals(3, pages);
        api().queryParam("createdAfter", "2999-01-01T00:00:00Z").get("/tokens").then().statusCode(200)
                .body("totalCount", equalTo(0)).body("hasMore", equalTo(false));
        api().queryParam("name", "bootstrap").get("/tokens").then().statusCode(200)
                .body("totalCount", equalTo(1)).body("data[0].permissions", hasItems("VIEW", "TRANSACT", "MANAGE"));
    }
}
