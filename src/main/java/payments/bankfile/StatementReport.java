package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** One camt.053 statement reconciled against the RAIL ledger account ({@link Reconciliations}), with its lines' counts. */
@Entity
@Table(name = "bank_statements")
public class StatementReport extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "file_sha256", nullable = false)
    public String fileSha256;

    /** The bank's id of the statement. */
    @Column(name = "statement_id", nullable = false)
    public String statementId;

    public String account;

    @Column(nullable = false)
    public String currency;

    @Column(name = "period_end", nullable = false)
    public Instant periodEnd;

    @Column(name = "opening_balance")
    public Long openingBalance;

    @Column(name = "closing_balance")
    public Long closingBalance;

    /** The statement's booked entries. */
    public int entries;

    /** Report lines MATCHED, and those that needed a person when the report was made. */
    public int matched;

    public int unresolved;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
