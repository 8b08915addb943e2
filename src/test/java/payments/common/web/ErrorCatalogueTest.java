package payments.common.web;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import payments.common.ErrorCode;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The OpenAPI document lists the error catalogue: every code, and an example with each one's status. */
@QuarkusTest
class ErrorCatalogueTest {

    @Test
    void everyCodeIsInTheDocumentWithItsStatus() {
        JsonPath document = RestAssured.given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .extract().jsonPath();

        List<ErrorCode> answered = Arrays.stream(ErrorCode.values()).filter(code -> !code.servedAsReferenceNotFound()).toList();
        List<String> codes = answered.stream().map(ErrorCode::name).toList();
        assertEquals(codes, document.getList("components.schemas.Error.properties.code.enum"));
        assertTrue(codes.contains("REFERENCE_NOT_FOUND") && !codes.contains("CARD_NOT_FOUND"),
                "kinds the reference's 404 list leaves out are answered as REFERENCE_NOT_FOUND");
        for (ErrorCode code : answered) {
            String example = "components.examples.Error_" + code.name() + ".value";
            assertEquals(code.status(), document.getInt(example + ".status"), code.name());
            assertEquals(code.name(), document.getString(example + ".code"));
        }
        assertEquals(400, document.getInt("components.examples.Error_QUOTE_EXPIRED.value.status"));
    }
}
