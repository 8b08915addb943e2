package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/**
 * A pain.001 file: BUILT in the transaction that took its payouts, DELIVERED once written to the
 * outbox. A crash in between writes it again: the same name and content, which the bank takes as
 * one file (its message id).
 */
@Entity
@Table(name = "bank_batches")
public class BankBatch extends PanacheEntityBase {

    public static final String BUILT = "BUILT";
    public static final String DELIVERED = "DELIVERED";

    @Id
    public String id;

    @Column(name = "file_name", nullable = false)
    public String fileName;

    @Column(nullable = false)
    public String content;

    @Column(nullable = false)
    public int payouts;

    @Column(nullable = false)
    public String status;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "delivered_at")
    public Instant deliveredAt;
}
