package payments.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonText;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.common.ServerClock;
import payments.common.security.SecretsAtRest;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Webhook deliveries as a resource (this server's own extension, both modes): every event with its
 * state, its attempts (time, answer, latency, an excerpt of what the endpoint said), and a replay that
 * sends the same event, freshly signed, to the endpoint configured now.
 */
@ApplicationScoped
public class WebhookDeliveries {

    public static final List<String> STATUSES = List.of(WebhookEvent.PENDING, WebhookEvent.DELIVERED, WebhookEvent.FAILED, WebhookEvent.SKIPPED);
    /** How much of an endpoint's answer a delivery shows (the store keeps up to {@link WebhookSender#MAX_STORED_RESPONSE_CHARS}). */
    static final int EXCERPT_CHARS = 1_000;

    /** One event and where its delivery stands. */
    public record DeliveryResponse(String id, String eventType, String status, String resourceId, int attemptCount,
                                   Instant createdAt, Instant deliveredAt, Instant nextAttemptAt) {
        static DeliveryResponse of(WebhookEvent event) {
            return new DeliveryResponse(IdType.WEBHOOK.wireId(event.id), event.type, event.status, event.resourceId, event.attempts,
                    event.createdAt, event.deliveredAt, event.nextAttemptAt);
        }
    }

    /** One attempt: when, where, what came back (or why nothing did) and how long it took. */
    public record AttemptResponse(String url, Instant attemptedAt, Integer statusCode, long latencyMs, String responseExcerpt,
                                  String error) {
        static AttemptResponse of(WebhookAttempt attempt) {
            return new AttemptResponse(attempt.url, attempt.attemptedAt, attempt.responseStatus, attempt.durationMs,
                    excerpt(attempt.responseBody), attempt.error);
        }

        static AttemptResponse of(WebhookSender.Attempt attempt) {
            return new AttemptResponse(attempt.url(), attempt.at(), attempt.status(), attempt.durationMs(), excerpt(attempt.responseBody()),
                    attempt.error());
        }
    }

    /**
     * A delivery with the event as sent (null when it carries a secret) and every attempt, oldest
     * first; {@code body} is the exact text sent and {@code signature} an {@code X-Svc-Signature}
     * over it made now, so a forwarder ({@code payments.tools.Listen}) can pass on a delivery its
     * receiver verifies as it would one from the server.
     */
    public record DeliveryDetail(String id, String eventType, String status, String resourceId, int attemptCount, Instant createdAt,
                                 Instant deliveredAt, Instant nextAttemptAt, JsonNode event, String body, String signature,
                                 List<AttemptResponse> attempts) {
    }

    /** A replay's outcome: the attempt it made and the delivery as it stands after it. */
    public record ReplayResponse(AttemptResponse attempt, DeliveryResponse delivery) {
    }

    public record DeliveryListQuery(String eventType, String status, String resourceId, String createdAfter, String createdBefore,
                                    String limit, String cursor) {
    }

    private final WebhookEndpoint endpoint;
    private final WebhookSender sender;
    private final WebhookEventStore store;
    private final ServerClock clock;
    private final JsonText json;
    private final WebhookSigner signer;

    public WebhookDeliveries(WebhookEndpoint endpoint, WebhookSender sender, WebhookEventStore store, ServerClock clock, JsonText json,
                             WebhookSigner signer) {
        this.signer = signer;
        this.endpoint = endpoint;
        this.sender = sender;
        this.store = store;
        this.clock = clock;
        this.json = json;
    }

    /** GET /webhooks/deliveries: newest first. */
    @WithSession
    public Uni<Page<DeliveryResponse>> list(DeliveryListQuery query) {
        PageRequest page = PageRequest.of(query.limit(), query.cursor());
        List<FieldError> errors = new ArrayList<>();
        String status = query.status() == null ? null : query.status().toUpperCase(Locale.ROOT);
        if (status != null && !STATUSES.contains(status)) {
            errors.add(new FieldError("status", FieldError.Constraint.oneOf(STATUSES), "Not a delivery status"));
        }
        if (query.eventType() != null && EventType.fromWireName(query.eventType()).isEmpty()) {
            errors.add(new FieldError("eventType", FieldError.Constraint.oneOf(EventType.wireNames()), "Not an event type"));
        }
        QueryFilters filters = new QueryFilters()
                .equal("type", "type", query.eventType())
                .equal("status", "status", status)
                .equal("resourceId", "resourceId", query.resourceId())
                .timeBound("createdAt", "createdAfter", query.createdAfter(), false)
                .timeBound("createdAt", "createdBefore", query.createdBefore(), true);
        errors.addAll(filters.errors());
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        filters.page("id", page);
        return Page.fetch(WebhookEvent.<WebhookEvent>find(filters.clause(), Sort.descending("id"), filters.params()),
                () -> WebhookEvent.count(filters.countClause(), filters.countParams()), page, e -> e.id.toString(), DeliveryResponse::of);
    }

    /** GET /webhooks/deliveries/{id}: the event as sent and every attempt. */
    @WithSession
    public Uni<DeliveryDetail> get(String deliveryId) {
        return find(deliveryId).flatMap(event -> WebhookAttempt.<WebhookAttempt>find("eventId", Sort.ascending("attemptedAt"), event.id).list()
                .map(attempts -> {
                    DeliveryResponse d = DeliveryResponse.of(event);
                    boolean sealed = SecretsAtRest.isSealed(event.body);
                    return new DeliveryDetail(d.id(), d.eventType(), d.status(), d.resourceId(), d.attemptCount(), d.createdAt(),
                            d.deliveredAt(), d.nextAttemptAt(), sealed ? null : json.read(event.body), sealed ? null : event.body,
                            sealed ? null : signer.signatureHeader(event.body), attempts.stream().map(AttemptResponse::of).toList());
                }));
    }

    /**
     * POST /webhooks/deliveries/{id}/replay: the same event id and body, signed now, sent to the
     * endpoint configured now and recorded as one more attempt. An answer the retry policy takes as
     * final delivers the event (its pending retries end); any other leaves its state as it was.
     */
    public Uni<ReplayResponse> replay(String deliveryId) {
        return endpoint.current().flatMap(url -> {
            if (url.isEmpty()) {
                throw new ApiException(ErrorCode.WEBHOOK_ENDPOINT_NOT_SET, "Set webhookEndpoint with PATCH /config first");
            }
            return io.quarkus.hibernate.reactive.panache.Panache.withSession(() -> find(deliveryId))
                    .flatMap(event -> sender.send(event, url.get()).flatMap(attempt -> {
                        boolean delivered = attempt.answered() && WebhookRetryPolicy.isFinalAnswer(attempt.status());
                        if (delivered) {
                            event.status = WebhookEvent.DELIVERED;
                            event.attempts++;
                            event.deliveredAt = clock.now();
                            event.nextAttemptAt = null;
                        }
                        Uni<Void> recorded = delivered
                                ? store.update(event.id, event.status, event.attempts, event.deliveredAt, null)
                                : Uni.createFrom().voidItem();
                        return recorded.map(ignored -> new ReplayResponse(AttemptResponse.of(attempt), DeliveryResponse.of(event)));
                    }));
        });
    }

    private static Uni<WebhookEvent> find(String deliveryId) {
        return Ids.find(IdType.WEBHOOK, deliveryId, ErrorCode.WEBHOOK_NOT_FOUND, "Webhook event", id -> WebhookEvent.findById(id));
    }

    static String excerpt(String body) {
        return body == null || body.length() <= EXCERPT_CHARS ? body : body.substring(0, EXCERPT_CHARS);
    }
}
