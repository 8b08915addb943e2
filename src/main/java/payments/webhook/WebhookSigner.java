package payments.webhook;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import payments.common.ServerConfig;
import payments.common.security.ServiceKeys;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.util.Base64;

/**
 * Signs webhook bodies with the server's P-256 key: ECDSA over SHA-256 of the exact body bytes, DER
 * encoded, base64, in the header {@code {"v":"1","s":"..."}}. The key comes from configuration, or
 * is generated once and stored in the database so every instance and every restart signs with the
 * same key.
 */
@ApplicationScoped
public class WebhookSigner {

    public static final String HEADER = "X-Svc-Signature";
    static final String KEY_SETTING = "webhook.signing-key";

    private final ServiceKeys keys;
    private final ServerConfig config;
    /** See {@link BodySigners}: the JDK's own P-256 signing took half the server's CPU with webhooks on. */
    private volatile BodySigner signer;
    private volatile String publicKeyPem;

    public WebhookSigner(ServiceKeys keys, ServerConfig config) {
        this.keys = keys;
        this.config = config;
    }

    /** Loads the key before the server takes requests (start-up may block; request paths never do). */
    void load(@Observes @Priority(10) StartupEvent event) {
        KeyPair keyPair = config.webhookSigningKey().map(ServiceKeys::parse).orElseGet(() -> keys.storedOrGenerated(KEY_SETTING));
        publicKeyPem = ServiceKeys.toPem("PUBLIC KEY", keyPair.getPublic().getEncoded());
        signer = BodySigners.fastest(keyPair.getPrivate());
    }

    public String publicKeyPem() {
        return publicKeyPem;
    }

    public String signatureHeader(String body) {
        return "{\"v\":\"1\",\"s\":\"" + sign(body.getBytes(StandardCharsets.UTF_8)) + "\"}";
    }

    String sign(byte[] body) {
        return Base64.getEncoder().encodeToString(signer.sign(body));
    }
}
