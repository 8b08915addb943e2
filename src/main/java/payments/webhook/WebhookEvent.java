package payments.webhook;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.PrimaryKeyJoinColumn;
import jakarta.persistence.SecondaryTable;
import jakarta.persistence.Table;
import payments.common.RawTable;

import java.time.Instant;
import java.util.UUID;

/**
 * The outbox: one row per event, written in the transaction of the change it reports. The body,
 * written once, is kept beside it ({@code webhook_event_bodies}), so the updates on the way to
 * delivery do not copy it.
 */
@Entity
@Table(name = "webhook_events")
@SecondaryTable(name = WebhookEvent.BODIES_TABLE, pkJoinColumns = @PrimaryKeyJoinColumn(name = "event_id"))
public class WebhookEvent extends PanacheEntityBase {

    static final String BODIES_TABLE = "webhook_event_bodies";

    public static final String PENDING = "PENDING";
    public static final String DELIVERED = "DELIVERED";
    public static final String FAILED = "FAILED";
    /** No webhook endpoint was configured when the event was due. */
    public static final String SKIPPED = "SKIPPED";

    /** Saved only if delivered by its owner or due while an endpoint is configured (see {@link WebhookPublisher#rows}). */
    private static final String DELIVERABLE = "next_attempt_at IS NULL OR " + WebhookEventStore.AN_ENDPOINT;

    /** Events and their bodies, for saving many events in one statement (see {@link RawTable}). */
    public record Tables(RawTable<WebhookEvent> events, RawTable<WebhookEvent> bodies) {
        public RawTable.Rows add(RawTable.Rows rows, WebhookEvent event) {
            return rows.add(events, event).add(bodies, event);
        }
    }

    /** Every column: an event due while no endpoint is configured is not saved, nor its body. */
    public static final Tables ROWS = new Tables(columns().insertOnlyWhere(DELIVERABLE),
            bodies().timestamp("next_attempt_at", e -> e.nextAttemptAt).sentOnly("next_attempt_at").insertOnlyWhere(DELIVERABLE));

    /**
     * The same, saving an event due while no endpoint is configured {@code SKIPPED} at once, as the
     * dispatcher would close it (and with the same check): one write per event instead of two.
     */
    public static final Tables ROWS_KEPT_WITHOUT_ENDPOINT = new Tables(columns()
            .insertAs("status", "CASE WHEN status = '" + PENDING + "' AND next_attempt_at IS NOT NULL AND "
                    + WebhookEventStore.NO_ENDPOINT + " THEN '" + SKIPPED + "' ELSE status END")
            .insertAs("next_attempt_at", "CASE WHEN status = '" + PENDING + "' AND " + WebhookEventStore.NO_ENDPOINT
                    + " THEN NULL ELSE CAST(next_attempt_at AS timestamptz) END"), bodies());

    private static RawTable<WebhookEvent> columns() {
        return RawTable.<WebhookEvent>into("webhook_events")
                .uuid("id", e -> e.id).text("type", e -> e.type).text("status", e -> e.status)
                .integer("attempts", e -> e.attempts).timestamp("created_at", e -> e.createdAt)
                .timestamp("delivered_at", e -> e.deliveredAt).timestamp("next_attempt_at", e -> e.nextAttemptAt)
                .text("resource_id", e -> e.resourceId);
    }

    private static RawTable<WebhookEvent> bodies() {
        return RawTable.<WebhookEvent>into(BODIES_TABLE).uuid("event_id", e -> e.id).text("body", e -> e.body);
    }

    @Id
    public UUID id;

    @Column(nullable = false)
    public String type;

    /** The exact bytes sent (and signed) on every attempt. */
    @Column(table = BODIES_TABLE, nullable = false)
    public String body;

    @Column(nullable = false)
    public String status;

    @Column(nullable = false)
    public int attempts;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "delivered_at")
    public Instant deliveredAt;

    /**
     * When the dispatcher should try next, or while an instance delivers the event, when its claim
     * lapses; null for an event its owner sends itself.
     */
    @Column(name = "next_attempt_at")
    public Instant nextAttemptAt;

    /** The id of the resource the event carries (its data's {@code id}), for finding its deliveries; null when it has none. */
    @Column(name = "resource_id")
    public String resourceId;

    /** What a sealed body is bound to: this event alone. */
    String sealName() {
        return "webhook-event:" + id;
    }
}
