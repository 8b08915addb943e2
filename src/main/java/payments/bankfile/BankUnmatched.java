package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/**
 * Something a bank file said that matched no payout or account (or did not match what we sent),
 * kept for an operator. A credit parked here was booked to SUSPENSE, so the ledger still equals
 * the bank account.
 */
@Entity
@Table(name = "bank_unmatched")
public class BankUnmatched extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "file_sha256", nullable = false)
    public String fileSha256;

    @Column(nullable = false)
    public String kind;

    @Column(name = "end_to_end_id")
    public String endToEndId;

    public Long amount;

    public String currency;

    public String account;

    public String remittance;

    @Column(name = "bank_reference")
    public String bankReference;

    @Column(nullable = false)
    public String detail;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    /** What parking it booked into SUSPENSE (a credit: positive) or out of it (a debit: negative), in {@link #currency}; null: no money. */
    @Column(name = "suspense_amount")
    public Long suspenseAmount;

    /** ASSIGNED, RETURNED, WRITTEN_OFF or CLOSED once an operator resolved it (bankfile.ParkedEntries). */
    public String resolution;

    @Column(name = "resolution_account_id")
    public UUID resolutionAccountId;

    @Column(name = "resolution_transaction_id")
    public UUID resolutionTransactionId;

    public String reason;

    @Column(name = "resolved_by")
    public String resolvedBy;

    @Column(name = "resolved_at")
    public Instant resolvedAt;
}
