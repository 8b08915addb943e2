package payments.common.web;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import payments.common.ErrorCode;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The OpenAPI document lists the error catalogue: every code, and an example with each one's status. */
@QuarkusTest
class ErrorCatalogueTest {

    @Test
    void everyCodeIsInTheDocumentWithItsStatus() {
        JsonPath document = RestAssured.given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .extract().jsonPath();

        List<String> codes = Arrays.stream(ErrorCode.values()).map(ErrorCode::name).toList();
        assertEquals(codes, document.getList("components.schemas.Error.properties.code.enum"));
        for (ErrorCode code : ErrorCode.values()) {
            String example = "components.examples.Error_" + code.name() + ".value";
            assertEquals(code.status(), document.getInt(example + ".status"), code.name());
            assertEquals(code.name(), document.getString(example + ".code"));
        }
        assertEquals(400, document.getInt("components.examples.Error_QUOTE_EXPIRED.value.status"));
    }
}
