package payments.transaction;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.RawTable;

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

    /** Every column, written and read: saving many transactions in one statement, reading one back (see {@link RawTable}). */
    public static final RawTable<PaymentTransaction> ROWS = RawTable.<PaymentTransaction>into("transactions")
            .uuid("id", t -> t.id, (t, v) -> t.id = v)
            .text("type", t -> t.type, (t, v) -> t.type = v)
            .text("direction", t -> t.direction, (t, v) -> t.direction = v)
            .text("status", t -> t.status, (t, v) -> t.status = v)
            .uuid("customer_id", t -> t.customerId, (t, v) -> t.customerId = v)
            .text("platform_customer_id", t -> t.platformCustomerId, (t, v) -> t.platformCustomerId = v)
            .uuid("quote_id", t -> t.quoteId, (t, v) -> t.quoteId = v)
            .text("source", t -> t.source, (t, v) -> t.source = v)
            .text("destination", t -> t.destination, (t, v) -> t.destination = v)
            .uuid("source_account_id", t -> t.sourceAccountId, (t, v) -> t.sourceAccountId = v)
            .uuid("destination_account_id", t -> t.destinationAccountId, (t, v) -> t.destinationAccountId = v)
            .text("sender_identifier", t -> t.senderIdentifier, (t, v) -> t.senderIdentifier = v)
            .text("receiver_identifier", t -> t.receiverIdentifier, (t, v) -> t.receiverIdentifier = v)
            .bigint("sent_amount", t -> t.sentAmount, (t, v) -> t.sentAmount = v)
            .text("sent_currency", t -> t.sentCurrency, (t, v) -> t.sentCurrency = v)
            .bigint("received_amount", t -> t.receivedAmount, (t, v) -> t.receivedAmount = v)
            .text("received_currency", t -> t.receivedCurrency, (t, v) -> t.receivedCurrency = v)
            .decimal("exchange_rate", t -> t.exchangeRate, (t, v) -> t.exchangeRate = v)
            .bigint("fees", t -> t.fees, (t, v) -> t.fees = v)
            .bigint("platform_fees", t -> t.platformFees, (t, v) -> t.platformFees = v)
            .text("description", t -> t.description, (t, v) -> t.description = v)
            .text("pending_reason", t -> t.pendingReason, (t, v) -> t.pendingReason = v)
            .uuid("rule_based_account_id", t -> t.ruleBasedAccountId, (t, v) -> t.ruleBasedAccountId = v)
            .uuid("agent_id", t -> t.agentId, (t, v) -> t.agentId = v)
            .text("failure_reason", t -> t.failureReason, (t, v) -> t.failureReason = v)
            .text("refund", t -> t.refund, (t, v) -> t.refund = v)
            .text("reference", t -> t.reference, (t, v) -> t.reference = v)
            .text("counterparty_information", t -> t.counterpartyInformation, (t, v) -> t.counterpartyInformation = v)
            .text("rate_details", t -> t.rateDetails, (t, v) -> t.rateDetails = v)
            .text("payment_rail", t -> t.paymentRail, (t, v) -> t.paymentRail = v)
            .text("approval_fields", t -> t.approvalFields, (t, v) -> t.approvalFields = v)
            .timestamp("approval_deadline", t -> t.approvalDeadline, (t, v) -> t.approvalDeadline = v)
            .text("receiver_customer_info", t -> t.receiverCustomerInfo, (t, v) -> t.receiverCustomerInfo = v)
            .timestamp("settled_at", t -> t.settledAt, (t, v) -> t.settledAt = v)
            .timestamp("receipt_delivery_confirmed_at", t -> t.receiptDeliveryConfirmedAt, (t, v) -> t.receiptDeliveryConfirmedAt = v)
            .timestamp("quote_expires_at", t -> t.quoteExpiresAt, (t, v) -> t.quoteExpiresAt = v)
            .timestamp("created_at", t -> t.createdAt, (t, v) -> t.createdAt = v)
            .timestamp("updated_at", t -> t.updatedAt, (t, v) -> t.updatedAt = v);

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

    /** The RULE_BASED account a swept deposit was paid into (the reference's ruleBasedAccountId). */
    @Column(name = "rule_based_account_id")
    public UUID ruleBasedAccountId;

    /** The agent that initiated the payment, for agent-initiated ones. */
    @Column(name = "agent_id")
    public UUID agentId;

    @Column(name = "failure_reason")
    public String failureReason;

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

    /**
     * The expiry of a quote kept in no quotes row (executed at once, served from this transaction:
     * see Quote.servedFrom); null otherwise.
     */
    @Column(name = "quote_expires_at")
    public Instant quoteExpiresAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /**
     * A transaction read with the raw client (not managed by any session): every column of
     * {@link #ROWS}, in its order (read by position: a lookup by name hashed the column names of
     * every result again, ~5% of a GET /transactions/{id} in the profile).
     */
    public static PaymentTransaction fromRow(Row row) {
        return ROWS.read(row, 0, PaymentTransaction::new);
    }

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

    /** The ExternalAccount wire id a source or destination document names, or null when it names none. */
    static String externalAccountIn(JsonNode side) {
        String id = side.path("accountId").asText(null);
        return Ids.isValid(IdType.EXTERNAL_ACCOUNT, id) ? id : null;
    }

    /** An incoming payment sent from a UMA address (every UMA address starts with "$"). */
    public boolean fromUma() {
        return !outgoing() && senderIdentifier != null && senderIdentifier.startsWith("$");
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
