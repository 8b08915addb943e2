package payments.transaction;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.IdType;
import payments.common.JsonText;
import payments.common.Money;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;

/** Renders a {@link PaymentTransaction} as the wire's IncomingTransaction or OutgoingTransaction. */
@ApplicationScoped
public class TransactionView {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record TransactionResponse(String id, String status, String type, String direction, JsonNode source,
                                      JsonNode destination, String customerId, String platformCustomerId,
                                      String pendingReason, Money sentAmount, Money receivedAmount,
                                      BigDecimal exchangeRate, Long fees, Long platformFees, String quoteId,
                                      String description, JsonNode refund, JsonNode counterpartyInformation,
                                      Map<String, String> reconciliationInstructions, JsonNode rateDetails,
                                      String paymentRail, String failureReason, String settledAt,
                                      String receiptDeliveryConfirmedAt, String createdAt, String updatedAt) {
    }

    private final JsonText json;

    public TransactionView(JsonText json) {
        this.json = json;
    }

    public TransactionResponse toWire(PaymentTransaction t) {
        boolean created = TransactionStatus.CREATED.equals(t.status);
        return new TransactionResponse(t.wireId(), t.status, t.type, t.direction, json.read(t.source),
                json.read(t.destination),
                t.customerId == null ? null : IdType.CUSTOMER.wireId(t.customerId), t.platformCustomerId,
                t.pendingReason,
                t.sentAmount == null ? null : Money.of(t.sentAmount, t.sentCurrency),
                t.receivedAmount == null ? null : Money.of(t.receivedAmount, t.receivedCurrency),
                t.exchangeRate == null ? null : plain(t.exchangeRate),
                created ? null : t.fees, t.outgoing() ? t.platformFees : null,
                t.quoteId == null ? null : IdType.QUOTE.wireId(t.quoteId), t.description,
                t.refund == null ? null : json.read(t.refund),
                t.counterpartyInformation == null ? null : json.read(t.counterpartyInformation),
                created || t.reference == null ? null : Map.of("reference", t.reference),
                t.rateDetails == null ? null : json.read(t.rateDetails), t.paymentRail, t.failureReason,
                text(t.settledAt), text(t.receiptDeliveryConfirmedAt), text(t.createdAt), text(t.updatedAt));
    }

    /** A rate as a plain JSON number without trailing zeros or exponent. */
    public static BigDecimal plain(BigDecimal rate) {
        return new BigDecimal(rate.stripTrailingZeros().toPlainString());
    }

    private static String text(Instant at) {
        return at == null ? null : at.toString();
    }
}
