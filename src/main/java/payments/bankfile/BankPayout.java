package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.transaction.PaymentTransaction;

import java.time.Instant;
import java.util.UUID;

/**
 * A payout handed to a bank file rail: QUEUED until the next cut-off writes it into a file
 * (BATCHED); an ACH entry is SETTLED on its effective date. {@link #format} says which rail's files
 * carry it, {@link #leg} which way it moves money: a payout (a credit to the payee's account) or a
 * pull (an ACH debit or a SEPA direct debit of the holder's own account; "creditor" then names the
 * account debited).
 */
@Entity
@Table(name = "bank_payouts")
public class BankPayout extends PanacheEntityBase {

    public static final String QUEUED = "QUEUED";
    public static final String BATCHED = "BATCHED";
    public static final String SETTLED = "SETTLED";
    /** An ACH credit returned before its effective date: it never settles. */
    public static final String RETURNED = "RETURNED";
    /** An ISO 20022 pain.001 credit transfer (BankFileRail). */
    public static final String PAIN001 = "PAIN001";
    /** An ISO 20022 pain.008 SEPA direct debit (BankFileRail): a pull. */
    public static final String PAIN008 = "PAIN008";
    /** A NACHA ACH entry (AchRail): its end-to-end id is its trace number. */
    public static final String NACHA = "NACHA";
    public static final String PAYOUT = "PAYOUT";
    public static final String PULL = "PULL";

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

    @Column(nullable = false)
    public String format = PAIN001;

    /** ACH: CHECKING or SAVINGS. */
    @Column(name = "account_type")
    public String accountType;

    /** ACH: the standard entry class, PPD (a person's account) or CCD (a business's). */
    @Column(name = "entry_class")
    public String entryClass;

    /** ACH: the external account paid (a notification of change corrects its details). */
    @Column(name = "external_account_id")
    public UUID externalAccountId;

    /** PAYOUT, or PULL (an ACH debit). */
    @Column(nullable = false)
    public String leg = PAYOUT;

    /** ACH: the day the file asked the payee's bank to settle it. */
    @Column(name = "effective_date")
    public java.time.LocalDate effectiveDate;

    /** A SEPA direct debit: the mandate it is collected under, as it was when the pull began. */
    @Column(name = "mandate_id")
    public String mandateId;

    @Column(name = "mandate_signed_on")
    public java.time.LocalDate mandateSignedOn;

    /** A SEPA direct debit: FRST (its mandate's first collection) or RCUR, set when a file carries it. */
    @Column(name = "sequence_type")
    public String sequenceType;

    /**
     * Takes a payout out of the queue (either rail's): one still queued is deleted from the next
     * file; one already in a file has gone to the bank, as has one a cut-off is writing into a file
     * right now (its row is locked: SKIP LOCKED, so the caller, who holds the payment's row, never
     * waits on the cut-off, which takes payment rows after payout rows). True when it was taken
     * out or never queued.
     */
    static Uni<Boolean> withdraw(UUID transactionId) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery(
                        "SELECT * FROM bank_payouts WHERE transaction_id = ?1 FOR UPDATE SKIP LOCKED", BankPayout.class)
                .setParameter(1, transactionId).getResultList())
                .flatMap(found -> {
                    if (found.isEmpty()) {
                        return BankPayout.count("transactionId", transactionId).map(held -> held == 0);
                    }
                    BankPayout payout = found.get(0);
                    return QUEUED.equals(payout.status) ? payout.delete().replaceWith(true) : Uni.createFrom().item(false);
                });
    }

    /** The end-to-end id the bank quotes back: the transaction's id without dashes (32 of the 35 characters allowed). */
    static String endToEndIdOf(UUID transactionId) {
        return transactionId.toString().replace("-", "");
    }

    /** The id of the block of its file that carries it, as the bank's status reports name it. */
    String blockId() {
        return PAIN008.equals(format) ? Pain008.paymentInformationId(batchId, sequenceType) : Pain001.paymentInformationId(batchId, currency);
    }

    Pain008.Collection toCollection() {
        return new Pain008.Collection(endToEndId, amount, currency, creditorName, iban, bic, mandateId, mandateSignedOn, sequenceType,
                remittance);
    }

    /** Plain data that any file of the layout takes: a pull (a pain.008 collection) or a payout (pain.001). */
    static BankPayout probe(boolean pull) {
        BankPayout probe = new BankPayout();
        probe.endToEndId = "0".repeat(32);
        probe.amount = 100;
        probe.currency = "EUR";
        probe.creditorName = "Probe";
        probe.iban = "DE89370400440532013000";
        if (pull) {
            probe.format = PAIN008;
            probe.leg = PULL;
            probe.mandateId = "PROBE";
            probe.mandateSignedOn = java.time.LocalDate.of(2020, 1, 1);
            probe.sequenceType = "FRST";
        }
        return probe;
    }

    Pain001.Payout toFile() {
        return new Pain001.Payout(endToEndId, amount, currency, creditorName, iban, accountNumber, bic, clearingCode, remittance);
    }

    /** The payout or pull a bank line names by its end-to-end id (none for none). */
    static Uni<BankPayout> byEndToEndId(String endToEndId) {
        return endToEndId == null ? Uni.createFrom().nullItem() : BankPayout.find("endToEndId", endToEndId).firstResult();
    }

    /** The status of the payment this row carries. */
    Uni<String> paymentStatus() {
        return PaymentTransaction.<PaymentTransaction>findById(transactionId).map(t -> t.status);
    }
}
