package payments.webhook;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Multi;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import payments.WebhookReceiver;
import payments.WebhookReceiver.Delivery;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

@QuarkusTest
class WebhookDeliveryTest {


    @Inject
    WebhookPublisher publisher;

    @Inject
    WebhookSender sender;

    @Inject
    WebhookEventStore store;

    @Inject
    Pool pool;

    private WebhookReceiver receiver;

    @BeforeEach
    void startReceiver() {
        receiver = new WebhookReceiver();
    }

    @AfterEach
    void stopReceiver() {
        receiver.close();
    }

    private void useReceiver() throws InterruptedException {
        api().body(Map.of("webhookEndpoint", receiver.url())).patch("/config").then().statusCode(200);
        // Configuring the endpoint sends a TEST event through the outbox.
        assertNotNull(receiver.nextTest(10), "TEST event after configuring the endpoint");
    }

    @Test
    void changingTheEndpointSendsASignedTestEventVerifiableWithThePublishedKey() throws Exception {
        api().body(Map.of("webhookEndpoint", receiver.url())).patch("/config").then().statusCode(200);
        Delivery delivery = receiver.nextTest(10);
        assertNotNull(delivery);
        assertTrue(delivery.body().matches("^\\{\"id\":\"Webhook:[0-9a-f-]{36}\",\"type\":\"TEST\",\"timestamp\":\"[^\"]+\",\"data\":\\{}}$"),
                delivery.body());
        assertTrue(delivery.signatureValid(), "signature verifies with the published key");
        assertTrue(!new Delivery(delivery.body().replace("TEST", "TEXT"), delivery.headers()).signatureValid(), "tampered body fails");
    }

    @Test
    void sandboxTestWebhookReportsTheEndpointAnswer() throws Exception {
        useReceiver();
        api().post("/sandbox/webhooks/test").then().statusCode(200)
                .body("url", equalTo(receiver.url())).body("response_status", equalTo(200))
                .body("response_body", equalTo("{\"received\":true}"));
        assertTrue(receiver.nextTest(5).signatureValid());
        receiver.answer(500);
        api().post("/sandbox/webhooks/test").then().statusCode(200).body("response_status", equalTo(500));
        // TEST events are never retried.
        receiver.nextTest(5);
        api().body(Map.of("seconds", 3600)).post("/sandbox/clock/advance").then().statusCode(200);
        assertNull(receiver.nextTest(1));
    }

    @Test
    void testWebhookErrorsTellNothingAboutTheNetwork() {
        api().body(Map.of("webhookEndpoint", "http://127.0.0.1:1/unreachable")).patch("/config").then().statusCode(200);
        io.restassured.response.Response unreachable = api().post("/sandbox/webhooks/test");
        assertEquals(400, unreachable.statusCode());
        assertEquals("WEBHOOK_DELIVERY_ERROR", unreachable.jsonPath().getString("code"));
        assertEquals("The webhook endpoint could not be reached", unreachable.jsonPath().getString("reason"));
        api().body(Map.of("webhookEndpoint", "")).patch("/config").then().statusCode(200);
        api().post("/sandbox/webhooks/test").then().statusCode(400).body("code", equalTo("WEBHOOK_ENDPOINT_NOT_SET"));
    }

    /** The sandbox accepts loopback receivers, and nothing else that only the server's own network knows. */
    @Test
    void theSandboxRefusesInternalAddressesOtherThanLoopback() {
        for (String endpoint : java.util.List.of("http://169.254.169.254/latest/meta-data", "http://10.0.0.8/", "http://0.0.0.0:8080/")) {
            api().body(Map.of("webhookEndpoint", endpoint)).patch("/config").then().statusCode(400)
                    .body("details.errors[0].field", equalTo("webhookEndpoint"));
        }
    }

    /**
     * Deliveries check the address they connect to, not only the endpoint as it was set: a name that
     * resolves elsewhere later (DNS rebinding) is refused at the moment of sending.
     */
    @Test
    void aDeliveryToAnInternalAddressIsRefusedWhenItIsSent() throws Throwable {
        WebhookEvent event = VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(() -> publisher.record(EventType.TEST, Map.of())));

        WebhookSender.Attempt attempt = VertxContextSupport.subscribeAndAwait(
                () -> sender.send(event, "http://169.254.169.254/latest/meta-data"));

        assertNull(attempt.status());
        assertEquals("The webhook endpoint must not resolve to a loopback, link-local, private or unspecified address",
                attempt.error());
    }

    /** An event carrying a secret is stored sealed, and goes out opened and signed like any other. */
    @Test
    void aSealedEventIsDeliveredInTheClearAndSigned() throws Throwable {
        useReceiver();
        String marker = UUID.randomUUID().toString();
        WebhookEvent event = VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(
                () -> publisher.publishSealed(EventType.MESSAGE_SMS_REQUESTED, Map.of("code", "424242", "marker", marker))));
        String stored = pool.preparedQuery("SELECT body FROM webhook_event_bodies WHERE event_id = $1").execute(Tuple.of(event.id))
                .await().indefinitely().iterator().next().getString("body");
        assertTrue(payments.common.security.SecretsAtRest.isSealed(stored));
        assertFalse(stored.contains(marker), "nothing readable at rest");
        Delivery delivery = receiver.nextMatching("MESSAGE.SMS_REQUESTED", marker, 10);
        assertNotNull(delivery, "delivered");
        assertTrue(delivery.body().contains("\"code\":\"424242\""), delivery.body());
        assertTrue(delivery.signatureValid(), "signed over the opened body");
    }

    @Test
    void failedDeliveryIsRetriedWithBackoffUntilAccepted() throws Throwable {
        useReceiver();
        String marker = UUID.randomUUID().toString();
        receiver.answerContaining(marker, 500, 503);
        UUID eventId = publish(EventType.CUSTOMER_KYC_APPROVED, marker);
        Delivery first = receiver.nextMatching("CUSTOMER.KYC_APPROVED", eventId.toString(), 10);
        assertNotNull(first);
        // Not retried before the backoff (30 s) has passed.
        assertNull(receiver.nextMatching("CUSTOMER.KYC_APPROVED", eventId.toString(), 1));
        api().body(Map.of("seconds", 31)).post("/sandbox/clock/advance").then().statusCode(200);
        Delivery second = receiver.nextMatching("CUSTOMER.KYC_APPROVED", eventId.toString(), 10);
        assertNotNull(second);
        assertEquals(first.body(), second.body(), "every attempt carries the same id and bytes");
        // The second delay doubles to 60 s.
        api().body(Map.of("seconds", 31)).post("/sandbox/clock/advance").then().statusCode(200);
        assertNull(receiver.nextMatching("CUSTOMER.KYC_APPROVED", eventId.toString(), 1));
        api().body(Map.of("seconds", 30)).post("/sandbox/clock/advance").then().statusCode(200);
        assertNotNull(receiver.nextMatching("CUSTOMER.KYC_APPROVED", eventId.toString(), 10));
        awaitStatus(eventId, "DELIVERED");
        assertEquals(3, attemptCount(eventId));
    }

    @Test
    void conflictAnswerStopsRetries() throws Throwable {
        useReceiver();
        String marker = UUID.randomUUID().toString();
        receiver.answerContaining(marker, 409);
        UUID eventId = publish(EventType.CUSTOMER_KYB_APPROVED, marker);
        assertNotNull(receiver.nextMatching("CUSTOMER.KYB_APPROVED", eventId.toString(), 10));
        awaitStatus(eventId, "DELIVERED");
        api().body(Map.of("seconds", 120)).post("/sandbox/clock/advance").then().statusCode(200);
        assertNull(receiver.nextMatching("CUSTOMER.KYB_APPROVED", eventId.toString(), 1));
        assertEquals(1, attemptCount(eventId));
    }

    /**
     * A burst over two claims' worth is delivered once each, by the stream of claims and grouped
     * outcomes: every event DELIVERED with exactly one attempt recorded, answered 200, and the
     * receiver sees each event id once.
     */
    @Test
    void aBurstBeyondOneClaimIsDeliveredOnceEachWithEveryAttemptRecorded() throws Throwable {
        useReceiver();
        String marker = UUID.randomUUID().toString();
        int burst = 2 * WebhookDispatcher.BATCH_SIZE + 37;
        List<WebhookEvent> events = VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(() ->
                Multi.createFrom().range(0, burst)
                        .onItem().transformToUniAndConcatenate(i -> publisher.publish(EventType.CUSTOMER_KYC_APPROVED,
                                Map.of("id", "Customer:test", "marker", marker, "index", i)))
                        .collect().asList()));
        Set<String> received = new HashSet<>();
        for (int i = 0; i < burst; i++) {
            Delivery delivery = receiver.nextMatching("CUSTOMER.KYC_APPROVED", marker, 30);
            assertNotNull(delivery, "delivery " + i + " of " + burst);
            assertTrue(received.add(delivery.body()), "each event delivered once");
        }
        UUID[] ids = events.stream().map(event -> event.id).toArray(UUID[]::new);
        for (int i = 0; i < 100 && countDelivered(ids) < burst; i++) {
            Thread.sleep(100);
        }
        assertEquals(burst, countDelivered(ids), () -> "attempts other than one 200: " + unusualAttempts(ids));
        Row attempts = pool.preparedQuery("""
                        SELECT count(*), count(DISTINCT event_id), count(*) FILTER (WHERE response_status = 200)
                        FROM webhook_attempts WHERE event_id = ANY($1)""")
                .execute(Tuple.of(ids)).await().indefinitely().iterator().next();
        assertEquals(List.of(burst, burst, burst), List.of(attempts.getInteger(0), attempts.getInteger(1), attempts.getInteger(2)));
        assertNull(receiver.nextMatching("CUSTOMER.KYC_APPROVED", marker, 1), "nothing sent twice");
    }

    /**
     * A claim is a lease: the event is not handed out again while an instance holds it, and is due
     * again once the lease lapses (the holder crashed). Far in the future, so the running dispatcher
     * never sees the event.
     */
    @Test
    void aClaimedEventIsNotClaimedAgainUntilItsLeaseLapses() {
        UUID eventId = UUID.randomUUID();
        Instant due = Instant.parse("2100-01-01T00:00:00Z");
        pool.preparedQuery("""
                        WITH body AS (INSERT INTO webhook_event_bodies (event_id, body) VALUES ($1, '{}'))
                        INSERT INTO webhook_events (id, type, status, attempts, created_at, next_attempt_at)
                        VALUES ($1, 'TEST', 'PENDING', 0, now(), $2)""")
                .execute(Tuple.of(eventId, due.atOffset(ZoneOffset.UTC))).await().indefinitely();
        Instant claimedAt = due.plusSeconds(1);
        Instant leaseEnd = claimedAt.plus(WebhookDispatcher.LEASE);
        assertTrue(claimedIds(claimedAt, leaseEnd).contains(eventId), "due, so claimed");
        assertFalse(claimedIds(leaseEnd.minusSeconds(1), leaseEnd.plusSeconds(60)).contains(eventId), "held while leased");
        assertTrue(claimedIds(leaseEnd.plusSeconds(1), leaseEnd.plusSeconds(91)).contains(eventId), "due again once the lease lapsed");
    }

    private Set<UUID> claimedIds(Instant now, Instant leaseEnd) {
        Set<UUID> ids = new HashSet<>();
        store.claimDue(now, 10_000, leaseEnd).await().indefinitely().forEach(event -> ids.add(event.id));
        return ids;
    }

    /** Events that did not take exactly one attempt answered 200, with each attempt's answer or error (at most 20). */
    private List<String> unusualAttempts(UUID[] ids) {
        List<String> unusual = new java.util.ArrayList<>();
        pool.preparedQuery("""
                        SELECT e.id, e.status, string_agg(coalesce(a.response_status::text, a.error), ', ' ORDER BY a.attempted_at)
                        FROM webhook_events e LEFT JOIN webhook_attempts a ON a.event_id = e.id
                        WHERE e.id = ANY($1) GROUP BY e.id, e.status
                        HAVING count(a.id) <> 1 OR bool_or(a.response_status IS DISTINCT FROM 200) LIMIT 20""")
                .execute(Tuple.of(ids)).await().indefinitely()
                .forEach(row -> unusual.add(row.getUUID(0) + " " + row.getString(1) + ": " + row.getString(2)));
        return unusual;
    }

    private int countDelivered(UUID[] ids) {
        return pool.preparedQuery("""
                        SELECT count(*) FROM webhook_events
                        WHERE id = ANY($1) AND status = 'DELIVERED' AND delivered_at IS NOT NULL AND attempts = 1""")
                .execute(Tuple.of(ids)).await().indefinitely().iterator().next().getInteger(0);
    }

    /** Publishes an event whose body carries {@code marker}, for {@link WebhookReceiver#answerContaining}. */
    private UUID publish(EventType type, String marker) throws Throwable {
        WebhookEvent event = VertxContextSupport.subscribeAndAwait(
                () -> Panache.withTransaction(() -> publisher.publish(type, Map.of("id", "Customer:test", "marker", marker))));
        return event.id;
    }

    private void awaitStatus(UUID eventId, String status) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            Row row = pool.preparedQuery("SELECT status FROM webhook_events WHERE id = $1").execute(Tuple.of(eventId))
                    .await().indefinitely().iterator().next();
            if (status.equals(row.getString("status"))) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("event " + eventId + " never reached " + status);
    }

    private int attemptCount(UUID eventId) {
        return pool.preparedQuery("SELECT count(*) FROM webhook_attempts WHERE event_id = $1").execute(Tuple.of(eventId))
                .await().indefinitely().iterator().next().getInteger(0);
    }

    /** Verifies with plain JCA and the key from GET /config, independently of the signing code. */
}
