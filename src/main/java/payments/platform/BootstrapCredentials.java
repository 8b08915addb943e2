package payments.platform;

import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import payments.common.Ids;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.common.Times;
import payments.common.security.Permission;
import payments.webhook.WebhookSigner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Properties;

/**
 * Makes sure a first API token exists and tells the operator how to reach the server. The token
 * comes from `SVC_API_CLIENT_ID`/`SVC_API_CLIENT_SECRET` when both are set. Otherwise the sandbox
 * generates one on first start and keeps it in a credentials file beside its data, so restarts and
 * the README's walkthrough can read it; production generates one only when no token exists at all
 * and shows its secret this once.
 */
@ApplicationScoped
public class BootstrapCredentials {

    private static final Logger LOG = Logger.getLogger(BootstrapCredentials.class);
    static final String BOOTSTRAP_NAME = "bootstrap";

    private final Pool pool;
    private final ServerConfig config;
    private final ServerClock clock;
    private final WebhookSigner signer;
    private final int port;
    private final String rootPath;
    private final Path credentialsFile;

    public BootstrapCredentials(Pool pool, ServerConfig config, ServerClock clock, WebhookSigner signer,
                                @ConfigProperty(name = "quarkus.http.port", defaultValue = "8080") int port,
                                @ConfigProperty(name = "quarkus.rest.path", defaultValue = "/") String rootPath) {
        this.pool = pool;
        this.config = config;
        this.clock = clock;
        this.signer = signer;
        this.port = port;
        this.rootPath = rootPath;
        this.credentialsFile = Path.of(config.sandboxCredentialsFile());
    }

    void bootstrap(@Observes @Priority(30) StartupEvent event) {
        String clientId;
        String secret;
        if (config.apiClientId().isPresent() && config.apiClientSecret().isPresent()) {
            clientId = config.apiClientId().get();
            secret = config.apiClientSecret().get();
            upsert(clientId, secret);
        } else if (config.sandbox()) {
            Properties saved = readCredentialsFile();
            if (saved != null && tokenExists(saved.getProperty("SVC_API_CLIENT_ID"))) {
                clientId = saved.getProperty("SVC_API_CLIENT_ID");
                secret = saved.getProperty("SVC_API_CLIENT_SECRET");
            } else {
                clientId = newClientId();
                secret = Secrets.newSecret();
                upsert(clientId, secret);
                writeCredentialsFile(clientId, secret);
            }
        } else if (!anyTokenExists()) {
            clientId = newClientId();
            secret = Secrets.newSecret();
            upsert(clientId, secret);
        } else {
            clientId = null;
            secret = null;
        }
        printBanner(clientId, secret);
    }

    private void upsert(String clientId, String secret) {
        var now = Times.utc(clock.now());
        pool.preparedQuery("""
                        INSERT INTO api_tokens (id, client_id, name, permissions, secret_hash, created_at, updated_at)
                        VALUES ($1, $2, $3, $4, $5, $6, $6)
                        ON CONFLICT (client_id) DO UPDATE
                        SET secret_hash = EXCLUDED.secret_hash, permissions = EXCLUDED.permissions,
                            deleted_at = NULL, updated_at = EXCLUDED.updated_at""")
                .execute(Tuple.tuple().addUUID(Ids.newUuid()).addString(clientId).addString(BOOTSTRAP_NAME)
                        .addString(String.join(",", EnumSet.allOf(Permission.class).stream().map(Enum::name).toList()))
                        .addBuffer(io.vertx.mutiny.core.buffer.Buffer.buffer(Secrets.hash(secret)))
                        .addOffsetDateTime(now))
                .await().indefinitely();
    }

    private boolean tokenExists(String clientId) {
        return clientId != null && pool.preparedQuery("SELECT 1 FROM api_tokens WHERE client_id = $1 AND deleted_at IS NULL")
                .execute(Tuple.of(clientId)).await().indefinitely().rowCount() > 0;
    }

    private boolean anyTokenExists() {
        return pool.query("SELECT 1 FROM api_tokens WHERE deleted_at IS NULL LIMIT 1")
                .execute().await().indefinitely().rowCount() > 0;
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
            Files.writeString(credentialsFile, "SVC_API_CLIENT_ID=" + clientId + "\nSVC_API_CLIENT_SECRET=" + secret
                    + "\nSVC_BASE_URL=" + baseUrl() + "\n");
        } catch (IOException e) {
            LOG.warnf("Cannot write %s: %s", credentialsFile, e.getMessage());
        }
    }

    private String baseUrl() {
        return "http://localhost:" + port + (rootPath.startsWith("/") ? rootPath : "/" + rootPath);
    }

    private void printBanner(String clientId, String secret) {
        StringBuilder banner = new StringBuilder("\n")
                .append("  Payments platform API (").append(config.parsedMode().name().toLowerCase()).append(" mode)\n")
                .append("  Base URL:          ").append(baseUrl()).append('\n');
        if (clientId != null) {
            banner.append("  API client id:     ").append(clientId).append('\n')
                    .append("  API client secret: ").append(secret).append('\n');
            if (config.sandbox() && config.apiClientId().isEmpty()) {
                banner.append("  (also saved in ").append(credentialsFile).append(")\n");
            }
        } else {
            banner.append("  API credentials:   existing tokens (set SVC_API_CLIENT_ID and SVC_API_CLIENT_SECRET to choose one)\n");
        }
        banner.append("  Webhook public key (verify X-Svc-Signature with it):\n").append(signer.publicKeyPem());
        LOG.info(banner);
    }
}
