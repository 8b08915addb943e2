package payments.sca;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** A customer's SCA login session: the latest successful SCA login, valid for {@link ScaLogins#SESSION_LIFETIME}. */
@Entity
@Table(name = "sca_sessions")
public class ScaSession extends PanacheEntityBase {

    @Id
    @Column(name = "customer_id")
    public UUID customerId;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;
}
