package payments.verification;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;

import java.time.Instant;
import java.util.UUID;

/** An uploaded verification document's metadata; the file itself is in {@code document_files}. */
@Entity
@Table(name = "documents")
public class Document extends PanacheEntityBase {

    @Id
    public UUID id;

    /** Wire id of the customer or beneficial owner the document is about. */
    @Column(name = "holder_id", nullable = false)
    public String holderId;

    @Column(name = "customer_id", nullable = false)
    public UUID customerId;

    @Column(name = "document_type", nullable = false)
    public String documentType;

    public String side;

    @Column(nullable = false)
    public String country;

    @Column(name = "document_number")
    public String documentNumber;

    @Column(name = "issuing_authority")
    public String issuingAuthority;

    @Column(name = "file_name", nullable = false)
    public String fileName;

    @Column(name = "content_type", nullable = false)
    public String contentType;

    @Column(name = "size_bytes", nullable = false)
    public int sizeBytes;

    @Column(name = "submitted_at")
    public Instant submittedAt;

    @Column(name = "replaced_at")
    public Instant replacedAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    public String wireId() {
        return IdType.DOCUMENT.wireId(id);
    }
}
