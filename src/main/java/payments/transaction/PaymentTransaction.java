package payments.transaction;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.persistence.Table;
import payments.common.IdType;
import payments.common.RowsInsert;
import payments.common.Times;

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

    /** Every column, for saving many transactions in one statement (see {@link RowsInsert}). */
    public static final RowsInsert<PaymentTransaction> ROWS = RowsInsert.<PaymentTransaction>into("transactions")
            .uuid("id", t -> t.id).text("type", t -> t.type).text("direction", t -> t.direction)
            .text("status", t -> t.status).uuid("customer_id", t -> t.customerId)
            .text("platform_customer_id", t -> t.platformCustomerId).uuid("quote_id", t -> t.quoteId)
            .text("source", t -> t.source).text("destination", t -> t.destination)
            .uuid("source_account_id", t -> t.sourceAccountId).uuid("destination_account_id", t -> t.destinationAccountId)
            .text("sender_identifier", t -> t.senderIdentifier).text("receiver_identifier", t -> t.receiverIdentifier)
            .bigint("sent_amount", t -> t.sentAmount).text("sent_currency", t -> t.sentCurrency)
            .bigint("received_amount", t -> t.receivedAmount).text("received_currency", t -> t.receivedCurrency)
            .decimal("exchange_rate", t -> t.exchangeRate).bigint("fees", t -> t.fees)
            .bigint("platform_fees", t -> t.platformFees).text("description", t -> t.description)
            .text("pending_reason", t -> t.pendingReason).text("failure_reason", t -> t.failureReason)
            .text("rail_outcome", t -> t.railOutcome).text("refund", t -> t.refund).text("reference", t -> t.reference)
            .text("counterparty_information", t -> t.counterpartyInformation).text("rate_details", t -> t.rateDetails)
            .text("payment_rail", t -> t.paymentRail).text("approval_fields", t -> t.approvalFields)
            .timestamp("approval_deadline", t -> t.approvalDeadline)
            .text("receiver_customer_info", t -> t.receiverCustomerInfo).timestamp("settled_at", t -> t.settledAt)
            .timestamp("receipt_delivery_confirmed_at", t -> t.receiptDeliveryConfirmedAt)
            .timestamp("created_at", t -> t.createdAt).timestamp("updated_at", t -> t.updatedAt);

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

    /**
     * A transaction read with the raw client (not managed by any session): every column of
     * {@link #ROWS}, in its order (read by position: a lookup by name hashed the column names of
     * every result again, ~5% of a GET /transactions/{id} in the profile).
     */
    public static PaymentTransaction fromRow(Row row) {
        PaymentTransaction t = new PaymentTransaction();
        int i = 0;
        t.id = row.getUUID(i++);
        t.type = row.getString(i++);
        t.direction = row.getString(i++);
        t.status = row.getString(i++);
        t.customerId = row.getUUID(i++);
        t.platformCustomerId = row.getString(i++);
        t.quoteId = row.getUUID(i++);
        t.source = row.getString(i++);
        t.destination = row.getString(i++);
        t.sourceAccountId = row.getUUID(i++);
        t.destinationAccountId = row.getUUID(i++);
        t.senderIdentifier = row.getString(i++);
        t.receiverIdentifier = row.getString(i++);
        t.sentAmount = row.getLong(i++);
        t.sentCurrency = row.getString(i++);
        t.receivedAmount = row.getLong(i++);
        t.receivedCurrency = row.getString(i++);
        t.exchangeRate = row.getBigDecimal(i++);
        t.fees = row.getLong(i++);
        t.platformFees = row.getLong(i++);
        t.description = row.getString(i++);
        t.pendingReason = row.getString(i++);
        t.failureReason = row.getString(i++);
        t.railOutcome = row.getString(i++);
        t.refund = row.getString(i++);
        t.reference = row.getString(i++);
        t.counterpartyInformation = row.getString(i++);
        t.rateDetails = row.getString(i++);
        t.paymentRail = row.getString(i++);
        t.approvalFields = row.getString(i++);
        t.approvalDeadline = Times.instant(row.getOffsetDateTime(i++));
        t.receiverCustomerInfo = row.getString(i++);
        t.settledAt = Times.instant(row.getOffsetDateTime(i++));
        t.receiptDeliveryConfirmedAt = Times.instant(row.getOffsetDateTime(i++));
        t.createdAt = Times.instant(row.getOffsetDateTime(i++));
        t.updatedAt = Times.instant(row.getOffsetDateTime(i));
        return t;
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
