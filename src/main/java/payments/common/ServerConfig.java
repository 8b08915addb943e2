package payments.common;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/** Settings of this server, all overridable by `SVC_*` environment variables. */
@ConfigMapping(prefix = "svc")
public interface ServerConfig {

    enum Mode { SANDBOX, PRODUCTION }

    /** `sandbox` (default) serves the sandbox endpoints; `production` answers them 404. */
    @WithDefault("sandbox")
    String mode();

    default Mode parsedMode() {
        return Mode.valueOf(mode().trim().toUpperCase());
    }

    default boolean sandbox() {
        return parsedMode() == Mode.SANDBOX;
    }

    /** Client id of the bootstrap API token; generated on first start when absent. */
    Optional<String> apiClientId();

    Optional<String> apiClientSecret();

    /** PEM (PKCS#8) P-256 private key for webhook signatures; generated once and stored when absent. */
    Optional<String> webhookSigningKey();

    /** Where the sandbox keeps the credentials it generated, for restarts and the README walkthrough. */
    @WithDefault("data/sandbox-credentials.env")
    String sandboxCredentialsFile();

    /** Largest accepted request body. */
    @WithDefault("1048576")
    long maxBodyBytes();

    /**
     * The API's public base URL including the version segment (e.g. https://api.example.com/2025-10-13/),
     * for links handed out to end users; by default the base URL of the request that asked for the link.
     */
    Optional<String> publicBaseUrl();

    /** Largest accepted verification document file (POST and PUT /documents). */
    @WithDefault("10485760")
    long maxDocumentBytes();

    Jobs jobs();

    /** Where the agreements customers accept are published (GET /customers/agreements). */
    AgreementUrls agreements();

    interface AgreementUrls {
        @WithDefault("https://payments.invalid/legal/end-user-terms/v1")
        String endUserTermsUrl();

        @WithDefault("https://payments.invalid/legal/privacy-policy/v1")
        String privacyPolicyUrl();
    }

    interface Jobs {
        /** How often each instance looks for due jobs. */
        @WithDefault("250ms")
        Duration pollInterval();

        /** How long a claimed job stays invisible to other claimers before it counts as abandoned. */
        @WithDefault("60s")
        Duration lease();

        @WithDefault("20")
        int batchSize();

        @WithDefault("true")
        boolean enabled();
    }
}
