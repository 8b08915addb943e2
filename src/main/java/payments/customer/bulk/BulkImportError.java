package payments.customer.bulk;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;
import java.util.UUID;

/** One failed row of a bulk import. */
@Entity
@Table(name = "bulk_import_errors")
@IdClass(BulkImportError.Key.class)
public class BulkImportError extends PanacheEntityBase {

    public record Key(UUID importId, int rowNumber) implements Serializable {
        public Key() {
            this(null, 0);
        }
    }

    @Id
    @Column(name = "import_id")
    public UUID importId;

    @Id
    @Column(name = "row_number")
    public int rowNumber;

    @Column(name = "correlation_id", nullable = false)
    public String correlationId;

    @Column(nullable = false)
    public String code;

    @Column(nullable = false)
    public String message;

    /** The error's details object, as JSON. */
    public String details;
}
