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
 * The served OpenAPI says how to authenticate (Swagger UI's Authorize works): Basic for the API,
 * the agent's bearer on /agents/me, nothing on public pages; and a 401 names the scheme it wants.
 */
@QuarkusTest
class SecuritySchemesTest {

    @Test
    void everyOperationSaysHowItsCallerAuthenticates() throws Exception {
        JsonNode document = new ObjectMapper().readTree(RestAssured.given().queryParam("format", "json").get("/q/openapi").then()
                .statusCode(200).extract().asString());
        JsonNode schemes = document.at("/components/securitySchemes");
        assertEquals("basic", schemes.at("/basicAuth/scheme").asText());
        assertEquals("http", schemes.at("/basicAuth/type").asText());
        assertEquals("bearer", schemes.at("/agentBearer/scheme").asText());
        assertTrue(document.at("/security/0").has("basicAuth"), "Basic by default: " + document.get("security"));

        String base = TestSupport.BASE;
        assertTrue(document.at("/paths/" + escape(base + "/agents/me") + "/get/security/0").has("agentBearer"));
        assertEquals(0, document.at("/paths/" + escape(base + "/agents/device-codes/{code}/redeem") + "/post/security").size(),
                "redeeming needs no credentials");
        List<String> bearer = new ArrayList<>();
        document.get("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(operation -> {
            if (operation.getValue().path("security").toString().contains("agentBearer")) {
                bearer.add(path.getKey());
            }
        }));
        assertTrue(bearer.stream().allMatch(path -> path.startsWith(base + "/agents/me")), bearer.toString());

        RestAssured.given().basePath(base).get("/customers").then().statusCode(401)
                .header("WWW-Authenticate", org.hamcrest.Matchers.startsWith("Basic"));
    }

    private static String escape(String path) {
        return path.replace("~", "~0").replace("/", "~1");
    }
}
