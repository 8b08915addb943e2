package payments.card;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/** A virtual debit card of a customer, funded by one of the customer's internal accounts. */
@Entity
@Table(name = "cards")
public class Card extends PanacheEntityBase {

    public static final String VIRTUAL = "VIRTUAL";

    @Id
    public UUID id;

    @Column(name = "customer_id", nullable = false)
    public UUID customerId;

    @Column(nullable = false)
    public String status;

    @Column(name = "status_reason")
    public String statusReason;

    @Column(nullable = false)
    public String form;

    @Column(name = "funding_account_id", nullable = false)
    public UUID fundingAccountId;

    @Column(name = "platform_card_id", nullable = false)
    public String platformCardId;

    @Column(nullable = false)
    public String currency;

    public String brand;

    public String last4;

    @Column(name = "exp_month")
    public Integer expMonth;

    @Column(name = "exp_year")
    public Integer expYear;

    @Column(name = "max_spend_per_transaction")
    public Long maxSpendPerTransaction;

    @Column(name = "max_spend_per_day")
    public Long maxSpendPerDay;

    @Column(name = "max_transactions_per_day")
    public Integer maxTransactionsPerDay;

    /** CardCapabilities as JSON, fixed at issuance. */
    @Column(nullable = false)
    public String capabilities;

    @Column(name = "processor_ref", nullable = false)
    public String processorRef;

    @Column(name = "issuer_ref", nullable = false)
    public String issuerRef;

    /** PAN, expiry and CVV sealed with the server's secrets key (see CardNumbers); null until provisioned. */
    @Column(name = "sealed_details")
    public String sealedDetails;

    @Column(name = "usage_day")
    public LocalDate usageDay;

    @Column(name = "usage_amount", nullable = false)
    public long usageAmount;

    @Column(name = "usage_count", nullable = false)
    public int usageCount;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    public String wireId() {
        return IdType.CARD.wireId(id);
    }
}
