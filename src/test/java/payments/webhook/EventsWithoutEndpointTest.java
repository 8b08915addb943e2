package payments.webhook;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.WebhookReceiver;

import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static payments.TestSupport.api;

/**
 * {@code svc.webhooks.keep-without-endpoint=false} (production's default), in the sandbox where
 * money can be moved by hand: nothing is stored for delivery while no endpoint is configured.
 */
@QuarkusTest
@TestProfile(EventsWithoutEndpointTest.NotKept.class)
class EventsWithoutEndpointTest {

    public static class NotKept implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("svc.webhooks.keep-without-endpoint", "false");
        }
    }

    @Inject
    Pool pool;

    /**
     * Whichever way an event is saved: one by one in a session (the customers' creation, their
     * accounts' activation and funding) or with a payment batch (the transfer's events). Once an
     * endpoint is set the next events are stored and delivered; the earlier ones never are.
     */
    @Test
    void eventsDueWhileNoEndpointIsConfiguredAreNotStored() throws Exception {
        api().body(Map.of("webhookEndpoint", "")).patch("/config").then().statusCode(200);
        MoneyFixtures.Parties parties = MoneyFixtures.fundedParties("USD", 10_000);
        String payer = parties.payer().account("USD");
        String payee = parties.payee().account("USD");
        String unheard = api().body(MoneyFixtures.transferBody(payer, payee, 1_000)).post("/quotes").then().statusCode(201)
                .extract().path("transactionId");
        assertEquals(0, eventsMentioning(parties.payer().customerId()) + eventsMentioning(payer) + eventsMentioning(unheard),
                "nothing stored without an endpoint");

        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            String heard = api().body(MoneyFixtures.transferBody(payer, payee, 1_000)).post("/quotes").then().statusCode(201)
                    .extract().path("transactionId");
            assertNotNull(receiver.nextMatching("OUTGOING_PAYMENT.COMPLETED", heard, 10), "a transfer after the endpoint is heard of");
            assertNotNull(receiver.nextMatching("INTERNAL_ACCOUNT.BALANCE_UPDATED", payer, 10));
            assertEquals(0, eventsMentioning(unheard), "and an earlier one never");
            assertNull(receiver.nextMatching("OUTGOING_PAYMENT.COMPLETED", unheard, 1));
        }
    }

    /** A sample has nowhere to go and would not be stored: refused as POST /webhooks/test is. */
    @Test
    void aSampleWithoutAnEndpointIsRefused() {
        api().body(Map.of("webhookEndpoint", "")).patch("/config").then().statusCode(200);
        int stored = countOf("SELECT count(*) FROM webhook_events WHERE type = 'INVITATION.CLAIMED'");
        api().body(Map.of("eventType", "INVITATION.CLAIMED")).post("/sandbox/webhooks/trigger").then().statusCode(400)
                .body("code", equalTo("WEBHOOK_ENDPOINT_NOT_SET"));
        assertEquals(stored, countOf("SELECT count(*) FROM webhook_events WHERE type = 'INVITATION.CLAIMED'"), "nothing stored");
    }

    private int countOf(String sql) {
        return pool.query(sql).execute().await().indefinitely().iterator().next().getInteger(0);
    }

    private int eventsMentioning(String id) {
        return pool.preparedQuery("SELECT count(*) FROM webhook_events JOIN webhook_event_bodies ON event_id = id WHERE body LIKE $1").execute(Tuple.of("%" + id + "%"))
                .await().indefinitely().iterator().next().getInteger(0);
    }
}
