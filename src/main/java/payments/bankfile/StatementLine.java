package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * A line of a statement's reconciliation ({@link StatementMatcher.Line}): amounts as the bank sees
 * them (credits positive), null for a side that has none; a line that needs a person stays open
 * until an operator resolves it or a later statement matches it.
 */
@Entity
@Table(name = "bank_statement_lines")
public class StatementLine extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "statement_id", nullable = false)
    public UUID statementId;

    /** {@link StatementMatcher.Status}. */
    @Column(nullable = false)
    public String status;

    /** What both sides moved money for: a payment's or parked entry's id, or "batch" and a file's id. */
    @Column(name = "matched_on")
    public String matchedOn;

    @Column(name = "bank_amount")
    public Long bankAmount;

    @Column(name = "ledger_amount")
    public Long ledgerAmount;

    /** The statement entries' bank references, comma separated. */
    @Column(name = "bank_references")
    public String bankReferences;

    @Column(name = "end_to_end_id")
    public String endToEndId;

    @Column(name = "batch_id")
    public String batchId;

    @Column(name = "booking_date")
    public LocalDate bookingDate;

    /** How many RAIL ledger entries the line took, and when the first of them was booked. */
    @Column(name = "ledger_entries", nullable = false)
    public int ledgerEntries;

    @Column(name = "first_booked_at")
    public Instant firstBookedAt;

    /** EXPLAINED by an operator, MATCHED_LATER or REPORTED_AGAIN by a later statement. */
    public String resolution;

    public String reason;

    @Column(name = "resolved_by")
    public String resolvedBy;

    @Column(name = "resolved_at")
    public Instant resolvedAt;
}
