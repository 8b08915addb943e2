package payments.verification;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** One decision of the operator review queue, as the audit log keeps it. */
@Entity
@Table(name = "compliance_decisions")
public class ComplianceDecision extends PanacheEntityBase {

    public static final String APPROVED = "APPROVED";
    public static final String REJECTED = "REJECTED";
    /** A customer's verification opened again for review: by the desk, or by a change of its identity or documents. */
    public static final String REOPENED = "REOPENED";

    @Id
    public UUID id;

    @Column(name = "verification_id", nullable = false)
    public UUID verificationId;

    @Column(name = "customer_id", nullable = false)
    public UUID customerId;

    @Column(nullable = false)
    public String decision;

    public String reason;

    @Column(nullable = false)
    public String actor;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
