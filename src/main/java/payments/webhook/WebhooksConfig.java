package payments.webhook;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/** Delivering the outbox to the platform's webhook endpoint. */
@ConfigMapping(prefix = "svc.webhooks")
public interface WebhooksConfig {
    /**
     * Host names a webhook endpoint may name even though they resolve to loopback, link-local or
     * private addresses (a receiver inside the deployment's own network).
     */
    Optional<java.util.List<String>> allowedHosts();

    /**
     * Deliveries one instance has in flight at once, and kept-alive connections to the endpoint.
     * Deliveries and API requests share the event loops: with fewer slots than the load has
     * requests in flight, delivery falls behind a busy API and its lag grows (measured).
     */
    @WithDefault("512")
    int concurrency();

    /**
     * A Standard Webhooks secret ({@code whsec_} and base64 of 24 to 64 bytes): when set, every
     * delivery also carries {@code webhook-id}, {@code webhook-timestamp} and
     * {@code webhook-signature}, verifiable with the Standard Webhooks libraries.
     */
    Optional<String> standardSecret();

    /**
     * How often each instance looks for due deliveries when its last pass found no full batch.
     * An idle look is one indexed query; the wait is part of every event's delivery lag.
     */
    @WithDefault("100ms")
    Duration pollInterval();

    /**
     * Whether an event due while no endpoint is configured is stored ({@code SKIPPED}, never sent:
     * the deliveries log, {@code listen} and the console show it) or not stored at all. Unset: kept
     * in the sandbox, not stored in production.
     */
    Optional<Boolean> keepWithoutEndpoint();
}
