package payments.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.ServerClock;
import payments.common.security.SecretsAtRest;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * Records an event for the platform. Call it inside the transaction of the change the event
 * reports: the outbox row commits or rolls back together with the change, so an event is never
 * lost and never sent for a change that did not happen.
 */
@ApplicationScoped
public class WebhookPublisher {

    /** The envelope every delivery carries. */
    public record Envelope(String id, String type, String timestamp, Object data) {
    }

    private final ObjectMapper mapper;
    private final ServerClock clock;
    private final SecretsAtRest secrets;

    public WebhookPublisher(ObjectMapper mapper, ServerClock clock, SecretsAtRest secrets) {
        this.mapper = mapper;
        this.clock = clock;
        this.secrets = secrets;
    }

    /**
     * {@link #publish} for an event that carries a secret (a one-time code): its body is sealed at
     * rest and opened only to be signed and sent ({@link WebhookSender}).
     */
    public Uni<WebhookEvent> publishSealed(EventType type, Object data) {
        WebhookEvent event = dispatched(type, data);
        event.body = secrets.seal(event.sealName(), event.body);
        return event.persist();
    }

    /** Saves an event in the caller's transaction; the {@link WebhookDispatcher} delivers it once committed. */
    public Uni<WebhookEvent> publish(EventType type, Object data) {
        return dispatched(type, data).persist();
    }

    /** An event for the dispatcher, built now but not saved: for callers that save many at once. */
    public WebhookEvent dispatched(EventType type, Object data) {
        WebhookEvent event = newEvent(type.wireName(), data);
        event.nextAttemptAt = event.createdAt;
        return event;
    }

    /**
     * Records an event its owner sends itself, in the flow that needs the answer (the approval call
     * of an incoming payment): saved in the caller's transaction, with no delivery job.
     */
    public Uni<WebhookEvent> record(EventType type, Object data) {
        return newEvent(type.wireName(), data).persist();
    }

    /** Gives an event not yet committed new data, keeping its id, type and timestamp (the caller's transaction saves it). */
    public void rewrite(WebhookEvent event, Object data) {
        event.body = body(event.id, event.type, event.createdAt, data);
        event.resourceId = resourceIdIn(event.body);
    }

    /** Builds an event (not yet saved) with its exact body fixed now. */
    private WebhookEvent newEvent(String type, Object data) {
        Instant now = clock.now();
        UUID id = Ids.newUuid();
        WebhookEvent event = new WebhookEvent();
        event.id = id;
        event.type = type;
        event.status = WebhookEvent.PENDING;
        event.attempts = 0;
        event.createdAt = now;
        event.body = body(id, type, now, data);
        event.resourceId = resourceIdIn(event.body);
        return event;
    }

    private static final String DATA_ID = "\"data\":{\"id\":\"";

    /**
     * The data's id, read from the body as written (the envelope puts {@code data} last and resources
     * their {@code id} first): no second serialization on the path of every event.
     */
    static String resourceIdIn(String body) {
        int start = body.indexOf(DATA_ID);
        if (start < 0) {
            return null;
        }
        start += DATA_ID.length();
        int end = body.indexOf('"', start);
        return end < 0 || end - start > 255 || body.substring(start, end).indexOf('\\') >= 0 ? null : body.substring(start, end);
    }

    private String body(UUID id, String type, Instant at, Object data) {
        try {
            return mapper.writeValueAsString(new Envelope(IdType.WEBHOOK.wireId(id), type, at.toString(), data == null ? Map.of() : data));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot serialize webhook data", e);
        }
    }
}
