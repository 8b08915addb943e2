package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** A payout handed to the bank rail: QUEUED until the next cut-off writes it into a batch (BATCHED). */
@Entity
@Table(name = "bank_payouts")
public class BankPayout extends PanacheEntityBase {

    public static final String QUEUED = "QUEUED";
    public static final String BATCHED = "BATCHED";

    @Id
    @Column(name = "transaction_id")
    public UUID transactionId;

    @Column(name = "end_to_end_id", nullable = false)
    public String endToEndId;

    @Column(nullable = false)
    public long amount;

    @Column(nullable = false)
    public String currency;

    @Column(name = "creditor_name", nullable = false)
    public String creditorName;

    public String iban;

    @Column(name = "account_number")
    public String accountNumber;

    public String bic;

    @Column(name = "clearing_code")
    public String clearingCode;

    public String remittance;

    @Column(nullable = false)
    public String status;

    @Column(name = "batch_id")
    public String batchId;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    /** The end-to-end id the bank quotes back: the transaction's id without dashes (32 of the 35 characters allowed). */
    static String endToEndIdOf(UUID transactionId) {
        return transactionId.toString().replace("-", "");
    }

    Pain001.Payout toFile() {
        return new Pain001.Payout(endToEndId, amount, currency, creditorName, iban, accountNumber, bic, clearingCode, remittance);
    }
}
