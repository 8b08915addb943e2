package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A file read from the inbox, once, claimed by its content's hash (BankFileInbox writes these rows; the desk reads them). */
@Entity
@Table(name = "bank_files_received")
public class BankFileReceived extends PanacheEntityBase {

    @Id
    @Column(name = "content_sha256")
    public String contentSha256;

    @Column(name = "file_name", nullable = false)
    public String fileName;

    /** BOOKED or QUARANTINED. */
    @Column(nullable = false)
    public String status;

    public String detail;

    /** The lines it held. */
    @Column(nullable = false)
    public int events;

    @Column(name = "received_at", nullable = false)
    public Instant receivedAt;
}
