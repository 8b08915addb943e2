package payments.verification;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.TestSupport;
import payments.WebhookReceiver;

import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/**
 * The operator review queue (production's reviewer, chosen here in the sandbox): complete packets
 * wait for the platform's compliance staff, who approve or reject them with a reason; the same
 * events as the sandbox's rules, and an audit log of who decided what and why.
 */
@QuarkusTest
@TestProfile(ComplianceReviewTest.OperatorQueue.class)
class ComplianceReviewTest {

    public static class OperatorQueue implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("svc.verifications.reviewer", "OPERATOR_QUEUE");
        }
    }

    /** A token of the platform's compliance staff; each call to {@code get()} is a fresh request. */
    private static java.util.function.Supplier<RequestSpecification> reviewer() {
        Map<String, String> token = TestSupport.newToken("COMPLIANCE_REVIEW");
        return () -> TestSupport.apiAs(token.get("clientId"), token.get("clientSecret"));
    }

    /** A complete individual packet, submitted: IN_PROGRESS, waiting for a person. */
    private static String submitted(String name) {
        String customerId = VerificationTest.completeIndividual(name);
        VerificationTest.upload(customerId, "PASSPORT", VerificationTest.PNG);
        JsonPath packet = VerificationTest.submit(customerId);
        assertEquals("IN_PROGRESS", packet.getString("verificationStatus"));
        return packet.getString("id");
    }

    @Test
    void aPacketWaitsForAPersonWhoApprovesItWithTheSandboxsEvents() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            // "Rex Rejected002" would be rejected by the sandbox's rules: here nobody but a person decides.
            String verificationId = submitted("Rex Rejected002");
            String customerId = api().get("/verifications/" + verificationId).then().extract().path("customerId");
            MoneyFixtures.awaitJobsDone();
            api().get("/verifications/" + verificationId).then().body("verificationStatus", equalTo("IN_PROGRESS"));
            api().get("/customers/" + customerId).then().body("kycStatus", equalTo("PENDING"));

            java.util.function.Supplier<RequestSpecification> staff = reviewer();
            staff.get().get("/compliance/reviews?limit=100").then().statusCode(200)
                    .body("data.verification.id", hasItem(verificationId))
                    .body("data.find { it.verification.id == '" + verificationId + "' }.customer.fullName", equalTo("Rex Rejected002"));
            JsonPath decision = staff.get().body(Map.of("reason", "Passport checked by hand against the selfie")).post("/compliance/reviews/"
                    + verificationId + "/approve").then().statusCode(200).extract().jsonPath();
            assertEquals("APPROVED", decision.getString("decision"));
            assertTrue(decision.getString("decidedBy").startsWith("BASIC:"), decision.prettify());

            api().get("/verifications/" + verificationId).then().body("verificationStatus", equalTo("APPROVED"));
            api().get("/customers/" + customerId).then().body("kycStatus", equalTo("APPROVED"));
            assertNotNull(receiver.nextMatching("CUSTOMER.KYC_APPROVED", customerId, 10));
            assertNotNull(receiver.nextMatching("VERIFICATION.APPROVED", verificationId, 10));
            staff.get().get("/compliance/reviews?limit=100").then().body("data.verification.id", not(hasItem(verificationId)));
            staff.get().body(Map.of("reason", "Second thoughts")).post("/compliance/reviews/" + verificationId + "/reject").then()
                    .statusCode(409);
            staff.get().queryParam("customerId", customerId).get("/compliance/decisions").then().statusCode(200)
                    .body("data.decision", equalTo(List.of("APPROVED")))
                    .body("data[0].reason", equalTo("Passport checked by hand against the selfie"))
                    .body("data[0].verificationId", equalTo(verificationId));
        }
    }

    @Test
    void aRejectionNeedsAReasonAndRejectsTheCustomer() throws Exception {
        String verificationId = submitted("Ada Applicant");
        String customerId = api().get("/verifications/" + verificationId).then().extract().path("customerId");
        java.util.function.Supplier<RequestSpecification> staff = reviewer();
        staff.get().post("/compliance/reviews/" + verificationId + "/reject").then().statusCode(400)
                .body("details.errors.field", equalTo(List.of("reason")));
        staff.get().body(Map.of("reason", "a\u0007b")).post("/compliance/reviews/" + verificationId + "/reject").then().statusCode(400);
        staff.get().body(List.of("x")).post("/compliance/reviews/" + verificationId + "/reject").then().statusCode(400);
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            staff.get().body(Map.of("reason", "Document does not match the applicant")).post("/compliance/reviews/" + verificationId + "/reject")
                    .then().statusCode(200).body("decision", equalTo("REJECTED"));
            assertNotNull(receiver.nextMatching("CUSTOMER.KYC_REJECTED", customerId, 10));
        }
        api().get("/customers/" + customerId).then().body("kycStatus", equalTo("REJECTED"));
        staff.get().post("/compliance/reviews/Verification:00000000-0000-0000-0000-000000000000/approve").then().statusCode(404);
    }

    /**
     * An approved identity changes only through a review: the platform's PATCH of identity fields or
     * its replacing a document sends the customer back to review (REOPENED in the log, by the
     * platform's token); a document under review or approved cannot be deleted; fields sent with the
     * values on file change nothing.
     */
    @Test
    void anIdentityChangedByThePlatformAfterApprovalGoesBackToReview() throws Exception {
        String customerId = VerificationTest.completeIndividual("Ivy Identity");
        String passport = VerificationTest.upload(customerId, "PASSPORT", VerificationTest.PNG);
        String first = VerificationTest.submit(customerId).getString("id");
        java.util.function.Supplier<RequestSpecification> staff = reviewer();
        staff.get().post("/compliance/reviews/" + first + "/approve").then().statusCode(200);

        Map<String, Object> onFile = Map.of("customerType", "INDIVIDUAL", "fullName", "Ivy Identity", "birthDate", "1990-01-15",
                "nationality", "US", "idType", "SSN", "identifier", "123-45-6789",
                "address", Map.of("line1", "1 Main St", "city", "Seattle", "state", "WA", "postalCode", "98101", "country", "US"));
        api().body(onFile).patch("/customers/" + customerId).then().statusCode(200).body("kycStatus", equalTo("APPROVED"));

        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            api().body(Map.of("customerType", "INDIVIDUAL", "fullName", "Olga Swapped", "birthDate", "1970-07-07",
                            "nationality", "FR", "idType", "SSN", "identifier", "987-65-4321"))
                    .patch("/customers/" + customerId).then().statusCode(200)
                    .body("kycStatus", equalTo("PENDING")).body("fullName", equalTo("Olga Swapped"));
            assertNotNull(receiver.nextMatching("CUSTOMER.KYC_PENDING", "Olga Swapped", 10));
        }
        JsonPath log = staff.get().queryParam("customerId", customerId).get("/compliance/decisions").then().statusCode(200)
                .body("data.decision", equalTo(List.of("REOPENED", "APPROVED"))).extract().jsonPath();
        assertEquals("Identity changed by the platform: fullName, birthDate, nationality, identifier", log.getString("data[0].reason"));
        assertNotEquals(log.getString("data[1].decidedBy"), log.getString("data[0].decidedBy"), "the platform reopened, not the desk");
        String second = log.getString("data[0].verificationId");
        assertNotEquals(first, second);
        api().get("/verifications/" + second).then().body("verificationStatus", equalTo("IN_PROGRESS"));

        // Under review: the document cannot go; replacing it supersedes the packet under review with a new one.
        api().delete("/documents/" + passport).then().statusCode(409).body("code", equalTo("CONFLICT"));
        replace(passport, "olga.pdf").then().statusCode(200).body("fileName", equalTo("olga.pdf"));
        String third = staff.get().queryParam("customerId", customerId).get("/compliance/decisions").then()
                .body("data.decision", equalTo(List.of("REOPENED", "REOPENED", "APPROVED")))
                .body("data[0].reason", containsString(passport))
                .extract().path("data[0].verificationId");
        assertNotEquals(second, third);
        staff.get().post("/compliance/reviews/" + second + "/approve").then().statusCode(409);
        staff.get().post("/compliance/reviews/" + third + "/approve").then().statusCode(200);
        api().get("/customers/" + customerId).then().body("kycStatus", equalTo("APPROVED")).body("fullName", equalTo("Olga Swapped"));

        // Approved again: a replaced document is reviewed again, and still cannot be deleted.
        replace(passport, "another.pdf").then().statusCode(200);
        api().get("/customers/" + customerId).then().body("kycStatus", equalTo("PENDING"));
        String fourth = staff.get().queryParam("customerId", customerId).get("/compliance/decisions").then()
                .body("data.decision", equalTo(List.of("REOPENED", "APPROVED", "REOPENED", "REOPENED", "APPROVED")))
                .extract().path("data[0].verificationId");
        assertNotEquals(third, fourth);
        api().delete("/documents/" + passport).then().statusCode(409).body("code", equalTo("CONFLICT"));
    }

    /**
     * The desk decides the data it saw: a change while a packet waits supersedes that packet with a
     * new one, so approving the packet the desk loaded before the change is 409 and only the newest
     * (which the queue now shows instead) can be decided. The superseded packet keeps its status.
     */
    @Test
    void aPacketSupersededByALaterChangeCannotBeDecided() throws Exception {
        java.util.function.Supplier<RequestSpecification> staff = reviewer();
        String customerId = approvedIndividual("Rae Racer", staff);
        api().body(Map.of("customerType", "INDIVIDUAL", "fullName", "Rae Second")).patch("/customers/" + customerId).then()
                .statusCode(200).body("kycStatus", equalTo("PENDING"));
        String loaded = latestDecision(staff, customerId).getString("verificationId");
        staff.get().get("/compliance/reviews?limit=100").then().body("data.verification.id", hasItem(loaded));

        String newest;
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            api().body(Map.of("customerType", "INDIVIDUAL", "fullName", "Rae Third")).patch("/customers/" + customerId).then()
                    .statusCode(200).body("kycStatus", equalTo("PENDING"));
            newest = latestDecision(staff, customerId).getString("verificationId");
            assertNotEquals(loaded, newest);
            assertNotNull(receiver.nextMatching("VERIFICATION.IN_PROGRESS", newest, 10));
        }
        staff.get().get("/compliance/reviews?limit=100").then()
                .body("data.verification.id", hasItem(newest)).body("data.verification.id", not(hasItem(loaded)));
        staff.get().body(Map.of("reason", "Checked the name I was shown")).post("/compliance/reviews/" + loaded + "/approve").then()
                .statusCode(409).body("code", equalTo("CONFLICT")).body("message", containsString(newest));
        api().get("/customers/" + customerId).then().body("kycStatus", equalTo("PENDING"));
        api().get("/verifications/" + loaded).then().statusCode(200).body("verificationStatus", equalTo("IN_PROGRESS"));

        staff.get().post("/compliance/reviews/" + newest + "/approve").then().statusCode(200);
        api().get("/customers/" + customerId).then().body("kycStatus", equalTo("APPROVED")).body("fullName", equalTo("Rae Third"));
        staff.get().queryParam("customerId", customerId).get("/compliance/decisions").then()
                .body("data.decision", equalTo(List.of("APPROVED", "REOPENED", "REOPENED", "APPROVED")))
                .body("data[0].verificationId", equalTo(newest));
    }

    /** A document uploaded for an approved customer joins a new review, and cannot be deleted. */
    @Test
    void aDocumentUploadedForAnApprovedCustomerGoesBackToReview() {
        java.util.function.Supplier<RequestSpecification> staff = reviewer();
        String customerId = approvedIndividual("Uma Uploaded", staff);
        String licence = VerificationTest.upload(customerId, "DRIVERS_LICENSE", VerificationTest.PNG);
        api().get("/customers/" + customerId).then().body("kycStatus", equalTo("PENDING"));
        JsonPath reopened = latestDecision(staff, customerId);
        assertEquals("REOPENED", reopened.getString("decision"));
        assertTrue(reopened.getString("reason").contains(licence), reopened.prettify());
        staff.get().get("/compliance/reviews?limit=100").then().body("data.verification.id", hasItem(reopened.getString("verificationId")));
        api().delete("/documents/" + licence).then().statusCode(409).body("code", equalTo("CONFLICT"));
    }

    /** Who owns an approved business is part of its review: a new owner sends it back to review. */
    @Test
    void anOwnerAddedToAnApprovedBusinessSendsItBackToReview() {
        java.util.function.Supplier<RequestSpecification> staff = reviewer();
        String businessId = approvedBusiness(staff).get(0);
        String newcomer = api().body(VerificationTest.owner(businessId, "Newman", List.of("UBO"), 40)).post("/beneficial-owners")
                .then().statusCode(201).extract().path("id");
        api().get("/customers/" + businessId).then().body("kybStatus", equalTo("PENDING"));
        JsonPath added = latestDecision(staff, businessId);
        assertEquals("REOPENED", added.getString("decision"));
        assertTrue(added.getString("reason").contains(newcomer), added.prettify());
        staff.get().get("/compliance/reviews?limit=100").then().body("data.verification.id", hasItem(added.getString("verificationId")));
        staff.get().post("/compliance/reviews/" + added.getString("verificationId") + "/approve").then().statusCode(200);
        api().get("/customers/" + businessId).then().body("kybStatus", equalTo("APPROVED"));
        api().get("/beneficial-owners/" + newcomer).then().body("kycStatus", equalTo("APPROVED"));
    }

    /**
     * An owner's share or roles are part of the business's review: changing them sends an approved
     * business back to review; values as on file (roles in another order) change nothing.
     */
    @Test
    void anOwnersShareChangedSendsAnApprovedBusinessBackToReview() {
        java.util.function.Supplier<RequestSpecification> staff = reviewer();
        List<String> business = approvedBusiness(staff);
        String businessId = business.get(0);
        String founder = business.get(1);
        api().body(Map.of("ownershipPercentage", 60, "roles", List.of("DIRECTOR", "UBO"))).patch("/beneficial-owners/" + founder)
                .then().statusCode(200);
        api().get("/customers/" + businessId).then().body("kybStatus", equalTo("APPROVED"));

        api().body(Map.of("ownershipPercentage", 0)).patch("/beneficial-owners/" + founder).then().statusCode(200)
                .body("ownershipPercentage", equalTo(0));
        api().get("/customers/" + businessId).then().body("kybStatus", equalTo("PENDING"));
        JsonPath changed = latestDecision(staff, businessId);
        assertEquals("REOPENED", changed.getString("decision"));
        assertEquals("Beneficial owner " + founder + " changed by the platform: ownershipPercentage", changed.getString("reason"));
        staff.get().queryParam("customerId", businessId).get("/compliance/decisions").then()
                .body("data.decision", equalTo(List.of("REOPENED", "APPROVED")));
    }

    /** A business whose complete packet the desk approved, and its one owner (60%, UBO and DIRECTOR): [business, owner]. */
    private static List<String> approvedBusiness(java.util.function.Supplier<RequestSpecification> staff) {
        String businessId = VerificationTest.business("REG-46001");
        String owner = api().body(VerificationTest.owner(businessId, "Smith", List.of("UBO", "DIRECTOR"), 60))
                .post("/beneficial-owners").then().statusCode(201).extract().path("id");
        VerificationTest.upload(businessId, "CERTIFICATE_OF_INCORPORATION", VerificationTest.PDF);
        VerificationTest.upload(businessId, "SHAREHOLDER_REGISTER", VerificationTest.PDF);
        VerificationTest.upload(businessId, "UTILITY_BILL", VerificationTest.PDF);
        VerificationTest.upload(owner, "PASSPORT", VerificationTest.PNG);
        JsonPath packet = VerificationTest.submit(businessId);
        assertEquals("IN_PROGRESS", packet.getString("verificationStatus"), packet.prettify());
        staff.get().post("/compliance/reviews/" + packet.getString("id") + "/approve").then().statusCode(200);
        api().get("/customers/" + businessId).then().body("kybStatus", equalTo("APPROVED"));
        return List.of(businessId, owner);
    }

    /** A customer whose complete packet the desk approved. */
    private static String approvedIndividual(String name, java.util.function.Supplier<RequestSpecification> staff) {
        String verificationId = submitted(name);
        staff.get().post("/compliance/reviews/" + verificationId + "/approve").then().statusCode(200);
        String customerId = api().get("/verifications/" + verificationId).then().extract().path("customerId");
        api().get("/customers/" + customerId).then().body("kycStatus", equalTo("APPROVED"));
        return customerId;
    }

    /** The newest entry of the customer's audit log. */
    private static JsonPath latestDecision(java.util.function.Supplier<RequestSpecification> staff, String customerId) {
        return staff.get().queryParam("customerId", customerId).get("/compliance/decisions").then().statusCode(200)
                .extract().jsonPath().setRootPath("data[0]");
    }

    private static io.restassured.response.Response replace(String documentId, String fileName) {
        return VerificationTest.multipart().multiPart("documentType", "PASSPORT").multiPart("country", "US")
                .multiPart("file", fileName, VerificationTest.PDF, "application/pdf").put("/documents/" + documentId);
    }

    /** Deciding is its own permission: neither the bootstrap token (MANAGE) nor a VIEW token may. */
    @Test
    void onlyATokenWithComplianceReviewDecides() {
        String verificationId = submitted("Otto Other");
        api().get("/compliance/reviews").then().statusCode(403);
        api().post("/compliance/reviews/" + verificationId + "/approve").then().statusCode(403);
        Map<String, String> viewer = TestSupport.newToken("VIEW");
        TestSupport.apiAs(viewer.get("clientId"), viewer.get("clientSecret")).get("/compliance/decisions").then().statusCode(403);
        api().get("/verifications/" + verificationId).then().body("verificationStatus", equalTo("IN_PROGRESS"));
        api().get("/tokens?limit=100").then().statusCode(200)
                .body("data.find { it.name == 'bootstrap' }.permissions", not(hasItem("COMPLIANCE_REVIEW")));
    }
}
