package payments.agent;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;

import java.time.Instant;
import java.util.UUID;

/** Something an agent asked to do with its customer's money, and what became of it. */
@Entity
@Table(name = "agent_actions")
public class AgentAction extends PanacheEntityBase {

    public static final String PENDING_APPROVAL = "PENDING_APPROVAL";
    public static final String APPROVED = "APPROVED";
    public static final String REJECTED = "REJECTED";
    public static final String FAILED = "FAILED";
    public static final java.util.List<String> STATUSES = java.util.List.of(PENDING_APPROVAL, APPROVED, REJECTED, FAILED);

    public static final String EXECUTE_QUOTE = "EXECUTE_QUOTE";

    @Id
    public UUID id;

    @Column(name = "agent_id", nullable = false)
    public UUID agentId;

    @Column(name = "customer_id", nullable = false)
    public UUID customerId;

    @Column(name = "platform_customer_id")
    public String platformCustomerId;

    @Column(nullable = false)
    public String type;

    @Column(nullable = false)
    public String status;

    @Column(name = "quote_id")
    public UUID quoteId;

    @Column(name = "transaction_id")
    public UUID transactionId;

    @Column(name = "transfer_details")
    public String transferDetails;

    @Column(name = "rejection_reason")
    public String rejectionReason;

    @Column(name = "failure_message")
    public String failureMessage;

    @Column(name = "usage_amount")
    public Long usageAmount;

    @Column(name = "usage_currency")
    public String usageCurrency;

    @Column(name = "usage_day")
    public java.time.LocalDate usageDay;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    public String wireId() {
        return IdType.AGENT_ACTION.wireId(id);
    }
}
