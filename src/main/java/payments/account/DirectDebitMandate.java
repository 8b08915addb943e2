package payments.account;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * A SEPA direct debit mandate: the holder's signed authorization, kept by the platform (the
 * creditor), for the platform to collect from their IBAN. One is in force per external account
 * ({@link #endedAt} null); a replaced or revoked one is kept.
 */
@Entity
@Table(name = "direct_debit_mandates")
public class DirectDebitMandate extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "external_account_id", nullable = false)
    public UUID externalAccountId;

    @Column(name = "mandate_id", nullable = false)
    public String mandateId;

    @Column(name = "signed_on", nullable = false)
    public LocalDate signedOn;

    @Column(name = "recorded_by", nullable = false)
    public String recordedBy;

    @Column(name = "recorded_at", nullable = false)
    public Instant recordedAt;

    /** The collection date of the last collection written into a file under it: the next is RCUR, and it lapses 36 months on. */
    @Column(name = "last_collected_on")
    public LocalDate lastCollectedOn;

    @Column(name = "ended_by")
    public String endedBy;

    @Column(name = "ended_at")
    public Instant endedAt;

    /** The mandate in force on the account, or null. */
    public static Uni<DirectDebitMandate> inForce(UUID externalAccountId) {
        return find("externalAccountId = ?1 and endedAt is null", externalAccountId).firstResult();
    }
}
