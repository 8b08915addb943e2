package payments.webhook;

import io.smallrye.mutiny.Uni;

import java.util.Optional;

/** Where the platform wants its webhooks: the platform's configuration answers (see PlatformConfigService). */
public interface WebhookEndpoint {

    /** The configured URL, read fresh (deliveries must not act on a stale copy); empty when none is set. */
    Uni<Optional<String>> current();
}
