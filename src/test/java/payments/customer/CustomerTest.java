package payments.customer;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import payments.TestSupport;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

@QuarkusTest
public class CustomerTest {

    public static Map<String, Object> individual(String platformCustomerId, String fullName) {
        return new java.util.HashMap<>(Map.of("customerType", "INDIVIDUAL", "platformCustomerId", platformCustomerId,
                "region", "US", "currencies", List.of("USD", "USDC"), "fullName", fullName, "birthDate", "1990-01-15",
                "nationality", "US", "email", "jane@example.com", "phoneNumber", "+14155551234",
                "address", Map.of("line1", "1 Main St", "city", "Seattle", "state", "WA", "postalCode", "98101", "country", "US")));
    }

    static String uniqueId() {
        return TestSupport.uniqueCustomerRef("cust");
    }

    @Test
    void createsAnIndividualWithEveryFieldAndReadsItBack() {
        Map<String, Object> body = individual(uniqueId(), "Jane Smith");
        body.put("idType", "SSN");
        body.put("identifier", "123-45-6789");
        body.put("pepStatus", "NONE");
        body.put("endUserTermsConsent", Map.of("acceptedAt", "2025-01-01T00:00:00Z", "ipAddress", "198.51.100.24",
                "termsVersion", "V1", "acceptanceMethod", "CHECKBOX"));
        JsonPath created = api().body(body).post("/customers").then().statusCode(201)
                .body("id", startsWith("Customer:"))
                .body("kycStatus", equalTo("UNVERIFIED"))
                .body("fullName", equalTo("Jane Smith"))
                .body("address.city", equalTo("Seattle"))
                .body("currencies", containsInAnyOrder("USD", "USDC"))
                .body("umaAddress", startsWith("$cust-"))
                .body("identifier", nullValue())
                .body("endUserTermsConsent.termsVersion", equalTo("V1"))
                .body("isDeleted", equalTo(false))
                .extract().jsonPath();
        api().get("/customers/" + created.getString("id")).then().statusCode(200)
                .body("platformCustomerId", equalTo(body.get("platformCustomerId")))
                .body("pepStatus", equalTo("NONE"));
    }

    @Test
    void createsABusinessWithKybStatus() {
        Map<String, Object> body = Map.of("customerType", "BUSINESS", "platformCustomerId", uniqueId(),
                "currencies", List.of("USD"),
                "businessInfo", Map.of("legalName", "Acme Corp", "country", "US", "taxId", "47-1234567",
                        "incorporatedOn", "2018-03-14", "registrationNumber", "5523041", "entityType", "LLC"));
        api().body(body).post("/customers").then().statusCode(201)
                .body("kybStatus", equalTo("UNVERIFIED")).body("kycStatus", nullValue())
                .body("businessInfo.legalName", equalTo("Acme Corp"));
    }

    @Test
    void reportsEveryInvalidFieldAtOnce() {
        Map<String, Object> body = Map.of("customerType", "INDIVIDUAL", "currencies", List.of("USD", "XYZ"),
                "email", "not-an-email", "phoneNumber", "555-1234", "birthDate", "1990-13-45", "nationality", "USA",
                "pepStatus", "MAYBE", "address", Map.of("line1", "x"), "idType", "EIN", "identifier", "12");
        JsonPath error = api().body(body).post("/customers").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT")).extract().jsonPath();
        List<String> fields = error.getList("details.errors.field");
        assertTrue(fields.containsAll(List.of("currencies[1]", "email", "phoneNumber", "birthDate", "nationality",
                "pepStatus", "address.postalCode", "address.country", "idType")), fields.toString());
        assertEquals("pattern", error.getString("details.errors.find { it.field == 'phoneNumber' }.constraint.keySet()[0]"));
    }

    @Test
    void rejectsAnUnknownCustomerTypeAndAMissingBody() {
        api().body(Map.of("customerType", "ROBOT")).post("/customers").then().statusCode(400)
                .body("details.errors[0].field", equalTo("customerType"))
                .body("details.errors[0].constraint.enum", containsInAnyOrder("INDIVIDUAL", "BUSINESS"));
        api().body(Map.of("fullName", "x")).post("/customers").then().statusCode(400)
                .body("details.errors[0].field", equalTo("customerType"));
        api().body("[]").post("/customers").then().statusCode(400).body("code", equalTo("INVALID_INPUT"));
    }

    @Test
    void businessRequiresItsInfo() {
        JsonPath error = api().body(Map.of("customerType", "BUSINESS", "businessInfo", Map.of("legalName", "A")))
                .post("/customers").then().statusCode(400).extract().jsonPath();
        assertTrue(error.getList("details.errors.field").containsAll(
                List.of("businessInfo.country", "businessInfo.taxId", "businessInfo.incorporatedOn")));
    }

    @Test
    void duplicatePlatformCustomerIdAndUmaAddressConflict() {
        String id = uniqueId();
        String uma = "$" + id.substring(5, 20) + "@sandbox.uma.money";
        Map<String, Object> first = individual(id, "A B");
        first.put("umaAddress", uma);
        api().body(first).post("/customers").then().statusCode(201).body("umaAddress", equalTo(uma));
        api().body(individual(id, "C D")).post("/customers").then().statusCode(409).body("code", equalTo("CONFLICT"));
        Map<String, Object> second = individual(uniqueId(), "C D");
        second.put("umaAddress", uma);
        api().body(second).post("/customers").then().statusCode(409).body("code", equalTo("UMA_ADDRESS_EXISTS"));
    }

    @Test
    void termsConsentRules() {
        Map<String, Object> both = individual(uniqueId(), "A B");
        both.put("endUserTermsConsent", Map.of("acceptedAt", "2025-01-01T00:00:00Z", "ipAddress", "1.2.3.4",
                "termsVersion", "V1", "acceptanceMethod", "CHECKBOX"));
        both.put("agreementConsents", List.of(Map.of("type", "END_USER_TERMS", "version", "V1",
                "acceptedAt", "2025-01-01T00:00:00Z", "ipAddress", "1.2.3.4", "acceptanceMethod", "CHECKBOX")));
        api().body(both).post("/customers").then().statusCode(400)
                .body("details.errors.field", hasItems("endUserTermsConsent"));

        Map<String, Object> unknownVersion = individual(uniqueId(), "A B");
        unknownVersion.put("agreementConsents", List.of(Map.of("type", "END_USER_TERMS", "version", "V9",
                "acceptedAt", "2025-01-01T00:00:00Z", "ipAddress", "1.2.3.4", "acceptanceMethod", "CHECKBOX")));
        api().body(unknownVersion).post("/customers").then().statusCode(400)
                .body("code", equalTo("END_USER_TERMS_VERSION_NOT_FOUND"));

        Map<String, Object> consents = individual(uniqueId(), "A B");
        consents.put("agreementConsents", List.of(Map.of("type", "END_USER_TERMS", "version", "V1",
                "acceptedAt", "2025-01-01T00:00:00Z", "ipAddress", "1.2.3.4", "acceptanceMethod", "CLICK_TO_ACCEPT")));
        api().body(consents).post("/customers").then().statusCode(201)
                // agreementConsents is a field of this request, not an unknown one the answer warns about
                .header(payments.common.UnknownFields.HEADER, nullValue())
                .body("agreementConsents[0].type", equalTo("END_USER_TERMS"))
                .body("endUserTermsConsent.termsVersion", equalTo("V1"));

        api().get("/customers/agreements").then().statusCode(200)
                .body("data.find { it.type == 'END_USER_TERMS' }.version", equalTo("V1"))
                .body("data.find { it.type == 'END_USER_TERMS' }.url", equalTo("https://legal.example.com/terms/v1"))
                .body("data.find { it.type == 'PRIVACY_POLICY' }.url", notNullValue());
        api().get("/customers/end-user-terms").then().statusCode(200).body("version", equalTo("V1"))
                .body("url", equalTo("https://legal.example.com/terms/v1"));
    }

    @Test
    void updatesMergeAndDeleteIsFinal() {
        String id = api().body(individual(uniqueId(), "A B")).post("/customers").then().statusCode(201)
                .extract().path("id");
        api().body(Map.of("customerType", "INDIVIDUAL", "fullName", "New Name", "currencies", List.of("USD", "USDC", "EUR")))
                .patch("/customers/" + id).then().statusCode(200)
                .body("fullName", equalTo("New Name")).body("birthDate", equalTo("1990-01-15"))
                .body("currencies", containsInAnyOrder("USD", "USDC", "EUR"));
        api().body(Map.of("customerType", "BUSINESS")).patch("/customers/" + id).then().statusCode(400)
                .body("details.errors[0].field", equalTo("customerType"));
        api().body(Map.of("customerType", "INDIVIDUAL", "email", "a@b.co", "phoneNumber", "+14155550000"))
                .patch("/customers/" + id).then().statusCode(400);
        api().delete("/customers/" + id).then().statusCode(200).body("isDeleted", equalTo(true));
        api().delete("/customers/" + id).then().statusCode(410).body("code", equalTo("CUSTOMER_DELETED"));
        api().body(Map.of("customerType", "INDIVIDUAL", "fullName", "X")).patch("/customers/" + id).then().statusCode(410);
    }

    @Test
    void unknownAndMalformedIdsAre404() {
        api().get("/customers/Customer:" + UUID.randomUUID()).then().statusCode(404).body("code", equalTo("USER_NOT_FOUND"));
        api().get("/customers/Card:" + UUID.randomUUID()).then().statusCode(404);
        api().delete("/customers/nope").then().statusCode(404);
    }

    @Test
    void euCustomersNeedContactDetailsAndGetContactVerification() {
        Map<String, Object> body = individual(uniqueId(), "Anna Muller");
        body.put("region", "DE");
        body.remove("email");
        api().body(body).post("/customers").then().statusCode(400).body("details.errors.field", hasItems("email"));
        body.put("email", "anna@example.de");
        api().body(body).post("/customers").then().statusCode(201)
                .body("contactVerification.email", equalTo("PENDING"))
                .body("contactVerification.phone", equalTo("PENDING"));
    }

    @Test
    void listsWithFiltersAndPagesWithoutDuplicates() {
        String tag = "page-" + UUID.randomUUID().toString().substring(0, 8);
        for (int i = 0; i < 5; i++) {
            Map<String, Object> body = individual(tag + "-" + i, "P " + i);
            body.put("region", "MX");
            body.put("currencies", List.of("MXN"));
            api().body(body).post("/customers").then().statusCode(201);
        }
        Set<String> seen = new HashSet<>();
        String cursor = null;
        int pages = 0;
        do {
            var request = api().queryParam("limit", 2).queryParam("currency", "MXN").queryParam("region", "MX");
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            JsonPath page = request.get("/customers").then().statusCode(200).extract().jsonPath();
            for (String id : page.getList("data.id", String.class)) {
                assertTrue(seen.add(id), "duplicate " + id);
            }
            cursor = page.getBoolean("hasMore") ? page.getString("nextCursor") : null;
            pages++;
        } while (cursor != null);
        assertTrue(seen.size() >= 5 && pages >= 3, "seen " + seen.size() + " in " + pages + " pages");
        api().queryParam("platformCustomerId", tag + "-3").get("/customers").then().statusCode(200)
                .body("totalCount", equalTo(1)).body("data[0].fullName", equalTo("P 3"));
        api().queryParam("customerType", "ROBOT").queryParam("createdAfter", "yesterday").get("/customers")
                .then().statusCode(400).body("details.errors.field", containsInAnyOrder("customerType"));
    }

    /** An address the mailer would read as something else (or refuse) is refused where it comes in. */
    @Test
    void anEmailTheMailerReadsAsAnotherAddressIsRefused() {
        Map<String, Object> body = individual(uniqueId(), "Vera Victim");
        body.put("email", "victim@example.com>,<attacker");
        api().body(body).post("/customers").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT")).body("details.errors.field", hasItems("email"));

        body.put("email", "vera@example.com");
        String id = api().body(body).post("/customers").then().statusCode(201).extract().path("id");
        api().body(Map.of("customerType", "INDIVIDUAL", "email", "victim@example.com>,<attacker")).patch("/customers/" + id)
                .then().statusCode(400).body("code", equalTo("INVALID_INPUT")).body("details.errors.field", hasItems("email"));
        api().get("/customers/" + id).then().statusCode(200).body("email", equalTo("vera@example.com"));
    }
}
