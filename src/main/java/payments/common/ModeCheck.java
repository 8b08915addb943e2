package payments.common;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A production server given sandbox settings was most likely started with a sandbox's environment:
 * it refuses to start, naming them, rather than run half configured for the wrong world; so does
 * one without the secrets key or the bootstrap token's credentials that production needs.
 */
@ApplicationScoped
public class ModeCheck {

    void check(@Observes @Priority(1) StartupEvent event, ServerConfig config) {
        if (config.sandbox()) {
            return;
        }
        Map<String, String> properties = new java.util.HashMap<>();
        System.getProperties().forEach((name, value) -> properties.put(name.toString(), value.toString()));
        List<String> found = sandboxSettings(System.getenv(), properties);
        if (!found.isEmpty()) {
            throw new IllegalStateException("SVC_MODE is production but sandbox-only settings are present: "
                    + String.join(", ", found) + "; remove them or run in sandbox mode");
        }
        String missing = secretsKeyProblem(config.secretsKey());
        if (missing != null) {
            throw new IllegalStateException(missing);
        }
        String credentials = apiCredentialsProblem(config.apiClientId(), config.apiClientSecret());
        if (credentials != null) {
            throw new IllegalStateException(credentials);
        }
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
        return isSet(key) ? null
                : "SVC_MODE is production but SVC_SECRETS_KEY is not set: it seals the secrets this server stores (answers"
                + " carrying secrets, one-time-code MACs, generated keys). Set 32 random bytes in base64 (openssl rand -base64 32),"
                + " the same on every instance";
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
