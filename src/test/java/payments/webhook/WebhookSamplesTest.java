package payments.webhook;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import payments.ReferenceShapes;
import payments.WebhookReceiver;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** POST /sandbox/webhooks/trigger: a sample of every event type, sent and signed like any event, in the reference's shape. */
@QuarkusTest
class WebhookSamplesTest {

    /** The reference's webhook body schema for each family of event types (MESSAGE.SMS_REQUESTED is this server's own). */
    private static final Map<String, String> REFERENCE_SCHEMAS = Map.ofEntries(
            Map.entry("TEST", "TestWebhookRequest"),
            Map.entry("AGENT_ACTION", "AgentActionWebhook"),
            Map.entry("INCOMING_PAYMENT", "IncomingPaymentWebhook"),
            Map.entry("OUTGOING_PAYMENT", "OutgoingPaymentWebhook"),
            Map.entry("BULK_UPLOAD", "BulkUploadWebhook"),
            Map.entry("INVITATION", "InvitationClaimedWebhook"),
            Map.entry("CUSTOMER", "CustomerWebhook"),
            Map.entry("INTERNAL_ACCOUNT", "InternalAccountStatusWebhook"),
            Map.entry("EXTERNAL_ACCOUNT", "ExternalAccountStatusWebhook"),
            Map.entry("VERIFICATION", "VerificationWebhook"),
            Map.entry("CARD.STATUS_CHANGE", "CardStateChangeWebhook"),
            Map.entry("CARD.FUNDING_SOURCE_CHANGE", "CardFundingSourceChangeWebhook"),
            Map.entry("CARD_TRANSACTION", "CardTransactionWebhook"));

    @Test
    void everyEventTypeHasASampleDeliveredSignedInTheReferenceShape() throws Exception {
        List<String> differences = new ArrayList<>();
        Set<String> resourceIds = new HashSet<>();
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            for (String type : EventType.wireNames()) {
                JsonPath delivery = api().body(Map.of("eventType", type)).post("/sandbox/webhooks/trigger")
                        .then().statusCode(202).body("eventType", equalTo(type)).extract().jsonPath();
                String resourceId = delivery.getString("resourceId");
                WebhookReceiver.Delivery received = receiver.nextMatching(type, delivery.getString("id"), 10);
                assertNotNull(received, type + " was not delivered");
                assertTrue(received.signatureValid(), type + " is signed");
                assertEquals(delivery.getString("id"), new JsonPath(received.body()).getString("id"));
                if (resourceId != null) {
                    assertTrue(resourceIds.add(resourceId), "a fresh id for every sample: " + resourceId);
                    String path = resourcePath(resourceId);
                    if (path != null) {
                        api().get(path).then().statusCode(404);
                    }
                }
                String schema = referenceSchema(type);
                if (schema != null) {
                    ReferenceShapes.FILTER.checkWebhook(schema, received.body()).forEach(d -> differences.add(type + " " + d));
                }
            }
        }
        assertEquals(List.of(), differences, "every sample in the reference's shape");
        api().queryParam("eventType", "CARD_TRANSACTION.VOIDED").get("/webhooks/deliveries").then().statusCode(200)
                .body("data.eventType", hasItem("CARD_TRANSACTION.VOIDED"));
    }

    @Test
    void aSampleIsDatedNowAndKeepsItsIntervals() {
        JsonPath delivery = api().body(Map.of("eventType", "INVITATION.CLAIMED")).post("/sandbox/webhooks/trigger")
                .then().statusCode(202).extract().jsonPath();
        Instant created = Instant.parse(delivery.getString("event.data.createdAt"));
        Instant expires = Instant.parse(delivery.getString("event.data.expiresAt"));
        Instant sent = Instant.parse(delivery.getString("event.timestamp"));
        assertTrue(Math.abs(java.time.Duration.between(created, sent).toMinutes()) < 5, created + " near " + sent);
        assertTrue(expires.isAfter(sent), "an invitation's expiry stays ahead of it");
    }

    @Test
    void renewingKeepsOneResourceOneIdAndShiftsEveryInstant() {
        String sample = "{\"id\":\"Card:11111111-1111-7111-8111-111111111111\",\"card\":\"11111111-1111-7111-8111-111111111111\","
                + "\"other\":\"Customer:22222222-2222-7222-8222-222222222222\",\"at\":\"2026-01-01T00:00:00Z\","
                + "\"later\":\"2026-01-01T00:05:00.5Z\",\"birthDate\":\"1990-01-15\"}";
        AtomicInteger next = new AtomicInteger();
        String renewed = WebhookSamples.renewed(sample, Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-06-01T12:00:00Z"),
                () -> new UUID(0, next.incrementAndGet()));
        JsonPath json = new JsonPath(renewed);
        assertEquals("Card:00000000-0000-0000-0000-000000000001", json.getString("id"));
        assertEquals("00000000-0000-0000-0000-000000000001", json.getString("card"), "the same old id, the same new one");
        assertEquals("Customer:00000000-0000-0000-0000-000000000002", json.getString("other"));
        assertEquals("2026-06-01T12:00:00Z", json.getString("at"));
        assertEquals("2026-06-01T12:05:00.500Z", json.getString("later"));
        assertEquals("1990-01-15", json.getString("birthDate"), "a date is not an instant");
    }

    @Test
    void anUnknownTypeIsRefusedWithTheTypesAccepted() {
        api().body(Map.of("eventType", "PAYMENT.DONE")).post("/sandbox/webhooks/trigger").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT")).body("details.errors[0].field", equalTo("eventType"));
        api().body(Map.of()).post("/sandbox/webhooks/trigger").then().statusCode(400)
                .body("details.errors[0].field", equalTo("eventType"));
        assertNotEquals(0, EventType.wireNames().size());
    }

    private static String referenceSchema(String type) {
        return REFERENCE_SCHEMAS.entrySet().stream().filter(e -> type.equals(e.getKey()) || type.startsWith(e.getKey() + "."))
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }

    /** Where GET finds a resource of this id's kind (for the kinds with a GET by id), to show the sample names none that exists. */
    private static String resourcePath(String resourceId) {
        String kind = resourceId.contains(":") ? resourceId.substring(0, resourceId.indexOf(':')) : "";
        return switch (kind) {
            case "Transaction" -> "/transactions/" + resourceId;
            case "Customer" -> "/customers/" + resourceId;
            case "Card" -> "/cards/" + resourceId;
            default -> null;
        };
    }
}
