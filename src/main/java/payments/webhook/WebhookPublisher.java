package payments.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.RawTable;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.common.Times;
import payments.common.security.SecretsAtRest;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * Records an event for the platform. Call it inside the transaction of the change the event
 * reports: the outbox row commits or rolls back together with the change, so an event is never
 * lost and never sent for a change that did not happen. An event due while no webhook endpoint is
 * configured is either not stored at all (production's default: nobody can receive it, and an
 * endpoint configured later receives the events after it, as the reference implies) or stored
 * {@code SKIPPED} (the sandbox's default: the deliveries log, {@code listen} and the console's
 * timelines show it); {@code svc.webhooks.keep-without-endpoint} chooses. Either way the check
 * is part of the inserting statement, so it sees the endpoint as the saving transaction does.
 */
@ApplicationScoped
public class WebhookPublisher {

    /** The envelope every delivery carries. */
    public record Envelope(String id, String type, String timestamp, Object data) {
    }

    private final ObjectMapper mapper;
    private final ServerClock clock;
    private final SecretsAtRest secrets;
    private final boolean keptWithoutEndpoint;

    public WebhookPublisher(ObjectMapper mapper, ServerClock clock, SecretsAtRest secrets, WebhooksConfig webhooks,
                            ServerConfig server) {
        this.mapper = mapper;
        this.clock = clock;
        this.secrets = secrets;
        this.keptWithoutEndpoint = webhooks.keepWithoutEndpoint().orElse(server.sandbox());
    }

    /** Whether an event due while no endpoint is configured is stored, {@code SKIPPED}. */
    public boolean keepsWithoutEndpoint() {
        return keptWithoutEndpoint;
    }

    /** The table a batch saves its events in ({@link #dispatched} ones), stored as {@link #publish} stores one. */
    public WebhookEvent.Tables rows() {
        return keptWithoutEndpoint ? WebhookEvent.ROWS_KEPT_WITHOUT_ENDPOINT : WebhookEvent.ROWS;
    }

    /**
     * {@link #publish} for an event that carries a secret (a one-time code): its body is sealed at
     * rest and opened only to be signed and sent ({@link WebhookSender}).
     */
    public Uni<WebhookEvent> publishSealed(EventType type, Object data) {
        WebhookEvent event = dispatched(type, data);
        event.body = secrets.seal(event.sealName(), event.body);
        return saved(event).replaceWith(event);
    }

    /** Saves an event in the caller's transaction; the {@link WebhookDispatcher} delivers it once committed. */
    public Uni<WebhookEvent> publish(EventType type, Object data) {
        WebhookEvent event = dispatched(type, data);
        return saved(event).replaceWith(event);
    }

    /** {@link #publish}, emitting null when the event was not stored (no endpoint configured, and such events not kept). */
    public Uni<WebhookEvent> publishIfStored(EventType type, Object data) {
        WebhookEvent event = dispatched(type, data);
        return saved(event).map(stored -> stored ? event : null);
    }

    private static final String AT = "CAST(?4 AS timestamptz)";
    private static final String INSERT = "WITH event AS (INSERT INTO webhook_events"
            + " (id, type, status, attempts, created_at, next_attempt_at, resource_id)"
            + " SELECT CAST(?1 AS uuid), CAST(?2 AS varchar), %s, 0, " + AT + ", %s, NULLIF(CAST(?5 AS varchar), '')%s RETURNING id)"
            + " INSERT INTO " + WebhookEvent.BODIES_TABLE + " (event_id, body) SELECT id, CAST(?3 AS text) FROM event";
    private static final String INSERT_IF_DELIVERABLE = INSERT.formatted("'" + WebhookEvent.PENDING + "'", AT,
            " WHERE " + WebhookEventStore.AN_ENDPOINT);
    private static final String INSERT_KEPT = INSERT.formatted(
            "CASE WHEN " + WebhookEventStore.AN_ENDPOINT + " THEN '" + WebhookEvent.PENDING + "' ELSE '" + WebhookEvent.SKIPPED + "' END",
            "CASE WHEN " + WebhookEventStore.AN_ENDPOINT + " THEN " + AT + " END", "");

    /**
     * Saves a due event in the session's transaction (an endpoint set in the same transaction
     * counts once flushed). The event is not attached to the session: {@link #rewrite} changes its row.
     */
    private Uni<Boolean> saved(WebhookEvent event) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery(keptWithoutEndpoint ? INSERT_KEPT : INSERT_IF_DELIVERABLE)
                        .setParameter(1, event.id).setParameter(2, event.type).setParameter(3, event.body)
                        .setParameter(4, Times.utc(event.createdAt))
                        .setParameter(5, event.resourceId == null ? "" : event.resourceId).executeUpdate())
                .map(rows -> rows > 0);
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

    /** Gives an event published in the session's open transaction new data, keeping its id, type and timestamp. */
    public Uni<Void> rewrite(WebhookEvent event, Object data) {
        event.body = body(event.id, event.type, event.createdAt, data);
        event.resourceId = resourceIdIn(event.body);
        return Panache.getSession().flatMap(session -> session.createNativeQuery("WITH body AS (UPDATE " + WebhookEvent.BODIES_TABLE
                                + " SET body = ?1 WHERE event_id = ?3)"
                                + " UPDATE webhook_events SET resource_id = NULLIF(CAST(?2 AS varchar), '') WHERE id = ?3")
                        .setParameter(1, event.body).setParameter(2, event.resourceId == null ? "" : event.resourceId)
                        .setParameter(3, event.id).executeUpdate())
                .replaceWithVoid();
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
