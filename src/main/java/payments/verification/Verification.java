package payments.verification;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;

import java.time.Instant;
import java.util.UUID;

/** One submission of a customer's verification packet and where it stands. */
@Entity
@Table(name = "verifications")
public class Verification extends PanacheEntityBase {

    public static final String RESOLVE_ERRORS = "RESOLVE_ERRORS";
    public static final String IN_PROGRESS = "IN_PROGRESS";
    public static final String PENDING_MANUAL_REVIEW = "PENDING_MANUAL_REVIEW";
    public static final String APPROVED = "APPROVED";
    public static final String REJECTED = "REJECTED";
    public static final java.util.List<String> STATUSES = java.util.List.of(RESOLVE_ERRORS, PENDING_MANUAL_REVIEW,
            IN_PROGRESS, APPROVED, REJECTED, "READY_FOR_VERIFICATION");

    @Id
    public UUID id;

    @Column(name = "customer_id", nullable = false)
    public UUID customerId;

    @Column(nullable = false)
    public String status;

    /** The wire errors[] array, as JSON. */
    @Column(nullable = false)
    public String errors;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /**
     * When a change of the customer's identity or documents put a new packet in this waiting one's
     * place; its status then stays as it was on the wire, but nobody decides it any more.
     */
    @Column(name = "superseded_at")
    public Instant supersededAt;

    /** The packet that took this one's place. */
    @Column(name = "superseded_by")
    public UUID supersededBy;

    public String wireId() {
        return IdType.VERIFICATION.wireId(id);
    }
}
