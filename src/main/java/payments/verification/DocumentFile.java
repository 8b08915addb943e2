package payments.verification;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.util.UUID;

/** The bytes of an uploaded document. */
@Entity
@Table(name = "document_files")
public class DocumentFile extends PanacheEntityBase {

    @Id
    @Column(name = "document_id")
    public UUID documentId;

    @Column(nullable = false)
    public byte[] content;
}
