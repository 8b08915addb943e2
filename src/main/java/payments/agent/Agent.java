package payments.agent;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/** Software acting for one customer under a policy; connected once a device code is redeemed. */
@Entity
@Table(name = "agents")
public class Agent extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "customer_id", nullable = false)
    public UUID customerId;

    @Column(nullable = false)
    public String name;

    @Column(name = "is_paused", nullable = false)
    public boolean paused;

    /** The policy as JSON (see AgentPolicy). */
    @Column(nullable = false)
    public String policy;

    /** SHA-256 (hex) of the access token; null until a device code is redeemed. */
    @Column(name = "access_token_hash")
    public String accessTokenHash;

    @Column(name = "connected_at")
    public Instant connectedAt;

    @Column(name = "usage_day")
    public LocalDate usageDay;

    @Column(name = "daily_count", nullable = false)
    public int dailyCount;

    @Column(name = "daily_spend", nullable = false)
    public long dailySpend;

    @Column(name = "usage_month")
    public String usageMonth;

    @Column(name = "monthly_spend", nullable = false)
    public long monthlySpend;

    @Column(name = "deleted_at")
    public Instant deletedAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    public String wireId() {
        return IdType.AGENT.wireId(id);
    }

    /** Whether its access token works: handed out, and not before {@code cutoff} (older tokens have expired). */
    public boolean connectedSince(Instant cutoff) {
        return accessTokenHash != null && connectedAt != null && connectedAt.isAfter(cutoff);
    }
}
