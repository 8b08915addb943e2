package payments.platform;

import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.http.HttpServerStart;
import jakarta.enterprise.event.ObservesAsync;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import payments.common.Ids;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.common.security.Permission;
import payments.common.web.ApiPath;
import payments.webhook.WebhookSigner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Properties;

/**
 * Makes sure a first API token exists and tells the operator how to reach the server. The token
 * comes from `SVC_API_CLIENT_ID`/`SVC_API_CLIENT_SECRET` when both are set. Otherwise the server
 * generates one only on a database that never had a token (a first start), shows its secret this
 * once and, in the sandbox, keeps it in a credentials file beside its data for restarts and the
 * README's walkthrough. A token deleted through the API is never re-created, and a secret the
 * server did not just generate is never printed.
 */
@ApplicationScoped
public class BootstrapCredentials {

    private static final Logger LOG = Logger.getLogger(BootstrapCredentials.class);
    static final String BOOTSTRAP_NAME = "bootstrap";
    static final String COMPLIANCE_NAME = "compliance desk";
    static final String COMPLIANCE_VARIABLE = "SVC_COMPLIANCE_CLIENT_ID";
    static final String OPERATIONS_NAME = "bank operations desk";
    static final String OPERATIONS_VARIABLE = "SVC_OPERATIONS_CLIENT_ID";

    /** The token the banner names: its client id (null for none) and its secret when it was just generated. */
    record Bootstrapped(String clientId, String newSecret, String note) {
    }

    private final ApiTokenStore tokens;
    private final ServerConfig config;
    private final ServerClock clock;
    private final WebhookSigner signer;
    private final int port;
    private final Path credentialsFile;

    public BootstrapCredentials(ApiTokenStore tokens, ServerConfig config, ServerClock clock, WebhookSigner signer,
                                @ConfigProperty(name = "quarkus.http.port", defaultValue = "8080") int port) {
        this.tokens = tokens;
        this.config = config;
        this.clock = clock;
        this.signer = signer;
        this.port = port;
        this.credentialsFile = Path.of(config.sandboxCredentialsFile());
    }

    /** What the banner will say once the server listens (null until the tokens are made). */
    private volatile Bootstrapped bootstrapped;

    void bootstrap(@Observes @Priority(30) StartupEvent event) {
        bootstrapped = ensureToken(config.apiClientId(), config.apiClientSecret());
        ensureComplianceToken(config.complianceClientId(), config.complianceClientSecret());
        ensureStaffToken(config.operationsClientId(), config.operationsClientSecret(), OPERATIONS_NAME, Permission.BANK_OPERATIONS,
                OPERATIONS_VARIABLE);
    }

    /**
     * The compliance desk's token from `SVC_COMPLIANCE_CLIENT_ID`/`_SECRET` (COMPLIANCE_REVIEW only):
     * created when absent, its secret rotated when it exists, left deleted when the desk deleted it
     * (no other token may: {@link ApiTokenService#delete}). In production the only holder of that
     * permission (ApiTokenService grants it to no one).
     */
    void ensureComplianceToken(Optional<String> clientId, Optional<String> secret) {
        if ((clientId.isEmpty() || secret.isEmpty()) && !config.sandbox()) {
            LOG.info("No compliance desk credential: set SVC_COMPLIANCE_CLIENT_ID and SVC_COMPLIANCE_CLIENT_SECRET"
                    + " for the staff who decide identity verifications");
        }
        ensureStaffToken(clientId, secret, COMPLIANCE_NAME, Permission.COMPLIANCE_REVIEW, COMPLIANCE_VARIABLE);
    }

    /** A staff desk's token holding {@code permission} only, from the credential in {@code variable} (and its _SECRET twin). */
    private void ensureStaffToken(Optional<String> clientId, Optional<String> secret, String name, Permission permission, String variable) {
        if (clientId.isEmpty() || secret.isEmpty()) {
            return;
        }
        if (clientId.equals(config.apiClientId())) {
            LOG.errorf("%s must differ from SVC_API_CLIENT_ID: no %s credential made", variable, name);
            return;
        }
        ApiToken desk = ApiTokenService.newToken(Ids.newUuid(), clientId.get(), name, EnumSet.of(permission), secret.get(), clock.now());
        desk.configuredBy = variable;
        saveGiven(desk, variable);
    }

    /** A token the operator configured: created when absent, its secret rotated when it exists; false when deleted through the API (it stays so). */
    private boolean saveGiven(ApiToken token, String variable) {
        boolean saved = tokens.saveUnlessDeleted(token).await().indefinitely();
        if (!saved) {
            LOG.warnf("The API token %s named by %s was deleted through the API; it stays deleted", token.clientId, variable);
        }
        return saved;
    }

    Bootstrapped ensureToken(Optional<String> givenId, Optional<String> givenSecret) {
        if (givenId.isPresent() && givenSecret.isPresent()) {
            return ensureGiven(givenId.get(), givenSecret.get());
        }
        if (!tokens.anyEver().await().indefinitely()) {
            String clientId = newClientId();
            String secret = Secrets.newSecret();
            tokens.insert(bootstrapToken(clientId, secret)).await().indefinitely();
            if (config.sandbox()) {
                writeCredentialsFile(clientId, secret);
            }
            return new Bootstrapped(clientId, secret, null);
        }
        Properties saved = config.sandbox() ? readCredentialsFile() : null;
        String savedId = saved == null ? null : saved.getProperty("SVC_API_CLIENT_ID");
        if (savedId != null && tokens.exists(savedId).await().indefinitely()) {
            // The base URL in the file is rewritten once listening (the port may have changed since).
            return new Bootstrapped(savedId, null, "secret saved in " + credentialsFile);
        }
        return new Bootstrapped(null, null, null);
    }

    /** The operator's token: created when absent, its secret rotated when it exists, left deleted when deleted. */
    private Bootstrapped ensureGiven(String clientId, String secret) {
        if (!saveGiven(bootstrapToken(clientId, secret), "SVC_API_CLIENT_ID")) {
            return new Bootstrapped(null, null, null);
        }
        return new Bootstrapped(clientId, null, "secret as set in SVC_API_CLIENT_SECRET");
    }

    /** A token the server creates itself: named {@link #BOOTSTRAP_NAME}, with every permission of the reference. */
    private ApiToken bootstrapToken(String clientId, String secret) {
        return ApiTokenService.newToken(Ids.newUuid(), clientId, BOOTSTRAP_NAME, EnumSet.copyOf(Permission.REFERENCE), secret,
                clock.now());
    }

    private static String newClientId() {
        return ApiTokenService.clientIdOf(Ids.newUuid());
    }

    private Properties readCredentialsFile() {
        if (!Files.isRegularFile(credentialsFile)) {
            return null;
        }
        try (var reader = Files.newBufferedReader(credentialsFile)) {
            Properties properties = new Properties();
            properties.load(reader);
            return properties;
        } catch (IOException e) {
            LOG.warnf("Cannot read %s: %s", credentialsFile, e.getMessage());
            return null;
        }
    }

    private void writeCredentialsFile(String clientId, String secret) {
        try {
            if (credentialsFile.getParent() != null) {
                Files.createDirectories(credentialsFile.getParent());
            }
            writeCredentials(java.util.Map.of("SVC_API_CLIENT_ID", clientId, "SVC_API_CLIENT_SECRET", secret));
        } catch (IOException e) {
            LOG.warnf("Cannot write %s: %s", credentialsFile, e.getMessage());
        }
    }

    private void writeBaseUrl() {
        try {
            writeCredentials(java.util.Map.of("SVC_BASE_URL", baseUrl()));
        } catch (IOException e) {
            LOG.warnf("Cannot write %s: %s", credentialsFile, e.getMessage());
        }
    }

    /** Sets these keys in the credentials file; the lines of other keys (a user's SVC_VIEW_CLIENT_ID for listen) stay. */
    private void writeCredentials(java.util.Map<String, String> values) throws IOException {
        StringBuilder text = new StringBuilder();
        for (String key : java.util.List.of("SVC_API_CLIENT_ID", "SVC_API_CLIENT_SECRET", "SVC_BASE_URL")) {
            if (values.containsKey(key)) {
                text.append(key).append('=').append(values.get(key)).append('\n');
            }
        }
        if (Files.isRegularFile(credentialsFile)) {
            for (String line : Files.readAllLines(credentialsFile)) {
                String key = line.strip().split("[=:\\s]", 2)[0];
                if (!values.containsKey(key)) {
                    text.append(line).append('\n');
                }
            }
        }
        // Readable by its owner only, like the other secrets beside it; written whole, then moved into place.
        Path written = Files.createTempFile(credentialsFile.toAbsolutePath().getParent(), ".credentials", ".tmp");
        restrictToOwner(written);
        Files.writeString(written, text.toString());
        Files.move(written, credentialsFile, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private static void restrictToOwner(Path file) throws IOException {
        if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        }
    }

    private String baseUrl() {
        return "http://localhost:" + port + ApiPath.BASE;
    }

    /**
     * Once the HTTP server listens (not before: a port already taken must not be announced, nor
     * written into the credentials file): the banner, and the base URL in the credentials file.
     */
    void listening(@ObservesAsync HttpServerStart started) {
        Bootstrapped token = bootstrapped;
        if (token == null) {
            return;
        }
        if (config.sandbox() && token.clientId() != null && Files.isRegularFile(credentialsFile)) {
            writeBaseUrl();
        }
        printBanner(token, started.options().getHost());
    }

    private void printBanner(Bootstrapped token, String host) {
        StringBuilder banner = new StringBuilder("\n")
                .append("  Payments platform API (").append(config.parsedMode().name().toLowerCase()).append(" mode)\n")
                .append("  Base URL:          ").append(baseUrl()).append('\n')
                .append("  Listening on:      ").append("0.0.0.0".equals(host) ? "every interface" : host).append(", port ").append(port)
                .append('\n');
        if (config.diagnosticsServed()) {
            banner.append("  API docs:          http://localhost:").append(port).append("/q/swagger-ui (Authorize with the client id and secret)\n");
        }
        if (config.sandbox()) {
            banner.append("  Console:           http://localhost:").append(port).append("/console (sign in with the client id and secret)\n");
        }
        if (token.clientId() != null) {
            banner.append("  API client id:     ").append(token.clientId()).append('\n');
            if (token.newSecret() != null) {
                banner.append("  API client secret: ").append(token.newSecret()).append(" (shown only now");
                banner.append(config.sandbox() ? "; also saved in " + credentialsFile + ")\n" : ")\n");
            } else {
                banner.append("  API client secret: (").append(token.note()).append(")\n");
            }
        } else {
            banner.append("  API credentials:   existing tokens (set SVC_API_CLIENT_ID and SVC_API_CLIENT_SECRET to choose one)\n");
        }
        banner.append("  Webhook public key (verify X-Svc-Signature with it):\n").append(signer.publicKeyPem());
        LOG.info(banner);
    }
}
