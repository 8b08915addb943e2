package payments.card;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;
import payments.TestSupport;
import payments.WebhookReceiver;
import payments.card.CardFixtures.Cardholder;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static payments.TestSupport.api;

/**
 * A cardholder's KYC re-opened after issuance (POST /compliance/customers/{id}/reopen): its ACTIVE
 * cards wait in PENDING_KYC and cannot transact; approved again they are ACTIVE, rejected every live
 * card is closed by the service (CLOSED_BY_GRID). CARD.STATUS_CHANGE each time.
 */
@QuarkusTest
class CardholderReviewTest {

    private static Supplier<RequestSpecification> complianceStaff() {
        Map<String, String> token = TestSupport.newToken("COMPLIANCE_REVIEW");
        return () -> TestSupport.apiAs(token.get("clientId"), token.get("clientSecret"));
    }

    /** Re-opens the holder's KYC; answers the new packet's id. */
    private static String reopen(Supplier<RequestSpecification> staff, String customerId) {
        JsonPath decision = staff.get().body(Map.of("reason", "Periodic review: address changed")).post("/compliance/customers/"
                + customerId + "/reopen").then().statusCode(200).body("decision", equalTo("REOPENED")).extract().jsonPath();
        return decision.getString("verificationId");
    }

    @Test
    void reopenedKycHoldsTheCardsUntilApprovedAgain() throws Exception {
        Cardholder card = CardFixtures.cardholder("USD", 50_000, Map.of());
        String customerId = card.holder().customerId();
        String frozen = CardFixtures.issue(customerId, card.account(), Map.of()).getString("id");
        CardFixtures.awaitStatus(frozen, "ACTIVE");
        api().body(Map.of("status", "FROZEN")).patch("/cards/" + frozen).then().statusCode(200);
        Supplier<RequestSpecification> staff = complianceStaff();

        staff.get().post("/compliance/customers/" + customerId + "/reopen").then().statusCode(400)
                .body("details.errors.field", equalTo(List.of("reason")));
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            String verificationId = reopen(staff, customerId);
            api().get("/customers/" + customerId).then().body("kycStatus", equalTo("PENDING"));
            api().get("/cards/" + card.cardId()).then().body("status", equalTo("PENDING_KYC"));
            assertNotNull(receiver.nextMatching("CARD.STATUS_CHANGE", "PENDING_KYC", 10));
            assertNotNull(receiver.nextMatching("CUSTOMER.KYC_PENDING", customerId, 10));
            api().get("/cards/" + frozen).then().body("status", equalTo("FROZEN"));
            api().get("/verifications/" + verificationId).then().body("verificationStatus", equalTo("PENDING_MANUAL_REVIEW"));

            JsonPath declined = CardFixtures.authorize(card.cardId(), 1_000, "COFFEE SHOP");
            assertEquals("DECLINED", declined.getString("status"));
            assertEquals(CardAuthorizations.CARD_NOT_ACTIVE, declined.getString("cardDeclinedReason"));
            api().body(Map.of("status", "FROZEN")).patch("/cards/" + card.cardId()).then().statusCode(409)
                    .body("code", equalTo("INVALID_STATE_TRANSITION"));
            staff.get().body(Map.of("reason", "again")).post("/compliance/customers/" + customerId + "/reopen").then().statusCode(409);
            // Submitting the packet again joins the open review instead of starting a second one.
            api().body(Map.of("customerId", customerId)).post("/verifications").then().statusCode(200)
                    .body("id", equalTo(verificationId));

            staff.get().get("/compliance/reviews?limit=100").then().body("data.verification.id", hasItem(verificationId));
            staff.get().post("/compliance/reviews/" + verificationId + "/approve").then().statusCode(200);
            api().get("/cards/" + card.cardId()).then().body("status", equalTo("ACTIVE"));
            api().get("/cards/" + frozen).then().body("status", equalTo("FROZEN"));
            assertEquals("AUTHORIZED", CardFixtures.authorize(card.cardId(), 1_000, "COFFEE SHOP").getString("status"));
            staff.get().queryParam("customerId", customerId).get("/compliance/decisions").then()
                    .body("data.decision", equalTo(List.of("APPROVED", "REOPENED")));
        }
    }

    /** A card the issuer provisions while its holder is under review starts PENDING_KYC, not ACTIVE. */
    @Test
    void aCardProvisionedDuringTheReviewWaitsToo() {
        // Ending 915: the sandbox issuer activates the card 30 s later on the server clock.
        Holder holder = MoneyFixtures.customerWithRef(TestSupport.uniqueCustomerRef("review") + "915", "US", List.of("USD"));
        String cardId = CardFixtures.issue(holder.customerId(), holder.account("USD"), Map.of()).getString("id");
        MoneyFixtures.awaitJobsDone();
        Supplier<RequestSpecification> staff = complianceStaff();
        String verificationId = reopen(staff, holder.customerId());
        api().get("/cards/" + cardId).then().body("status", equalTo("PROCESSING"));
        api().body(Map.of("seconds", 31)).post("/sandbox/clock/advance").then().statusCode(200);
        JsonPath provisioned = CardFixtures.awaitStatus(cardId, "PENDING_KYC");
        assertNotNull(provisioned.getString("last4"), "provisioned, with its number");
        staff.get().post("/compliance/reviews/" + verificationId + "/approve").then().statusCode(200);
        api().get("/cards/" + cardId).then().body("status", equalTo("ACTIVE"));
    }

    @Test
    void aRejectedReviewClosesEveryLiveCard() throws Exception {
        Cardholder card = CardFixtures.cardholder("USD", 0, Map.of());
        String customerId = card.holder().customerId();
        Supplier<RequestSpecification> staff = complianceStaff();
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            String verificationId = reopen(staff, customerId);
            staff.get().body(Map.of("reason", "Sanctions list match")).post("/compliance/reviews/" + verificationId + "/reject")
                    .then().statusCode(200);
            JsonPath closed = api().get("/cards/" + card.cardId()).then().extract().jsonPath();
            assertEquals("CLOSED", closed.getString("status"));
            assertEquals("CLOSED_BY_GRID", closed.getString("statusReason"));
            assertNotNull(receiver.nextMatching("CARD.STATUS_CHANGE", "CLOSED_BY_GRID", 10));
        }
        api().get("/customers/" + customerId).then().body("kycStatus", equalTo("REJECTED"));
        staff.get().body(Map.of("reason", "again")).post("/compliance/customers/" + customerId + "/reopen").then().statusCode(409);
        staff.get().body(Map.of("reason", "x")).post("/compliance/customers/Customer:00000000-0000-0000-0000-000000000000/reopen")
                .then().statusCode(404);
    }
}
