package payments.common;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import payments.db.EmbeddedDatabase;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What production needs that the sandbox makes up: a production server given sandbox settings was
 * most likely started with a sandbox's environment; one without the secrets key or the bootstrap
 * token's credentials, or with an example's placeholder for a credential, would run unsafely. Each
 * is a problem {@link StartupSettings} reports at start, all at once.
 */
@ApplicationScoped
public class ModeCheck implements SettingsCheck {

    private final ServerConfig config;
    private final Optional<String> databasePassword;

    ModeCheck(ServerConfig config, @ConfigProperty(name = "quarkus.datasource.password") Optional<String> databasePassword) {
        this.config = config;
        this.databasePassword = databasePassword;
    }

    @Override
    public List<String> problems() {
        if (config.sandbox()) {
            return List.of();
        }
        Map<String, String> properties = new java.util.HashMap<>();
        System.getProperties().forEach((name, value) -> properties.put(name.toString(), value.toString()));
        List<String> problems = new ArrayList<>();
        List<String> found = sandboxSettings(System.getenv(), properties);
        if (!found.isEmpty()) {
            problems.add("SVC_MODE is production but sandbox-only settings are present: " + String.join(", ", found)
                    + "; remove them or run in sandbox mode");
        }
        if (Boolean.getBoolean(EmbeddedDatabase.MISSING)) {
            problems.add("SVC_MODE is production but no database is configured: production never starts the embedded PostgreSQL"
                    + " (the sandbox's, kept in a local folder). Set QUARKUS_DATASOURCE_REACTIVE_URL (postgresql://host:5432/db),"
                    + " QUARKUS_DATASOURCE_JDBC_URL (jdbc:postgresql://host:5432/db), QUARKUS_DATASOURCE_USERNAME and"
                    + " QUARKUS_DATASOURCE_PASSWORD");
        }
        Stream.of(secretsKeyProblem(config.secretsKey()), apiCredentialsProblem(config.apiClientId(), config.apiClientSecret()))
                .filter(problem -> problem != null).forEach(problems::add);
        if (config.defaultUmaDomain().isEmpty()) {
            problems.add("SVC_MODE is production but neither SVC_UMA_DOMAIN nor SVC_PUBLIC_BASE_URL is set: customers' UMA addresses"
                    + " ($name@domain) need your domain (set SVC_UMA_DOMAIN; PATCH /platform-config can change it later)");
        }
        Map<String, Optional<String>> credentials = new LinkedHashMap<>();
        credentials.put("QUARKUS_DATASOURCE_PASSWORD", databasePassword);
        credentials.put("SVC_API_CLIENT_ID", config.apiClientId());
        credentials.put("SVC_API_CLIENT_SECRET", config.apiClientSecret());
        credentials.put("SVC_COMPLIANCE_CLIENT_ID", config.complianceClientId());
        credentials.put("SVC_COMPLIANCE_CLIENT_SECRET", config.complianceClientSecret());
        credentials.put("SVC_OPERATIONS_CLIENT_ID", config.operationsClientId());
        credentials.put("SVC_OPERATIONS_CLIENT_SECRET", config.operationsClientSecret());
        problems.addAll(Placeholders.problems(credentials));
        return problems;
    }

    /**
     * Production takes its bootstrap token from the operator's secret store: generating one would
     * mean printing a secret with every permission into the log, where whoever reads logs could use it.
     */
    static String apiCredentialsProblem(java.util.Optional<String> clientId, java.util.Optional<String> secret) {
        return isSet(clientId) && isSet(secret) ? null
                : "SVC_MODE is production but SVC_API_CLIENT_ID and SVC_API_CLIENT_SECRET are not both set: production takes its"
                + " bootstrap token from your secret store and never generates one (its secret would be printed in the log)";
    }

    /**
     * Why production cannot run with this secrets key (null when it can): without one, a stored
     * answer carrying a secret, a one-time code's MAC or a generated key could not be sealed, and
     * the request would fail only when it came.
     */
    static String secretsKeyProblem(java.util.Optional<String> key) {
        String what = " it seals the secrets this server stores (answers carrying secrets, one-time-code MACs, generated"
                + " keys). Set 32 random bytes in base64 (openssl rand -base64 32), the same on every instance";
        if (!isSet(key)) {
            return "SVC_MODE is production but SVC_SECRETS_KEY is not set:" + what;
        }
        return decodedLength(key.get().trim()) == 32 ? null : "SVC_SECRETS_KEY is not 32 bytes in base64:" + what;
    }

    private static int decodedLength(String base64) {
        try {
            return Base64.getDecoder().decode(base64).length;
        } catch (IllegalArgumentException notBase64) {
            return -1;
        }
    }

    /** The sandbox-only settings (SVC_SANDBOX_* variables, svc.sandbox-* properties) among these, sorted. */
    static List<String> sandboxSettings(Map<String, String> environment, Map<String, String> properties) {
        return Stream.concat(environment.keySet().stream().filter(name -> name.startsWith("SVC_SANDBOX_")),
                        properties.keySet().stream().filter(name -> name.startsWith("svc.sandbox-")))
                .sorted().toList();
    }

    private static boolean isSet(java.util.Optional<String> value) {
        return value.filter(text -> !text.isBlank()).isPresent();
    }
}
