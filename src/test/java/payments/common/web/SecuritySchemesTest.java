package payments.common.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;
import payments.TestSupport;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The served OpenAPI says how to authenticate (Swagger UI's Authorize works), with the reference's
 * schemes: Basic with an API token, the agent's bearer on /agents/me, nothing on the device-code
 * redemption and the public pages; this server's own operations take Basic; a 401 names the scheme it wants.
 */
@QuarkusTest
class SecuritySchemesTest {

    @Test
    void everyOperationSaysHowItsCallerAuthenticates() throws Exception {
        JsonNode document = new ObjectMapper().readTree(RestAssured.given().queryParam("format", "json").get("/q/openapi").then()
                .statusCode(200).extract().asString());
        JsonNode schemes = document.at("/components/securitySchemes");
        assertEquals("basic", schemes.at("/BasicAuth/scheme").asText());
        assertEquals("http", schemes.at("/BasicAuth/type").asText());
        assertEquals("bearer", schemes.at("/AgentAuth/scheme").asText());

        JsonNode operations = TestSupport.servedOperations(document);
        String base = TestSupport.BASE;
        assertTrue(operations.at("/" + escape(base + "/agents/me") + "/get/security/0").has("AgentAuth"));
        assertEquals(0, operations.at("/" + escape(base + "/agents/device-codes/{code}/redeem") + "/post/security").size(),
                "redeeming needs no credentials");
        assertTrue(operations.at("/" + escape(base + "/webhooks/deliveries") + "/get/security/0").has("BasicAuth"),
                "this server's own operations take an API token");
        assertEquals(0, operations.at("/" + escape(base) + "/get/security").size(), "the index is public");
        List<String> bearer = new ArrayList<>();
        List<String> unsaid = new ArrayList<>();
        operations.fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(operation -> {
            if (operation.getValue().path("security").toString().contains("AgentAuth")) {
                bearer.add(path.getKey());
            }
            if (!operation.getValue().has("security")) {
                unsaid.add(operation.getKey() + " " + path.getKey());
            }
        }));
        assertTrue(bearer.stream().allMatch(path -> path.startsWith(base + "/agents/me")), bearer.toString());
        assertEquals(List.of(), unsaid, "operations that do not say how their caller authenticates");

        RestAssured.given().basePath(base).get("/customers").then().statusCode(401)
                .header("WWW-Authenticate", org.hamcrest.Matchers.startsWith("Basic"));
    }

    private static String escape(String path) {
        return path.replace("~", "~0").replace("/", "~1");
    }
}
