package payments.sca;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** A liveness-gated reset of a lost factor. Its status moves only through {@link FactorResetStatus}. */
@Entity
@Table(name = "sca_resets")
public class FactorReset extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "customer_id", nullable = false)
    public UUID customerId;

    @Column(nullable = false)
    public String factor;

    @Column(nullable = false)
    public String status;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    @Column(name = "completed_at")
    public Instant completedAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
