package payments.webhook;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** One delivery attempt of an event, as recorded (read for GET /webhooks/deliveries/{id}; written in bulk by the store). */
@Entity
@Table(name = "webhook_attempts")
public class WebhookAttempt extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "event_id", nullable = false)
    public UUID eventId;

    public String url;

    @Column(name = "attempted_at", nullable = false)
    public Instant attemptedAt;

    @Column(name = "response_status")
    public Integer responseStatus;

    @Column(name = "response_body")
    public String responseBody;

    public String error;

    @Column(name = "duration_ms", nullable = false)
    public long durationMs;
}
