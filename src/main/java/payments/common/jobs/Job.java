package payments.common.jobs;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** A unit of background work, due at {@code runAt}. Written in the same transaction as the change that needs it. */
@Entity
@Table(name = "jobs")
public class Job extends PanacheEntityBase {

    public static final String PENDING = "PENDING";
    public static final String DEAD = "DEAD";

    @Id
    public UUID id;

    @Column(nullable = false)
    public String type;

    @Column(nullable = false)
    public String payload;

    @Column(nullable = false)
    public String status;

    @Column(name = "run_at", nullable = false)
    public Instant runAt;

    @Column(nullable = false)
    public int attempts;

    @Column(name = "locked_until")
    public Instant lockedUntil;

    @Column(name = "last_error")
    public String lastError;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /** A DEAD job given up while it moved or held money: kept until an operator resolves it (DeadJobs). */
    @Column(name = "holds_money", nullable = false)
    public boolean holdsMoney;

    @Column(name = "resolved_at")
    public Instant resolvedAt;

    /** The operator's account of what was done about a dead job. */
    @Column(name = "resolution")
    public String resolution;

    /** Who resolved it: the caller's scope. */
    @Column(name = "resolved_by")
    public String resolvedBy;

    /** The last time an operator ran the job again after it was given up, who did, and why. */
    @Column(name = "retried_at")
    public Instant retriedAt;

    @Column(name = "retried_by")
    public String retriedBy;

    @Column(name = "retry_reason")
    public String retryReason;
}
