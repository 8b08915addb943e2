package payments;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;
import static payments.TestSupport.api;

/** The HTTP edge: every client mistake is a clear 4xx JSON error, never a 500 or a stack trace. */
@QuarkusTest
class ApiEdgeTest {

    /** A megabyte of one mistake answers a short error: the rule once per field shape, the repeats counted. */
    @Test
    void aHugeBodyOfOneRepeatedMistakeGetsASmallAnswer() {
        java.util.List<String> permissions = java.util.Collections.nCopies(50_000, "BOGUS");
        io.restassured.response.Response refused = api().body(java.util.Map.of("name", "many", "permissions", permissions)).post("/tokens");
        refused.then().statusCode(400).body("code", equalTo("INVALID_INPUT")).body("details.errors", hasSize(3))
                .body("details.omittedErrors", equalTo(49_997));
        org.junit.jupiter.api.Assertions.assertTrue(refused.asByteArray().length < 4_096, refused.asByteArray().length + " bytes");
    }


    /** What common client libraries read: a 401 says how to authenticate; a 409 no retry can pass says not to retry. */
    @Test
    void clientLibrariesAreToldHowToAuthenticateAndWhenNotToRetry() {
        RestAssured.given().basePath(TestSupport.BASE).get("/customers").then().statusCode(401)
                .header("WWW-Authenticate", org.hamcrest.Matchers.startsWith("Basic realm="));
        String key = java.util.UUID.randomUUID().toString();
        api().header("Idempotency-Key", key).body(java.util.Map.of("name", "first", "permissions", java.util.List.of("VIEW"))).post("/tokens")
                .then().statusCode(201);
        api().header("Idempotency-Key", key).body(java.util.Map.of("name", "second", "permissions", java.util.List.of("VIEW"))).post("/tokens")
                .then().statusCode(409).header("x-should-retry", "false");
    }

    @Test
    void destinationCurrenciesMayBeRepeatedOrCommaSeparated() {
        java.util.List<String> repeated = api().queryParam("sourceCurrency", "USD").queryParam("destinationCurrency", "MXN", "EUR")
                .get("/exchange-rates").then().statusCode(200).extract().path("data.destinationCurrency.code");
        java.util.List<String> commas = api().queryParam("sourceCurrency", "USD").queryParam("destinationCurrency", "MXN,EUR")
                .get("/exchange-rates").then().statusCode(200).extract().path("data.destinationCurrency.code");
        org.junit.jupiter.api.Assertions.assertEquals(new java.util.TreeSet<>(repeated), new java.util.TreeSet<>(commas));
        org.junit.jupiter.api.Assertions.assertTrue(commas.containsAll(java.util.List.of("MXN", "EUR")), commas.toString());
    }

    @Test
    void unknownRouteIs404Json() {
        api().get("/no-such-thing").then().statusCode(404)
                .body("code", equalTo("NOT_FOUND")).body("status", equalTo(404)).body("reason", notNullValue())
                .body("message", notNullValue());
    }

    @Test
    void wrongMethodIs405() {
        api().put("/tokens").then().statusCode(405).body("code", equalTo("METHOD_NOT_ALLOWED"));
    }

    @Test
    void malformedJsonIs400WithoutInternals() {
        api().body("{\"name\": \"x\", ").post("/tokens").then().statusCode(400)
                .body("code", equalTo("INVALID_REQUEST_FORMAT"))
                .body("reason", not(containsString("com.fasterxml")))
                .body("reason", not(containsString("Exception")));
    }

    @Test
    void wrongJsonTypesAreReportedWithEveryOtherInvalidField() {
        api().body("{\"supportedCurrencies\":\"x\",\"webhookEndpoint\":\"not a url\",\"sandboxSkipVerificationPaperwork\":\"yes\"}")
                .patch("/config").then().statusCode(400).body("code", equalTo("INVALID_INPUT"))
                .body("details.errors.field", containsInAnyOrder("supportedCurrencies", "webhookEndpoint",
                        "sandboxSkipVerificationPaperwork"));
        // A number is not a string: refused, never converted.
        api().body("{\"name\":12345,\"permissions\":[\"VIEW\"]}").post("/tokens").then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("name"));
        api().body("{\"name\":\"x\",\"permissions\":[\"VIEW\",7,8]}").post("/tokens").then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("permissions[1]", "permissions[2]"));
        api().body("{\"seconds\":\"60\"}").post("/sandbox/clock/advance").then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("seconds"));
        api().body("{}").patch("/config").then().statusCode(400).body("details.errors.field", containsInAnyOrder("body"));
    }

    @Test
    void nulAndControlCharactersAreRefusedAtTheEdgeWithTheFieldNamed() {
        api().urlEncodingEnabled(false).get("/customers?currency=x%00y&region=a%07b").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT")).body("details.errors.field", containsInAnyOrder("currency", "region"));
        api().body("{\"name\":\"a\\u0000b\",\"permissions\":[\"VIEW\", \"x\\u0000\"]}").post("/tokens").then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("name", "permissions[1]"));
    }

    @Test
    void businessRuleErrorsCarryTheirConstraint() {
        api().queryParam("customerId", "Customer:nope").get("/customers/internal-accounts").then().statusCode(400)
                .body("details.errors[0].field", equalTo("customerId"))
                .body("details.errors[0].constraint.pattern", startsWith("^Customer:"));
        api().body(java.util.Map.of("redirectUri", "ftp://x")).post("/customers/" + MoneyFixtures.approvedCustomer(java.util.List.of("USD")).customerId() + "/kyc-link")
                .then().statusCode(400).body("details.errors[0].constraint.format", equalTo("url"));
    }

    @Test
    void aMultipartBodyThatEndsEarlyIs400() {
        api().contentType("multipart/form-data; boundary=b").body("--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\nabc"
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .post("/customers/bulk/csv").then().statusCode(400).body("code", equalTo("INVALID_REQUEST_FORMAT"));
    }

    @Test
    void wrongContentTypeIs415() {
        api().contentType(ContentType.TEXT).body("name=x").post("/tokens").then().statusCode(415)
                .body("code", equalTo("UNSUPPORTED_MEDIA_TYPE"));
    }

    /** Bytes that are not UTF-8 inside a JSON string are refused, not read with replacement characters (issue 51 item 6). */
    @Test
    void bodiesThatAreNotUtf8Are400() {
        byte[] invalid = {'{', '"', 'r', 'e', 'a', 's', 'o', 'n', '"', ':', '"', 'a', (byte) 0xC3, '(', '"', '}'};
        String transaction = "/transactions/Transaction:0190b3a4-7c2e-7d1a-9a3b-1c2d3e4f5a6b";
        for (String path : java.util.List.of(transaction + "/approve", transaction + "/reject", transaction + "/cancel",
                transaction + "/confirm", "/quotes/Quote:0190b3a4-7c2e-7d1a-9a3b-1c2d3e4f5a6b/execute",
                "/agents/Agent:0190b3a4-7c2e-7d1a-9a3b-1c2d3e4f5a6b/actions/AgentAction:0190b3a4-7c2e-7d1a-9a3b-1c2d3e4f5a6b/reject",
                "/tokens")) {
            api().body(invalid).post(path).then().statusCode(400).body("code", equalTo("INVALID_REQUEST_FORMAT"));
        }
    }

    /** Operations whose body the reference makes optional take a bare POST, with no Content-Type (issue 51 item 4). */
    @Test
    void optionalBodiesMayBeLeftOutWithoutAContentType() {
        RestAssured.given().basePath(TestSupport.BASE).auth().preemptive().basic(TestSupport.CLIENT_ID, TestSupport.CLIENT_SECRET)
                .post("/customers/Customer:0190b3a4-7c2e-7d1a-9a3b-1c2d3e4f5a6b/kyc-link").then().statusCode(404);
        RestAssured.given().basePath(TestSupport.BASE).auth().preemptive().basic(TestSupport.CLIENT_ID, TestSupport.CLIENT_SECRET)
                .post("/sca/factors/reset/0190b3a4-7c2e-7d1a-9a3b-1c2d3e4f5a6b/complete?customerId=Customer:0190b3a4-7c2e-7d1a-9a3b-1c2d3e4f5a6b")
                .then().statusCode(404);
        // A body there must still be JSON.
        RestAssured.given().basePath(TestSupport.BASE).auth().preemptive().basic(TestSupport.CLIENT_ID, TestSupport.CLIENT_SECRET)
                .contentType(ContentType.TEXT).body("redirectUri=x")
                .post("/customers/Customer:0190b3a4-7c2e-7d1a-9a3b-1c2d3e4f5a6b/kyc-link").then().statusCode(415)
                .body("code", equalTo("UNSUPPORTED_MEDIA_TYPE"));
    }

    @Test
    void oversizedBodyIs413() {
        String big = "{\"name\":\"" + "x".repeat(1_100_000) + "\",\"permissions\":[\"VIEW\"]}";
        api().body(big).post("/tokens").then().statusCode(413).body("code", equalTo("PAYLOAD_TOO_LARGE"));
    }

    @Test
    void badPathIdIs404() {
        api().get("/tokens/not-an-id").then().statusCode(404).body("code", equalTo("TOKEN_NOT_FOUND"));
        api().get("/tokens/Card:0190b3a4-7c2e-7d1a-9a3b-1c2d3e4f5a6b").then().statusCode(404)
                .body("code", equalTo("TOKEN_NOT_FOUND"));
        api().get("/tokens/Token:0190b3a4-7c2e-7d1a-9a3b-1c2d3e4f5a6b").then().statusCode(404)
                .body("code", equalTo("TOKEN_NOT_FOUND"));
    }

    @Test
    void validationReportsEveryInvalidFieldAtOnce() {
        api().body("{\"name\": \"\", \"permissions\": [\"VIEW\", \"FLY\"]}").post("/tokens").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT"))
                .body("details.errors", hasSize(2))
                .body("details.errors.field", containsInAnyOrder("name", "permissions[1]"))
                // The reference's three and this server's staff permissions (the operator review queue's, the bank desk's).
                .body("details.errors.find { it.field.startsWith('permissions') }.constraint.enum",
                        containsInAnyOrder("VIEW", "TRANSACT", "MANAGE", "COMPLIANCE_REVIEW", "BANK_OPERATIONS"));
    }

    @Test
    void wrongJsonTypeNamesTheField() {
        api().body("{\"name\": {\"a\": 1}, \"permissions\": [\"VIEW\"]}").post("/tokens").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT"))
                .body("details.errors[0].field", equalTo("name"));
    }

    @Test
    void missingBodyIs400() {
        api().post("/tokens").then().statusCode(400).body("code", equalTo("INVALID_INPUT"));
    }

    @Test
    void badPagingParametersAre400() {
        api().queryParam("limit", 0).get("/tokens").then().statusCode(400).body("details.errors[0].field", equalTo("limit"));
        api().queryParam("limit", "abc").get("/tokens").then().statusCode(400).body("details.errors[0].field", equalTo("limit"));
        api().queryParam("limit", 101).get("/tokens").then().statusCode(400);
        api().queryParam("cursor", "@@@").get("/tokens").then().statusCode(400).body("details.errors[0].field", equalTo("cursor"));
        api().queryParam("createdAfter", "yesterday").get("/tokens").then().statusCode(400)
                .body("details.errors[0].constraint.format", equalTo("date-time"));
    }

    @Test
    void quarkusEndpointsStayAtRoot() {
        RestAssured.get("/q/health").then().statusCode(200);
        RestAssured.get("/q/openapi").then().statusCode(200);
        RestAssured.get("/q/metrics").then().statusCode(200);
    }
}
