package payments.transaction;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/** A payment as the platform sees it (the wire's Transaction): incoming or outgoing, with its status. */
@Entity
@Table(name = "transactions")
public class PaymentTransaction extends PanacheEntityBase {

    public static final String INCOMING = "INCOMING";
    public static final String OUTGOING = "OUTGOING";
    public static final String CREDIT = "CREDIT";
    public static final String DEBIT = "DEBIT";

    @Id
    public UUID id;

    @Column(nullable = false)
    public String type;

    @Column(nullable = false)
    public String direction;

    @Column(nullable = false)
    public String status;

    @Column(name = "customer_id")
    public UUID customerId;

    @Column(name = "platform_customer_id")
    public String platformCustomerId;

    @Column(name = "quote_id")
    public UUID quoteId;

    /** The wire's source object, JSON. */
    @Column(nullable = false)
    public String source;

    /** The wire's destination object, JSON. */
    @Column(nullable = false)
    public String destination;

    @Column(name = "source_account_id")
    public UUID sourceAccountId;

    @Column(name = "destination_account_id")
    public UUID destinationAccountId;

    @Column(name = "sender_identifier")
    public String senderIdentifier;

    @Column(name = "receiver_identifier")
    public String receiverIdentifier;

    @Column(name = "sent_amount")
    public Long sentAmount;

    @Column(name = "sent_currency")
    public String sentCurrency;

    @Column(name = "received_amount")
    public Long receivedAmount;

    @Column(name = "received_currency")
    public String receivedCurrency;

    @Column(name = "exchange_rate")
    public BigDecimal exchangeRate;

    public Long fees;

    @Column(name = "platform_fees")
    public Long platformFees;

    public String description;

    @Column(name = "pending_reason")
    public String pendingReason;

    @Column(name = "failure_reason")
    public String failureReason;

    @Column(name = "rail_outcome")
    public String railOutcome;

    /** The wire's Refund object, JSON. */
    public String refund;

    public String reference;

    @Column(name = "counterparty_information")
    public String counterpartyInformation;

    @Column(name = "rate_details")
    public String rateDetails;

    @Column(name = "payment_rail")
    public String paymentRail;

    /**
     * Incoming payments that wait for the platform's approval: the receiver fields the sender's
     * side asked for (JSON array of {name, mandatory}); null on payments nobody approves.
     */
    @Column(name = "approval_fields")
    public String approvalFields;

    /** When the platform answered the approval call with 202: the moment its decision is too late. */
    @Column(name = "approval_deadline")
    public Instant approvalDeadline;

    /** The receiver information the platform gave with its approval, JSON. */
    @Column(name = "receiver_customer_info")
    public String receiverCustomerInfo;

    @Column(name = "settled_at")
    public Instant settledAt;

    @Column(name = "receipt_delivery_confirmed_at")
    public Instant receiptDeliveryConfirmedAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /** A new transaction with its id, reconciliation reference and timestamps set. */
    public static PaymentTransaction start(String type, String direction, String status, Instant now) {
        PaymentTransaction t = new PaymentTransaction();
        t.id = payments.common.Ids.newUuid();
        t.type = type;
        t.direction = direction;
        t.status = status;
        t.reference = t.shortReference("REF-");
        t.createdAt = now;
        t.updatedAt = now;
        return t;
    }

    /**
     * A reference for memos and refunds: the prefix and the random tail of the time-ordered id,
     * unique enough to find the payment by, short enough for a bank memo.
     */
    public String shortReference(String prefix) {
        return prefix + id.toString().substring(24).toUpperCase();
    }

    public String wireId() {
        return IdType.TRANSACTION.wireId(id);
    }

    public boolean outgoing() {
        return OUTGOING.equals(type);
    }

    /**
     * An incoming credit of an internal account that arrives as it was sent: same currency, no
     * conversion, no fees.
     */
    public void creditsAsSent(UUID accountId, String accountWireId, long amount, String currency) {
        destinationAccountId = accountId;
        receiverIdentifier = accountWireId;
        sentAmount = amount;
        sentCurrency = currency;
        receivedAmount = amount;
        receivedCurrency = currency;
        exchangeRate = BigDecimal.ONE;
        fees = 0L;
    }

    /** An incoming payment still waiting for the platform to approve or reject it. */
    public boolean awaitsApproval() {
        return INCOMING.equals(type) && TransactionStatus.PENDING.equals(status) && approvalFields != null;
    }
}
