package payments.customer.bulk;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;

import java.time.Instant;
import java.util.UUID;

/** A bulk customer import: the uploaded CSV and how far processing has got. */
@Entity
@Table(name = "bulk_imports")
public class BulkImport extends PanacheEntityBase {

    public static final String PENDING = "PENDING";
    public static final String PROCESSING = "PROCESSING";
    public static final String COMPLETED = "COMPLETED";
    public static final String FAILED = "FAILED";

    @Id
    public UUID id;

    @Column(nullable = false)
    public String status;

    @Column(nullable = false)
    public String csv;

    @Column(nullable = false)
    public int total;

    /** Rows handled so far, in file order: row {@code processed} (0-based) is the next one. */
    @Column(nullable = false)
    public int processed;

    @Column(nullable = false)
    public int successful;

    @Column(nullable = false)
    public int failed;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    @Column(name = "completed_at")
    public Instant completedAt;

    public String wireId() {
        return IdType.JOB.wireId(id);
    }

    public boolean finished() {
        return COMPLETED.equals(status) || FAILED.equals(status);
    }
}
