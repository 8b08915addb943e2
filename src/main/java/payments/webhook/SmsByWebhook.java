package payments.webhook;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Customers' phone verification codes in production, when the platform delivers the text itself
 * ({@code svc.sms.via-webhook}): a MESSAGE.SMS_REQUESTED event to its webhook endpoint carrying the
 * number, the text and the code, signed like every event and sealed at rest (it carries the code).
 * Only codes the platform may read go this way: never a wallet sign-in code, with which the platform
 * alone could sign in to the wallet and sign for its owner.
 */
@ApplicationScoped
public class SmsByWebhook {

    private final WebhookPublisher publisher;
    private final WebhookEndpoint endpoint;
    private final boolean enabled;

    public SmsByWebhook(WebhookPublisher publisher, WebhookEndpoint endpoint, SmsConfig config) {
        this.publisher = publisher;
        this.endpoint = endpoint;
        this.enabled = config.viaWebhook();
    }

    public boolean configured() {
        return enabled;
    }

    /**
     * Hands the text to the platform, in the caller's transaction (a code is never announced for a
     * change that did not commit); 503 while no webhook endpoint is configured to take it.
     */
    public Uni<Void> send(String phoneNumber, String code, String purpose, String text, Instant expiresAt) {
        return endpoint.current().flatMap(url -> {
            if (url.isEmpty()) {
                throw new ApiException(ErrorCode.SERVICE_UNAVAILABLE,
                        "Text messages go to the platform's webhook endpoint, and none is configured (PATCH /config webhookEndpoint)");
            }
            Map<String, Object> message = new LinkedHashMap<>();
            message.put("phoneNumber", phoneNumber);
            message.put("purpose", purpose);
            message.put("code", code);
            message.put("text", "Your one-time code is " + code + ". " + text);
            message.put("expiresAt", expiresAt.toString());
            return publisher.publishSealed(EventType.MESSAGE_SMS_REQUESTED, message).replaceWithVoid();
        });
    }
}
