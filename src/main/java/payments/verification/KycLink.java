package payments.verification;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** A single-use hosted verification link. */
@Entity
@Table(name = "kyc_links")
public class KycLink extends PanacheEntityBase {

    @Id
    public String token;

    @Column(name = "customer_id", nullable = false)
    public UUID customerId;

    @Column(name = "redirect_uri")
    public String redirectUri;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    @Column(name = "used_at")
    public Instant usedAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
