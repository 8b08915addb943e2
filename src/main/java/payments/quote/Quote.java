package payments.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;
import payments.common.RawTable;
import payments.transaction.PaymentTransaction;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/** A locked rate and fee for one payment, and the state of its execution. */
@Entity
@Table(name = "quotes")
public class Quote extends PanacheEntityBase {

    /** Every column, for saving many quotes in one statement (see {@link RawTable}). */
    public static final RawTable<Quote> ROWS = RawTable.<Quote>into("quotes")
            .uuid("id", q -> q.id).text("status", q -> q.status).uuid("customer_id", q -> q.customerId).uuid("agent_id", q -> q.agentId)
            .uuid("transaction_id", q -> q.transactionId).text("source", q -> q.source).text("destination", q -> q.destination)
            .uuid("source_account_id", q -> q.sourceAccountId)
            .uuid("source_external_account_id", q -> q.sourceExternalAccountId)
            .uuid("destination_account_id", q -> q.destinationAccountId).uuid("external_account_id", q -> q.externalAccountId)
            .text("sending_currency", q -> q.sendingCurrency).text("receiving_currency", q -> q.receivingCurrency)
            .bigint("total_sending_amount", q -> q.totalSendingAmount)
            .bigint("total_receiving_amount", q -> q.totalReceivingAmount)
            .decimal("exchange_rate", q -> q.exchangeRate).bigint("fees_included", q -> q.feesIncluded)
            .bigint("platform_fees_included", q -> q.platformFeesIncluded).text("rate_details", q -> q.rateDetails)
            .text("payment_instructions", q -> q.paymentInstructions)
            .text("counterparty_information", q -> q.counterpartyInformation).text("request", q -> q.request)
            .text("sca_challenge", q -> q.scaChallenge).timestamp("expires_at", q -> q.expiresAt)
            .timestamp("created_at", q -> q.createdAt).timestamp("updated_at", q -> q.updatedAt);

    @Id
    public UUID id;

    /** The agent that created the quote through /agents/me/quotes; null for the platform's own quotes. */
    @Column(name = "agent_id")
    public UUID agentId;

    @Column(nullable = false)
    public String status;

    @Column(name = "customer_id")
    public UUID customerId;

    @Column(name = "transaction_id", nullable = false)
    public UUID transactionId;

    /** The wire's source object, JSON. */
    @Column(nullable = false)
    public String source;

    /** The wire's destination object, JSON. */
    @Column(nullable = false)
    public String destination;

    @Column(name = "source_account_id")
    public UUID sourceAccountId;

    @Column(name = "source_external_account_id")
    public UUID sourceExternalAccountId;

    @Column(name = "destination_account_id")
    public UUID destinationAccountId;

    @Column(name = "external_account_id")
    public UUID externalAccountId;

    @Column(name = "sending_currency", nullable = false)
    public String sendingCurrency;

    @Column(name = "receiving_currency", nullable = false)
    public String receivingCurrency;

    @Column(name = "total_sending_amount", nullable = false)
    public long totalSendingAmount;

    @Column(name = "total_receiving_amount", nullable = false)
    public long totalReceivingAmount;

    @Column(name = "exchange_rate", nullable = false)
    public BigDecimal exchangeRate;

    @Column(name = "fees_included", nullable = false)
    public long feesIncluded;

    @Column(name = "platform_fees_included", nullable = false)
    public long platformFeesIncluded;

    /** The wire's rateDetails object, JSON. */
    @Column(name = "rate_details", nullable = false)
    public String rateDetails;

    @Column(name = "payment_instructions")
    public String paymentInstructions;

    @Column(name = "counterparty_information")
    public String counterpartyInformation;

    /** What the caller asked for beyond the amounts: description, remittanceInformation, ... (JSON). */
    @Column(nullable = false)
    public String request;

    @Column(name = "sca_challenge")
    public String scaChallenge;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    public String wireId() {
        return IdType.QUOTE.wireId(id);
    }

    /**
     * Whether this quote may go unsaved, served from its transaction instead: it shares the
     * transaction's id, and {@link #servedFrom} that transaction gives back exactly this quote, its
     * documents byte for byte (GET answers them as stored) and what the caller asked beyond the
     * amounts (only a description, which the transaction keeps). Quotes with anything of their own
     * (payment instructions, an SCA challenge, an agent, an external account, remittance text) keep
     * their row.
     */
    public boolean servableFrom(PaymentTransaction t) {
        if (!id.equals(t.id) || !carriesItsOwnQuote(t) || t.quoteExpiresAt == null || agentId != null
                || paymentInstructions != null || scaChallenge != null) {
            return false;
        }
        Quote served = servedFrom(t);
        return status.equals(served.status) && Objects.equals(customerId, served.customerId)
                && source.equals(served.source) && destination.equals(served.destination) && request.equals(served.request)
                && Objects.equals(sourceAccountId, served.sourceAccountId) && sourceExternalAccountId == null
                && Objects.equals(destinationAccountId, served.destinationAccountId) && externalAccountId == null
                && sendingCurrency.equals(served.sendingCurrency) && receivingCurrency.equals(served.receivingCurrency)
                && totalSendingAmount == served.totalSendingAmount && totalReceivingAmount == served.totalReceivingAmount
                && exchangeRate.compareTo(served.exchangeRate) == 0 && feesIncluded == served.feesIncluded
                && platformFeesIncluded == served.platformFeesIncluded && rateDetails.equals(served.rateDetails)
                && Objects.equals(counterpartyInformation, served.counterpartyInformation)
                && expiresAt.equals(served.expiresAt) && createdAt.equals(served.createdAt);
    }

    /** Whether the transaction carries a quote that shares its id, kept in no row of its own (see {@link #servedFrom}). */
    public static boolean carriesItsOwnQuote(PaymentTransaction t) {
        return t.id.equals(t.quoteId);
    }

    /**
     * The quote a transaction carries without a quotes row (see {@link #servableFrom}), as it was
     * saved: PROCESSING, its status thereafter its transaction's. Not managed by any session. Its
     * documents list their fields in the order {@link QuoteCreateRequest}'s records declare them, so
     * a quote's answers are the same bytes whether it has a row or not.
     */
    public static Quote servedFrom(PaymentTransaction t) {
        Quote quote = new Quote();
        quote.id = t.quoteId;
        quote.status = QuoteStatus.PROCESSING.name();
        quote.customerId = t.customerId;
        quote.transactionId = t.id;
        ObjectNode source = JsonNodeFactory.instance.objectNode().put("sourceType", "ACCOUNT").put("accountId", t.senderIdentifier);
        if (t.customerId != null) {
            source.put("customerId", IdType.CUSTOMER.wireId(t.customerId));
        }
        quote.source = source.toString();
        ObjectNode destination = JsonNodeFactory.instance.objectNode().put("destinationType", "ACCOUNT")
                .put("accountId", t.receiverIdentifier);
        if (t.paymentRail != null) {
            destination.put("paymentRail", t.paymentRail);
        }
        quote.destination = destination.toString();
        ObjectNode request = JsonNodeFactory.instance.objectNode();
        if (t.description != null) {
            request.put("description", t.description);
        }
        quote.request = request.toString();
        quote.sourceAccountId = t.sourceAccountId;
        quote.destinationAccountId = t.destinationAccountId;
        quote.sendingCurrency = t.sentCurrency;
        quote.receivingCurrency = t.receivedCurrency;
        quote.totalSendingAmount = t.sentAmount;
        quote.totalReceivingAmount = t.receivedAmount;
        quote.exchangeRate = t.exchangeRate;
        quote.feesIncluded = t.fees;
        quote.platformFeesIncluded = t.platformFees;
        quote.rateDetails = t.rateDetails;
        quote.counterpartyInformation = t.counterpartyInformation;
        quote.expiresAt = t.quoteExpiresAt;
        quote.createdAt = t.createdAt;
        quote.updatedAt = t.createdAt;
        return quote;
    }
}
