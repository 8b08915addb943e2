package payments.webhook;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;
import payments.TestSupport;
import payments.WebhookReceiver;

import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** GET /webhooks/deliveries, a delivery with its attempts, and a replay that sends the same event freshly signed. */
@QuarkusTest
class WebhookDeliveriesTest {

    @Test
    void aFailedAttemptIsVisibleAndAReplayDeliversTheSameEvent() throws Exception {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        String account = holder.account("USD");
        // The endpoint points at a receiver that has stopped: every attempt fails without an answer.
        int closedPort;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        String deadEndpoint = "http://127.0.0.1:" + closedPort + "/hooks";
        api().body(Map.of("webhookEndpoint", deadEndpoint)).patch("/config").then().statusCode(200);
        MoneyFixtures.fund(account, 1_000);
        String transactionId = api().queryParam("customerId", holder.customerId()).get("/transactions").then().statusCode(200)
                .extract().path("data[0].id");

        JsonPath listed = awaitListed(transactionId);
        String eventId = listed.getString("data[0].id");
        assertEquals("INCOMING_PAYMENT.COMPLETED", listed.getString("data[0].eventType"));
        assertEquals("PENDING", listed.getString("data[0].status"), "retried later");
        assertNotNull(listed.getString("data[0].nextAttemptAt"));
        JsonPath detail = api().get("/webhooks/deliveries/" + eventId).then().statusCode(200).extract().jsonPath();
        assertEquals(transactionId, detail.getString("event.data.id"));
        assertEquals(eventId, detail.getString("event.id"));
        assertEquals(deadEndpoint, detail.getString("attempts[0].url"));
        org.junit.jupiter.api.Assertions.assertNull(detail.get("attempts[0].statusCode"));
        assertEquals("The webhook endpoint could not be reached", detail.getString("attempts[0].error"));
        assertTrue(detail.getLong("attempts[0].latencyMs") >= 0);

        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            JsonPath replay = api().post("/webhooks/deliveries/" + eventId + "/replay").then().statusCode(200).extract().jsonPath();
            assertEquals(200, replay.getInt("attempt.statusCode"));
            assertEquals(receiver.url(), replay.getString("attempt.url"));
            assertTrue(replay.getString("attempt.responseExcerpt").contains("received"), replay.prettify());
            assertEquals("DELIVERED", replay.getString("delivery.status"));
            WebhookReceiver.Delivery replayed = receiver.nextMatching("INCOMING_PAYMENT.COMPLETED", transactionId, 10);
            assertNotNull(replayed);
            assertEquals(eventId, new JsonPath(replayed.body()).getString("id"), "the same event id");
            assertEquals(detail.getMap("event"), new JsonPath(replayed.body()).getMap(""), "the same body");
            assertTrue(replayed.signatureValid(), "signed again");
            api().get("/webhooks/deliveries/" + eventId).then().body("attempts.size()", equalTo(2))
                    .body("attempts[1].statusCode", equalTo(200)).body("status", equalTo("DELIVERED"))
                    .body("nextAttemptAt", equalTo(null));
            api().queryParam("status", "delivered").queryParam("resourceId", transactionId).get("/webhooks/deliveries").then()
                    .body("data.id", hasItem(eventId));
            api().queryParam("eventType", "INCOMING_PAYMENT.COMPLETED").queryParam("limit", 100).get("/webhooks/deliveries").then()
                    .body("data.id", hasItem(eventId));
        }
        // No endpoint: a replay has nowhere to go.
        api().post("/webhooks/deliveries/" + eventId + "/replay").then().statusCode(400).body("code", equalTo("WEBHOOK_ENDPOINT_NOT_SET"));
    }

    private static JsonPath awaitListed(String resourceId) {
        JsonPath listed = null;
        for (int i = 0; i < 50; i++) {
            listed = api().queryParam("resourceId", resourceId).get("/webhooks/deliveries").then().statusCode(200).extract().jsonPath();
            if (listed.getInt("data[0].attemptCount") > 0) {
                return listed;
            }
            MoneyFixtures.sleep(100);
        }
        throw new AssertionError("no attempt recorded: " + listed.prettify());
    }

    @Test
    void badFiltersUnknownIdsAndPermissions() {
        api().queryParams(Map.of("status", "nope", "eventType", "NOT.A_TYPE", "createdAfter", "yesterday")).get("/webhooks/deliveries")
                .then().statusCode(400).body("details.errors.field", containsInAnyOrder("status", "eventType", "createdAfter"));
        api().get("/webhooks/deliveries/Webhook:00000000-0000-7000-8000-000000000000").then().statusCode(404)
                .body("code", equalTo("REFERENCE_NOT_FOUND")).body("details.notFoundCode", equalTo("WEBHOOK_NOT_FOUND"));
        api().get("/webhooks/deliveries/Customer:00000000-0000-7000-8000-000000000000").then().statusCode(404);
        Map<String, String> viewer = TestSupport.newToken("VIEW");
        TestSupport.apiAs(viewer.get("clientId"), viewer.get("clientSecret")).get("/webhooks/deliveries").then().statusCode(200);
        TestSupport.apiAs(viewer.get("clientId"), viewer.get("clientSecret"))
                .post("/webhooks/deliveries/Webhook:00000000-0000-7000-8000-000000000000/replay").then().statusCode(403);
    }
}
