package payments.tools;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;
import payments.TestSupport;
import payments.WebhookReceiver;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The listen command follows the server's deliveries with API credentials only (no webhook endpoint
 * configured at all here), a VIEW token's being enough, and forwards each event, verifiable with
 * the server's key, to a local URL.
 */
@QuarkusTest
class ListenTest {

    @TestHTTPResource("/")
    URL root;

    @Test
    void eventsCreatedAfterTheStartAreForwardedSignedOncePerEvent() throws Exception {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        WebhookReceiver local = new WebhookReceiver();   // the developer's laptop: never the platform's endpoint
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        java.util.Map<String, String> viewer = TestSupport.newToken("VIEW");
        try {
            Listen listen = new Listen(root.toString().replaceAll("/$", "") + TestSupport.BASE, viewer.get("clientId"),
                    viewer.get("clientSecret"), URI.create(local.url()), Set.of("INCOMING_PAYMENT.COMPLETED"),
                    new PrintStream(printed, true, StandardCharsets.UTF_8));
            listen.startFromNow();
            MoneyFixtures.fund(holder.account("USD"), 2_500);

            List<Listen.Forwarded> forwarded = List.of();
            for (int i = 0; i < 50 && forwarded.isEmpty(); i++) {
                forwarded = listen.pollOnce();
                Thread.sleep(100);
            }
            assertEquals(1, forwarded.size(), forwarded.toString());
            assertEquals(200, forwarded.get(0).status());
            WebhookReceiver.Delivery delivery = local.nextMatching("INCOMING_PAYMENT.COMPLETED", holder.account("USD"), 10);
            assertNotNull(delivery);
            assertTrue(delivery.signatureValid(), "verifiable with the server's key, as a delivery from the server");
            String line = printed.toString(StandardCharsets.UTF_8);
            assertTrue(line.contains("INCOMING_PAYMENT.COMPLETED") && line.contains(forwarded.get(0).eventId()) && line.contains("-> 200"),
                    line);
            assertEquals(List.of(), listen.pollOnce(), "nothing forwarded twice");
        } finally {
            local.disconnect();
        }
    }

    /** Started with a time before an event was raised (the program was still starting), it forwards that event too. */
    @Test
    void aListenerStartedFromAGivenTimeForwardsWhatWasRaisedWhileItStarted() throws Exception {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        WebhookReceiver local = new WebhookReceiver();
        java.util.Map<String, String> viewer = TestSupport.newToken("VIEW");
        try {
            java.time.Instant since = java.time.Instant.now().minusSeconds(1);
            MoneyFixtures.fund(holder.account("USD"), 1_200);
            Thread.sleep(300);
            Listen listen = new Listen(root.toString().replaceAll("/$", "") + TestSupport.BASE, viewer.get("clientId"),
                    viewer.get("clientSecret"), URI.create(local.url()), Set.of("INCOMING_PAYMENT.COMPLETED"),
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            listen.startFrom(since);
            List<Listen.Forwarded> forwarded = List.of();
            for (int i = 0; i < 50 && forwarded.stream().noneMatch(f -> f.status() != null); i++) {
                forwarded = listen.pollOnce();
                Thread.sleep(100);
            }
            assertNotNull(local.nextMatching("INCOMING_PAYMENT.COMPLETED", holder.account("USD"), 10),
                    "the event raised before the listener started is forwarded: " + forwarded);
        } finally {
            local.disconnect();
        }
    }
}
