package payments.webhook;

import jakarta.enterprise.context.ApplicationScoped;
import payments.common.SettingsCheck;
import payments.common.Sha256;

import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Standard Webhooks headers (standardwebhooks.com), alongside this server's own X-Svc-Signature
 * when {@code svc.webhooks.standard-secret} is set: {@code webhook-id} (the event id),
 * {@code webhook-timestamp} (seconds) and {@code webhook-signature} ({@code v1,} and base64 of
 * HMAC-SHA256 over {@code id.timestamp.body} under the secret), so receivers can verify with the
 * libraries they already have.
 */
@ApplicationScoped
public class StandardWebhooks implements SettingsCheck {

    static final String PREFIX = "whsec_";
    private final Optional<byte[]> key;
    private final List<String> problems;

    public StandardWebhooks(WebhooksConfig config) {
        Optional<byte[]> decoded = Optional.empty();
        List<String> found = List.of();
        try {
            decoded = config.standardSecret().map(StandardWebhooks::decode);
        } catch (IllegalStateException malformed) {
            found = List.of(malformed.getMessage() + " (SVC_WEBHOOKS_STANDARD_SECRET)");
        }
        this.key = decoded;
        this.problems = found;
    }

    /** A malformed secret stops the start rather than have the server send signatures nobody can verify. */
    @Override
    public List<String> problems() {
        return problems;
    }

    /** The secret's key bytes. */
    static byte[] decode(String secret) {
        String encoded = secret.startsWith(PREFIX) ? secret.substring(PREFIX.length()) : secret;
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(encoded);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("svc.webhooks.standard-secret is not whsec_ followed by base64", e);
        }
        if (bytes.length < 24 || bytes.length > 64) {
            throw new IllegalStateException("svc.webhooks.standard-secret must hold 24 to 64 bytes, not " + bytes.length);
        }
        return bytes;
    }

    /** The three headers for one attempt of the event {@code eventId} with this exact body; empty when not configured. */
    public Map<String, String> headers(String eventId, String body, Instant at) {
        if (key.isEmpty()) {
            return Map.of();
        }
        String timestamp = Long.toString(at.getEpochSecond());
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("webhook-id", eventId);
        headers.put("webhook-timestamp", timestamp);
        headers.put("webhook-signature", "v1," + sign(key.get(), eventId + "." + timestamp + "." + body));
        return headers;
    }

    static String sign(byte[] key, String content) {
        return Base64.getEncoder().encodeToString(Sha256.hmac(key, content));
    }
}
