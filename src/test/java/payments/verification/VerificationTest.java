package payments.verification;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import payments.TestSupport;
import payments.WebhookReceiver;
import payments.WebhookReceiver.Delivery;
import payments.customer.CustomerTest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

@QuarkusTest
public class VerificationTest {

    public static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};
    static final byte[] PDF = "%PDF-1.7\n%\u00e2\u00e3\n1 0 obj<<>>endobj\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);

    private WebhookReceiver receiver;

    @BeforeEach
    void listen() {
        receiver = new WebhookReceiver();
        api().body(Map.of("webhookEndpoint", receiver.url())).patch("/config").then().statusCode(200);
    }

    @AfterEach
    void stop() {
        api().body(Map.of("webhookEndpoint", "", "sandboxSkipVerificationPaperwork", false)).patch("/config")
                .then().statusCode(200);
        receiver.close();
    }

    // --- helpers --------------------------------------------------------------------------------

    /** An individual with the whole KYC data set (identity document still to upload). */
    public static String completeIndividual(String fullName) {
        Map<String, Object> body = CustomerTest.individual(TestSupport.uniqueCustomerRef("kyc"), fullName);
        body.put("idType", "SSN");
        body.put("identifier", "123-45-6789");
        return api().body(body).post("/customers").then().statusCode(201).extract().path("id");
    }

    static String business(String registrationNumber) {
        Map<String, Object> info = new HashMap<>(Map.of("legalName", "Acme Robotics Inc", "country", "US",
                "taxId", "47-1234567", "incorporatedOn", "2015-03-01", "registrationNumber", registrationNumber,
                "entityType", "CORPORATION", "countriesOfOperation", List.of("US")));
        Map<String, Object> body = Map.of("customerType", "BUSINESS", "platformCustomerId", TestSupport.uniqueCustomerRef("kyb"),
                "currencies", List.of("USD"), "businessInfo", info,
                "address", Map.of("line1", "9 Market St", "city", "San Francisco", "postalCode", "94105", "country", "US"));
        return api().body(body).post("/customers").then().statusCode(201).extract().path("id");
    }

    public static RequestSpecification multipart() {
        return api().contentType("multipart/form-data");
    }

    public static String upload(String holder, String type, byte[] file) {
        return multipart().multiPart("documentHolder", holder).multiPart("documentType", type)
                .multiPart("country", "US").multiPart("file", "scan.png", file, "image/png")
                .post("/documents").then().statusCode(201).extract().path("id");
    }

    static Map<String, Object> owner(String customerId, String lastName, List<String> roles, int percentage) {
        return Map.of("customerId", customerId, "roles", roles, "ownershipPercentage", percentage,
                "personalInfo", Map.of("firstName", "Jane", "lastName", lastName, "birthDate", "1978-06-15",
                        "nationality", "US", "idType", "SSN", "identifier", "123-45-6789",
                        "address", Map.of("line1", "1 Main St", "city", "Austin", "postalCode", "73301", "country", "US")));
    }

    public static JsonPath submit(String customerId) {
        return api().body(Map.of("customerId", customerId)).post("/verifications").then().statusCode(200)
                .extract().jsonPath();
    }

    /** Waits for the sandbox decision job to move a verification out of IN_PROGRESS. */
    static JsonPath decided(String verificationId) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            JsonPath verification = api().get("/verifications/" + verificationId).then().statusCode(200).extract().jsonPath();
            if (!"IN_PROGRESS".equals(verification.getString("verificationStatus"))) {
                return verification;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("verification " + verificationId + " stayed IN_PROGRESS");
    }

    private Delivery event(String type, String resourceId) throws Exception {
        Delivery delivery = receiver.nextMatching(type, resourceId, 10);
        assertNotNull(delivery, type + " for " + resourceId);
        assertTrue(delivery.signatureValid());
        return delivery;
    }

    // --- individuals ----------------------------------------------------------------------------

    @Test
    void incompletePacketListsEveryMissingFieldAndDocumentThenResubmissionIsApproved() throws Exception {
        Map<String, Object> bare = Map.of("customerType", "INDIVIDUAL", "platformCustomerId", TestSupport.uniqueCustomerRef("kyc"),
                "fullName", "Mia Bare");
        String customerId = api().body(bare).post("/customers").then().statusCode(201).extract().path("id");

        JsonPath first = submit(customerId);
        assertEquals("RESOLVE_ERRORS", first.getString("verificationStatus"));
        assertEquals(customerId, first.getString("customerId"));
        List<String> fields = first.getList("errors.findAll { it.type == 'MISSING_FIELD' }.field");
        assertEquals(List.of("customer.birthDate", "customer.nationality", "customer.address.line1", "customer.address.city",
                "customer.address.postalCode", "customer.address.country", "customer.idType", "customer.identifier"), fields);
        Map<String, Object> document = first.getMap("errors.find { it.type == 'MISSING_IDENTITY_DOCUMENT' }");
        assertEquals(customerId, document.get("resourceId"));
        assertEquals(List.of("PASSPORT", "DRIVERS_LICENSE", "NATIONAL_ID"), document.get("acceptedDocumentTypes"));
        event("VERIFICATION.RESOLVE_ERRORS", first.getString("id"));
        api().get("/customers/" + customerId).then().body("kycStatus", equalTo("UNVERIFIED"));

        Map<String, Object> fix = new HashMap<>(CustomerTest.individual("ignored", "Mia Bare"));
        fix.keySet().retainAll(List.of("customerType", "birthDate", "nationality", "address"));
        fix.put("idType", "SSN");
        fix.put("identifier", "123-45-6789");
        api().body(fix).patch("/customers/" + customerId).then().statusCode(200);
        String passport = upload(customerId, "PASSPORT", PNG);

        JsonPath second = submit(customerId);
        assertEquals("IN_PROGRESS", second.getString("verificationStatus"));
        assertEquals(List.of(), second.getList("errors"));
        JsonPath done = decided(second.getString("id"));
        assertEquals("APPROVED", done.getString("verificationStatus"));
        api().get("/customers/" + customerId).then().body("kycStatus", equalTo("APPROVED"));
        event("VERIFICATION.IN_PROGRESS", second.getString("id"));
        event("CUSTOMER.KYC_PENDING", customerId);
        event("VERIFICATION.APPROVED", second.getString("id"));
        event("CUSTOMER.KYC_APPROVED", customerId);

        // Final: no more submissions; the submitted document can no longer be deleted.
        api().body(Map.of("customerId", customerId)).post("/verifications").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT"));
        api().delete("/documents/" + passport).then().statusCode(409).body("code", equalTo("CONFLICT"));
        api().queryParam("customerId", customerId).get("/verifications").then().statusCode(200)
                .body("totalCount", equalTo(2)).body("data.verificationStatus", equalTo(List.of("APPROVED", "RESOLVE_ERRORS")));
    }

    @Test
    void sandboxSuffixesDecideSubmittedIndividuals() throws Exception {
        String rejected = completeIndividual("Rex Rejected002");
        upload(rejected, "DRIVERS_LICENSE", PNG);
        assertEquals("REJECTED", decided(submit(rejected).getString("id")).getString("verificationStatus"));
        api().get("/customers/" + rejected).then().body("kycStatus", equalTo("REJECTED"));
        event("CUSTOMER.KYC_REJECTED", rejected);

        String review = completeIndividual("Rita Review001");
        upload(review, "NATIONAL_ID", PNG);
        assertEquals("PENDING_MANUAL_REVIEW", decided(submit(review).getString("id")).getString("verificationStatus"));
        api().get("/customers/" + review).then().body("kycStatus", equalTo("PENDING"));

        String blurry = completeIndividual("Bo Blurry003");
        String scan = upload(blurry, "PASSPORT", PNG);
        JsonPath poor = decided(submit(blurry).getString("id"));
        assertEquals("RESOLVE_ERRORS", poor.getString("verificationStatus"));
        assertEquals(List.of("POOR_QUALITY_DOCUMENT"), poor.getList("errors.type"));
        assertEquals(List.of(scan), poor.getList("errors.resourceId"));
        api().get("/customers/" + blurry).then().body("kycStatus", equalTo("UNVERIFIED"));
        multipart().multiPart("documentType", "PASSPORT").multiPart("country", "US")
                .multiPart("file", "clear.pdf", PDF, "application/pdf")
                .put("/documents/" + scan).then().statusCode(200).body("fileName", equalTo("clear.pdf"));
        assertEquals("APPROVED", decided(submit(blurry).getString("id")).getString("verificationStatus"));
    }

    /** Under the sandbox's rules an approved identity the platform changes is decided again by them, on the new data. */
    @Test
    void anApprovedIdentityChangedIsDecidedAgainOnTheNewData() throws Exception {
        String customerId = completeIndividual("Sid Sandbox");
        String passport = upload(customerId, "PASSPORT", PNG);
        assertEquals("APPROVED", decided(submit(customerId).getString("id")).getString("verificationStatus"));
        api().body(Map.of("customerType", "INDIVIDUAL", "fullName", "Sid Rejected002")).patch("/customers/" + customerId)
                .then().statusCode(200).body("kycStatus", equalTo("PENDING"));
        String again = api().queryParam("customerId", customerId).get("/verifications").then().statusCode(200)
                .body("totalCount", equalTo(2)).extract().path("data[0].id");
        assertEquals("REJECTED", decided(again).getString("verificationStatus"));
        api().get("/customers/" + customerId).then().body("kycStatus", equalTo("REJECTED"));
        event("CUSTOMER.KYC_REJECTED", customerId);
        api().delete("/documents/" + passport).then().statusCode(409).body("code", equalTo("CONFLICT"));
    }

    @Test
    void euCustomersMustVerifyTheirContactsFirst() {
        Map<String, Object> body = CustomerTest.individual(TestSupport.uniqueCustomerRef("kyc"), "Eva Europe");
        body.put("region", "FR");
        body.put("idType", "SSN");
        body.put("identifier", "123-45-6789");
        String customerId = api().body(body).post("/customers").then().statusCode(201).extract().path("id");
        upload(customerId, "PASSPORT", PNG);
        JsonPath result = submit(customerId);
        assertEquals("RESOLVE_ERRORS", result.getString("verificationStatus"));
        assertEquals(List.of("customer.email", "customer.phoneNumber"), result.getList("errors.field"));
        assertEquals(List.of("INVALID_FIELD", "INVALID_FIELD"), result.getList("errors.type"));
    }

    @Test
    void skipPaperworkSettingDecidesAtCreation() throws Exception {
        api().body(Map.of("sandboxSkipVerificationPaperwork", true)).patch("/config").then().statusCode(200)
                .body("sandboxSkipVerificationPaperwork", equalTo(true));
        String rejected = api().body(CustomerTest.individual(TestSupport.uniqueCustomerRef("kyc"), "Sam Skip002")).post("/customers")
                .then().statusCode(201).body("kycStatus", equalTo("REJECTED")).extract().path("id");
        event("CUSTOMER.KYC_REJECTED", rejected);
        api().body(CustomerTest.individual(TestSupport.uniqueCustomerRef("kyc"), "Sam Skip")).post("/customers")
                .then().statusCode(201).body("kycStatus", equalTo("APPROVED"));
        api().body(Map.of("sandboxSkipVerificationPaperwork", false)).patch("/config").then().statusCode(200);
        api().body(CustomerTest.individual(TestSupport.uniqueCustomerRef("kyc"), "Sam Skip002")).post("/customers")
                .then().statusCode(201).body("kycStatus", equalTo("UNVERIFIED"));
    }

    @Test
    void submissionErrors() {
        api().body(Map.of()).post("/verifications").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT")).body("details.errors.field", hasItems("customerId"));
        api().body(Map.of("customerId", "Customer:" + UUID.randomUUID())).post("/verifications").then().statusCode(404)
                .body("code", equalTo("USER_NOT_FOUND"));
        api().get("/verifications/Verification:" + UUID.randomUUID()).then().statusCode(404)
                .body("code", equalTo("REFERENCE_NOT_FOUND")).body("details.notFoundCode", equalTo("VERIFICATION_NOT_FOUND"));
        api().queryParam("verificationStatus", "DONE").get("/verifications").then().statusCode(400)
                .body("details.errors.field", hasItems("verificationStatus"));
    }

    // --- businesses and beneficial owners ------------------------------------------------------

    @Test
    void businessNeedsDocumentsAndOwnersThenOwnersAreDecidedWithIt() throws Exception {
        String customerId = business("REG-77003");
        JsonPath missing = submit(customerId);
        assertEquals("RESOLVE_ERRORS", missing.getString("verificationStatus"));
        assertEquals(List.of("MISSING_LEGAL_PRESENCE_DOCUMENT", "MISSING_OWNERSHIP_STRUCTURE_DOCUMENT",
                "MISSING_PROOF_OF_ADDRESS_DOCUMENT", "MISSING_BENEFICIAL_OWNER", "MISSING_CONTROL_PERSON"),
                missing.getList("errors.type"));

        String ownerId = api().body(owner(customerId, "Smith", List.of("UBO", "DIRECTOR"), 60)).post("/beneficial-owners")
                .then().statusCode(201).body("kycStatus", equalTo("UNVERIFIED")).body("roles", equalTo(List.of("UBO", "DIRECTOR")))
                .extract().path("id");
        upload(customerId, "CERTIFICATE_OF_INCORPORATION", PDF);
        upload(customerId, "SHAREHOLDER_REGISTER", PDF);
        JsonPath ownerDocMissing = submit(customerId);
        assertEquals(List.of("MISSING_PROOF_OF_ADDRESS_DOCUMENT", "MISSING_IDENTITY_DOCUMENT"), ownerDocMissing.getList("errors.type"));
        assertEquals(ownerId, ownerDocMissing.getString("errors[1].resourceId"));

        upload(customerId, "UTILITY_BILL", PDF);
        upload(ownerId, "PASSPORT", PNG);
        JsonPath review = decided(submit(customerId).getString("id"));
        assertEquals("PENDING_MANUAL_REVIEW", review.getString("verificationStatus"));
        api().get("/customers/" + customerId).then().body("kybStatus", equalTo("PENDING"));
        event("CUSTOMER.KYB_PENDING", customerId);
        api().get("/documents?documentHolder=" + ownerId).then().statusCode(200).body("totalCount", equalTo(1))
                .body("data[0].documentType", equalTo("PASSPORT"));
    }

    @Test
    void businessSuffixesDecideWithoutPaperworkAndResolveOwners() throws Exception {
        String approved = business("REG-12345");
        String pending = api().body(owner(approved, "Doe001", List.of("UBO"), 50)).post("/beneficial-owners")
                .then().statusCode(201).extract().path("id");
        String rejectedOwner = api().body(owner(approved, "Roe002", List.of("CONTROL_PERSON"), 0)).post("/beneficial-owners")
                .then().statusCode(201).extract().path("id");
        String plain = api().body(owner(approved, "Poe", List.of("UBO"), 50)).post("/beneficial-owners")
                .then().statusCode(201).extract().path("id");
        JsonPath submitted = submit(approved);
        assertEquals("IN_PROGRESS", submitted.getString("verificationStatus"));
        assertEquals("APPROVED", decided(submitted.getString("id")).getString("verificationStatus"));
        event("CUSTOMER.KYB_APPROVED", approved);
        api().get("/beneficial-owners/" + pending).then().body("kycStatus", equalTo("PENDING"));
        api().get("/beneficial-owners/" + rejectedOwner).then().body("kycStatus", equalTo("REJECTED"));
        api().get("/beneficial-owners/" + plain).then().body("kycStatus", equalTo("APPROVED"));

        String rejected = business("REG-12002");
        assertEquals("REJECTED", decided(submit(rejected).getString("id")).getString("verificationStatus"));
        api().get("/customers/" + rejected).then().body("kybStatus", equalTo("REJECTED"));
    }

    @Test
    void beneficialOwnerValidationListingAndUpdates() {
        String customerId = business("REG-55003");
        api().body(Map.of("customerId", customerId, "roles", List.of("UBO", "UBO", "KING"), "ownershipPercentage", 101,
                        "personalInfo", Map.of("firstName", "Jo", "birthDate", "2999-01-01", "phoneNumber", "555")))
                .post("/beneficial-owners").then().statusCode(400).body("code", equalTo("INVALID_INPUT"))
                .body("details.errors.field", hasItems("roles[2]", "ownershipPercentage", "personalInfo.lastName",
                        "personalInfo.nationality", "personalInfo.address", "personalInfo.idType", "personalInfo.identifier",
                        "personalInfo.phoneNumber"));
        String individual = completeIndividual("Ivy Individual");
        api().body(owner(individual, "Smith", List.of("UBO"), 30)).post("/beneficial-owners").then().statusCode(400)
                .body("details.errors.field", hasItems("customerId"));
        api().body(owner("Customer:" + UUID.randomUUID(), "Smith", List.of("UBO"), 30)).post("/beneficial-owners")
                .then().statusCode(404).body("code", equalTo("USER_NOT_FOUND"));

        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ids.add(api().body(owner(customerId, "Owner" + i, List.of("UBO"), 30)).post("/beneficial-owners")
                    .then().statusCode(201).extract().path("id"));
        }
        api().body(owner(customerId, "TooMuch", List.of("UBO"), 11)).post("/beneficial-owners").then().statusCode(400)
                .body("details.errors.field", hasItems("ownershipPercentage"));

        JsonPath page1 = api().queryParam("customerId", customerId).queryParam("limit", 2).get("/beneficial-owners")
                .then().statusCode(200).body("totalCount", equalTo(3)).body("hasMore", equalTo(true)).extract().jsonPath();
        JsonPath page2 = api().queryParam("customerId", customerId).queryParam("limit", 2)
                .queryParam("cursor", page1.getString("nextCursor")).get("/beneficial-owners")
                .then().statusCode(200).body("hasMore", equalTo(false)).extract().jsonPath();
        List<String> listed = new ArrayList<>(page1.getList("data.id"));
        listed.addAll(page2.getList("data.id"));
        assertEquals(3, new java.util.HashSet<>(listed).size());
        assertTrue(listed.containsAll(ids));
        api().get("/beneficial-owners").then().statusCode(400).body("details.errors.field", hasItems("customerId"));

        api().body(Map.of("ownershipPercentage", 40, "personalInfo", Map.of("middleName", "Q", "idType", "ITIN")))
                .patch("/beneficial-owners/" + ids.get(0)).then().statusCode(400)
                .body("details.errors.field", hasItems("personalInfo.identifier"));
        api().body(Map.of("ownershipPercentage", 40, "roles", List.of("UBO", "DIRECTOR"), "personalInfo", Map.of("middleName", "Q")))
                .patch("/beneficial-owners/" + ids.get(0)).then().statusCode(200)
                .body("ownershipPercentage", equalTo(40)).body("personalInfo.middleName", equalTo("Q"))
                .body("personalInfo.firstName", equalTo("Jane")).body("roles", equalTo(List.of("UBO", "DIRECTOR")));
        api().body(Map.of("ownershipPercentage", 41)).patch("/beneficial-owners/" + ids.get(0)).then().statusCode(400);
        api().get("/beneficial-owners/BeneficialOwner:" + UUID.randomUUID()).then().statusCode(404)
                .body("code", equalTo("REFERENCE_NOT_FOUND")).body("details.notFoundCode", equalTo("BENEFICIAL_OWNER_NOT_FOUND"));
    }

    // --- documents -----------------------------------------------------------------------------

    @Test
    void documentUploadIsValidatedAndManaged() {
        String customerId = completeIndividual("Dora Docs");
        multipart().multiPart("documentHolder", "Card:123").multiPart("documentType", "SELFIE_STICK")
                .multiPart("side", "TOP").multiPart("country", "XX")
                .multiPart("file", "notes.txt", "hello".getBytes(), "text/plain")
                .post("/documents").then().statusCode(400).body("code", equalTo("INVALID_INPUT"))
                .body("details.errors.field", equalTo(List.of("documentHolder", "documentType", "side", "country", "file")));
        multipart().multiPart("documentHolder", customerId).post("/documents").then().statusCode(400)
                .body("details.errors.field", equalTo(List.of("documentType", "country", "file")));
        multipart().multiPart("documentHolder", "Customer:" + UUID.randomUUID()).multiPart("documentType", "PASSPORT")
                .multiPart("country", "US").multiPart("file", "p.png", PNG, "image/png")
                .post("/documents").then().statusCode(404).body("code", equalTo("USER_NOT_FOUND"));
        byte[] tooBig = new byte[10 * 1024 * 1024 + 1];
        System.arraycopy(PNG, 0, tooBig, 0, PNG.length);
        multipart().multiPart("documentHolder", customerId).multiPart("documentType", "PASSPORT")
                .multiPart("country", "US").multiPart("file", "big.png", tooBig, "image/png")
                .post("/documents").then().statusCode(400).body("details.errors.field", equalTo(List.of("file")));

        String id = multipart().multiPart("documentHolder", customerId).multiPart("documentType", "DRIVERS_LICENSE")
                .multiPart("side", "FRONT").multiPart("country", "US").multiPart("documentNumber", "D1234567")
                .multiPart("issuingAuthority", "WA DOL").multiPart("file", "front.png", PNG, "image/png")
                .post("/documents").then().statusCode(201)
                .body("documentHolder", equalTo(customerId)).body("documentType", equalTo("DRIVERS_LICENSE"))
                .body("side", equalTo("FRONT")).body("fileName", equalTo("front.png"))
                .body("documentNumber", equalTo("D1234567")).extract().path("id");
        api().get("/documents/" + id).then().statusCode(200).body("issuingAuthority", equalTo("WA DOL"));
        api().queryParam("documentHolder", customerId).get("/documents").then().statusCode(200)
                .body("totalCount", equalTo(1)).body("data[0].id", equalTo(id));
        api().delete("/documents/" + id).then().statusCode(204);
        api().get("/documents/" + id).then().statusCode(404).body("code", equalTo("REFERENCE_NOT_FOUND")).body("details.notFoundCode", equalTo("DOCUMENT_NOT_FOUND"));
        api().delete("/documents/" + id).then().statusCode(404);
    }
}
