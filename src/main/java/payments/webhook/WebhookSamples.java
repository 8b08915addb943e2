package payments.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonText;
import payments.common.ServerClock;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * POST /sandbox/webhooks/trigger: a sample of any event type, sent like every event (outbox,
 * signature, retries, the deliveries log). The samples (webhook/samples.json) are bodies this server
 * sent in a sandbox walkthrough, with the few types that walkthrough does not reach derived from a
 * sibling; each trigger gives them fresh ids and moves their times to now, so no two samples share
 * an id and none names a resource that exists.
 */
@ApplicationScoped
public class WebhookSamples {

    private static final String SAMPLES = "/webhook/samples.json";
    /** When the samples were recorded: their times move by (now - this), so a future expiry stays in the future. */
    private static final String RECORDED_AT = "_recordedAt";
    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final Pattern INSTANT = Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{1,9})?Z");

    private final JsonText json;
    private final ServerClock clock;
    private final WebhookPublisher publisher;
    private final WebhookDeliveries deliveries;
    private final Map<String, String> samples = new HashMap<>();
    private final Instant recordedAt;

    public WebhookSamples(JsonText json, ServerClock clock, WebhookPublisher publisher, WebhookDeliveries deliveries) {
        this.json = json;
        this.clock = clock;
        this.publisher = publisher;
        this.deliveries = deliveries;
        JsonNode all = json.read(resource());
        recordedAt = Instant.parse(all.path(RECORDED_AT).asText());
        all.fields().forEachRemaining(sample -> {
            if (!sample.getKey().equals(RECORDED_AT)) {
                samples.put(sample.getKey(), sample.getValue().toString());
            }
        });
        for (EventType type : EventType.values()) {
            if (!samples.containsKey(type.wireName())) {
                throw new IllegalStateException("No webhook sample for " + type.wireName());
            }
        }
    }

    /** Records a sample event of the type named and answers its delivery, as GET /webhooks/deliveries/{id} would. */
    public Uni<WebhookDeliveries.DeliveryDetail> trigger(String eventType) {
        EventType type = EventType.fromWireName(eventType).orElseThrow(() -> ApiException.invalidField("eventType",
                FieldError.Constraint.oneOf(EventType.wireNames()), "Not an event type this server sends"));
        JsonNode data = json.read(renewed(samples.get(type.wireName()), recordedAt, clock.now(), Ids::newUuid));
        // The inserting statement is the endpoint check: an endpoint removed meanwhile cannot pass it.
        return Panache.withTransaction(() -> publisher.publishIfStored(type, data)).flatMap(event -> {
            if (event == null) {
                throw new ApiException(ErrorCode.WEBHOOK_ENDPOINT_NOT_SET, "Set webhookEndpoint with PATCH /config first:"
                        + " without it this server stores no event (svc.webhooks.keep-without-endpoint is false)");
            }
            return deliveries.get(IdType.WEBHOOK.wireId(event.id));
        });
    }

    /**
     * The sample with every UUID replaced (the same old id by the same new one, so a card and its
     * transaction still agree) and every instant moved by the time since the samples were recorded,
     * so the intervals between them (an expiry five minutes after creation) stay as they were.
     */
    static String renewed(String sample, Instant recordedAt, Instant now, Supplier<java.util.UUID> ids) {
        Map<String, String> newIds = new HashMap<>();
        String withIds = UUID.matcher(sample).replaceAll(m -> newIds.computeIfAbsent(m.group(), old -> ids.get().toString()));
        Duration shift = Duration.between(recordedAt, now);
        return INSTANT.matcher(withIds).replaceAll(m -> Matcher.quoteReplacement(Instant.parse(m.group()).plus(shift).toString()));
    }

    private static String resource() {
        try (InputStream in = WebhookSamples.class.getResourceAsStream(SAMPLES)) {
            if (in == null) {
                throw new IllegalStateException(SAMPLES + " is missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
