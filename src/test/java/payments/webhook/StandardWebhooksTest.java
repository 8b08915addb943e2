package payments.webhook;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;
import payments.WebhookReceiver;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/**
 * With svc.webhooks.standard-secret set, deliveries also carry the Standard Webhooks headers, checked
 * here by the Standard Webhooks reference library (not by this server's code), beside X-Svc-Signature.
 */
@QuarkusTest
@TestProfile(StandardWebhooksTest.WithSecret.class)
class StandardWebhooksTest {

    static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

    public static class WithSecret implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("svc.webhooks.standard-secret", SECRET, "svc.jobs.enabled", "false");
        }
    }

    @Test
    void deliveriesVerifyWithTheStandardWebhooksLibrary() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            api().post("/sandbox/webhooks/test").then().statusCode(200);
            WebhookReceiver.Delivery delivery = receiver.nextTest(10);
            assertNotNull(delivery);
            Map<String, List<String>> headers = new HashMap<>();
            delivery.headers().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values));
            assertTrue(delivery.body().contains(headers.get("webhook-id").get(0)), "webhook-id is the event id");
            new Webhook(SECRET).verify(delivery.body(), headers);
            assertTrue(delivery.signatureValid(), "the server's own signature is still there");
            assertThrows(WebhookVerificationException.class, () -> new Webhook(SECRET).verify(delivery.body() + " ", headers));
            assertThrows(WebhookVerificationException.class,
                    () -> new Webhook("whsec_" + java.util.Base64.getEncoder().encodeToString(new byte[32])).verify(delivery.body(), headers));
        }
    }

    @Test
    void aMalformedSecretStopsTheServerInsteadOfSigningWithNonsense() {
        assertThrows(IllegalStateException.class, () -> StandardWebhooks.decode("whsec_not base64!"));
        assertThrows(IllegalStateException.class, () -> StandardWebhooks.decode("whsec_AAAA"));
        assertEquals(24, StandardWebhooks.decode(SECRET).length);
    }
}
