package payments.verification;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.TestSupport;
import payments.customer.CustomerTest;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

@QuarkusTest
public class KycLinkTest {

    @Inject
    Pool pool;

    static String euCustomer(String fullName) {
        Map<String, Object> body = CustomerTest.individual(TestSupport.uniqueCustomerRef("link"), fullName);
        body.put("region", "DE");
        body.put("idType", "SSN");
        body.put("identifier", "123-45-6789");
        return api().body(body).post("/customers").then().statusCode(201)
                .body("contactVerification.email", equalTo("PENDING")).extract().path("id");
    }

    @Test
    void contactVerificationSendsThenConfirmsEachChannelOnce() {
        String us = api().body(CustomerTest.individual(TestSupport.uniqueCustomerRef("link"), "Uma States")).post("/customers")
                .then().statusCode(201).extract().path("id");
        api().post("/customers/" + us + "/verify-email").then().statusCode(409).body("code", equalTo("CONFLICT"));
        api().body(Map.of("code", "123456")).post("/customers/" + us + "/verify-phone/confirm").then().statusCode(409);
        api().post("/customers/Customer:" + UUID.randomUUID() + "/verify-email").then().statusCode(404);

        String eu = euCustomer("Eda Europe");
        api().body(Map.of("code", "123456")).post("/customers/" + eu + "/verify-email/confirm").then().statusCode(400)
                .body("details.errors.field", hasItems("code"));
        api().post("/customers/" + eu + "/verify-email").then().statusCode(204);
        api().body(Map.of()).post("/customers/" + eu + "/verify-email/confirm").then().statusCode(400)
                .body("details.errors.field", hasItems("code"));
        api().body(Map.of("code", "654321")).post("/customers/" + eu + "/verify-email/confirm").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT"));
        api().body(Map.of("code", "123456")).post("/customers/" + eu + "/verify-email/confirm").then().statusCode(200)
                .body("contactVerification.email", equalTo("VERIFIED"))
                .body("contactVerification.phone", equalTo("PENDING"))
                .body("contactVerification.emailCodeExpiresAt", equalTo(null));
        api().post("/customers/" + eu + "/verify-email").then().statusCode(409);

        // A link needs both channels verified.
        api().body(Map.of()).post("/customers/" + eu + "/kyc-link").then().statusCode(409).body("code", equalTo("CONFLICT"));
        api().post("/customers/" + eu + "/verify-phone").then().statusCode(204);
        api().body(Map.of("code", "123456")).post("/customers/" + eu + "/verify-phone/confirm").then().statusCode(200)
                .body("contactVerification.phone", equalTo("VERIFIED"));
        api().body(Map.of()).post("/customers/" + eu + "/kyc-link").then().statusCode(201);

        // A new phone number must be verified again.
        api().body(Map.of("customerType", "INDIVIDUAL", "phoneNumber", "+4915112345678")).patch("/customers/" + eu).then().statusCode(200)
                .body("contactVerification.phone", equalTo("PENDING"));
    }

    @Test
    void linkIsIdempotentPerKeyAndFreshOtherwise() {
        JsonPath customer = api().body(CustomerTest.individual(TestSupport.uniqueCustomerRef("link"), "Lin Link")).post("/customers")
                .then().statusCode(201).extract().jsonPath();
        String customerId = customer.getString("id");
        // Measured on the server clock, which earlier tests may have moved forward.
        Instant serverNow = Instant.parse(customer.getString("createdAt"));
        String key = UUID.randomUUID().toString();
        JsonPath first = api().header("Idempotency-Key", key).body(Map.of("redirectUri", "https://app.example.com/done"))
                .post("/customers/" + customerId + "/kyc-link").then().statusCode(201)
                .body("provider", equalTo("SUMSUB")).extract().jsonPath();
        assertTrue(first.getString("kycUrl").contains("/2025-10-13/hosted/kyc/"));
        Duration lifetime = Duration.between(serverNow, Instant.parse(first.getString("expiresAt")));
        assertTrue(lifetime.toHours() >= 23 && lifetime.toHours() <= 24, "expires in a day: " + lifetime);
        api().header("Idempotency-Key", key).body(Map.of("redirectUri", "https://app.example.com/done"))
                .post("/customers/" + customerId + "/kyc-link").then().statusCode(201)
                .body("kycUrl", equalTo(first.getString("kycUrl")));
        String other = api().post("/customers/" + customerId + "/kyc-link").then().statusCode(201).extract().path("kycUrl");
        assertNotEquals(first.getString("kycUrl"), other);
        String token = first.getString("kycUrl").substring(first.getString("kycUrl").lastIndexOf('/') + 1);
        var stored = pool.preparedQuery("SELECT token FROM kyc_links WHERE customer_id = $1")
                .execute(Tuple.of(UUID.fromString(customerId.substring("Customer:".length())))).await().indefinitely();
        assertEquals(2, stored.size());
        stored.forEach(row -> assertTrue(!row.getString("token").contains(token) && row.getString("token").length() == 64,
                "only the token's hash is kept: " + row.getString("token")));

        api().body(Map.of("redirectUri", "ftp://nope")).post("/customers/" + customerId + "/kyc-link").then().statusCode(400)
                .body("details.errors.field", hasItems("redirectUri"));
        api().post("/customers/Customer:" + UUID.randomUUID() + "/kyc-link").then().statusCode(404)
                .body("code", equalTo("USER_NOT_FOUND"));
    }

    @Test
    void hostedPageShowsWhatIsMissingAndSubmitsThePacketOnce() throws Exception {
        String customerId = VerificationTest.completeIndividual("Hal Hosted");
        String url = api().body(Map.of("redirectUri", "https://app.example.com/after?x=1&y=2")).post("/customers/" + customerId + "/kyc-link")
                .then().statusCode(201).extract().path("kycUrl");

        RestAssured.given().get(url).then().statusCode(200).contentType(containsString("text/html"))
                .body(containsString("Hal Hosted"), containsString("An identity document is required"),
                        containsString("PASSPORT"), not(containsString("customer.birthDate")));
        RestAssured.given().multiPart("documentType", "PASSPORT").multiPart("country", "ZZ")
                .multiPart("file", "id.png", VerificationTest.PNG, "image/png")
                .post(url).then().statusCode(400).body(containsString("country"));
        String page = RestAssured.given().multiPart("documentType", "PASSPORT").multiPart("country", "US")
                .multiPart("file", "id.png", VerificationTest.PNG, "image/png")
                .post(url).then().statusCode(200).extract().asString();
        assertTrue(page.contains("IN_PROGRESS"), page);
        assertTrue(page.contains("https://app.example.com/after?x=1&amp;y=2"), "redirect escaped: " + page);

        RestAssured.given().get(url).then().statusCode(410).body(containsString("used or has expired"));
        JsonPath listed = api().queryParam("customerId", customerId).get("/verifications").then().statusCode(200).extract().jsonPath();
        assertEquals("APPROVED", VerificationTest.decided(listed.getString("data[0].id")).getString("verificationStatus"));
        api().queryParam("documentHolder", customerId).get("/documents").then().body("data[0].fileName", equalTo("id.png"));

        RestAssured.given().get(url.substring(0, url.lastIndexOf('/') + 1) + "unknown-token").then().statusCode(404);
    }

    /** Five codes per channel in 10 minutes, in the sandbox as in production; the window's end lifts the limit. */
    @Test
    void aSixthContactCodeWithinTenMinutesIsRateLimited() {
        String eu = euCustomer("Sid Sender");
        for (int i = 0; i < 5; i++) {
            api().post("/customers/" + eu + "/verify-email").then().statusCode(204);
        }
        api().post("/customers/" + eu + "/verify-email").then().statusCode(429).body("code", equalTo("RATE_LIMITED"))
                .header("Retry-After", org.hamcrest.Matchers.notNullValue()).body("message", containsString("10 minutes"));
        api().post("/customers/" + eu + "/verify-phone").then().statusCode(204);

        api().body(Map.of("seconds", 601)).post("/sandbox/clock/advance").then().statusCode(200);
        api().post("/customers/" + eu + "/verify-email").then().statusCode(204);
    }

    /**
     * Wrong codes count across codes: a new code resets a code's five tries, not the day's twenty,
     * after which no code is sent until they are 24 hours old.
     */
    @Test
    void twentyWrongContactCodesInADayStopNewCodesUntilTheyAgeOut() {
        String eu = euCustomer("Wyn Wrong");
        for (int code = 0; code < 4; code++) {
            api().post("/customers/" + eu + "/verify-email").then().statusCode(204);
            for (int i = 0; i < 5; i++) {
                api().body(Map.of("code", "654321")).post("/customers/" + eu + "/verify-email/confirm").then().statusCode(400);
            }
        }
        api().post("/customers/" + eu + "/verify-email").then().statusCode(429).body("code", equalTo("RATE_LIMITED"))
                .header("Retry-After", org.hamcrest.Matchers.notNullValue()).body("message", containsString("wrong codes"));

        api().body(Map.of("seconds", 24 * 3600 + 1)).post("/sandbox/clock/advance").then().statusCode(200);
        api().post("/customers/" + eu + "/verify-email").then().statusCode(204);
        api().body(Map.of("code", "123456")).post("/customers/" + eu + "/verify-email/confirm").then().statusCode(200)
                .body("contactVerification.email", equalTo("VERIFIED"))
                .body("contactVerification.emailCodeFailedAt", equalTo(null))
                .body("contactVerification.emailCodeSentAt", equalTo(null));
    }
}
