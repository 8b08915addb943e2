package payments.webhook;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** The outbox: one row per event, written in the transaction of the change it reports. */
@Entity
@Table(name = "webhook_events")
public class WebhookEvent extends PanacheEntityBase {

    public static final String PENDING = "PENDING";
    public static final String DELIVERED = "DELIVERED";
    public static final String FAILED = "FAILED";
    /** No webhook endpoint was configured when the event was due. */
    public static final String SKIPPED = "SKIPPED";

    @Id
    public UUID id;

    @Column(nullable = false)
    public String type;

    /** The exact bytes sent (and signed) on every attempt. */
    @Column(nullable = false)
    public String body;

    @Column(nullable = false)
    public String status;

    @Column(nullable = false)
    public int attempts;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "delivered_at")
    public Instant deliveredAt;

    /** When the dispatcher should try next; null for an event its owner sends itself. */
    @Column(name = "next_attempt_at")
    public Instant nextAttemptAt;

    /** An instance's claim while it delivers. */
    @Column(name = "locked_until")
    public Instant lockedUntil;
}
