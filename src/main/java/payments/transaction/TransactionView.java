package payments.transaction;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import payments.common.IdType;
import payments.common.Money;

import payments.common.JsonText;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;

/** Renders a {@link PaymentTransaction} as the wire's IncomingTransaction or OutgoingTransaction. */
@ApplicationScoped
public class TransactionView {

    private final JsonText json;

    public TransactionView(JsonText json) {
        this.json = json;
    }

    /**
     * The wire form. The nested documents are kept as stored (JSON this server wrote) and written
     * out verbatim: a payment is rendered several times as it moves (its answer and an event per
     * state), and parsing its documents for each rendering was a measurable share of a transfer.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record TransactionResponse(String id, String status, String type, String direction,
                                      @JsonRawValue @Schema(type = SchemaType.OBJECT) String source,
                                      @JsonRawValue @Schema(type = SchemaType.OBJECT) String destination,
                                      // Required by the interface: null for the platform's own accounts, never left out.
                                      @JsonInclude(JsonInclude.Include.ALWAYS) String customerId,
                                      @JsonInclude(JsonInclude.Include.ALWAYS) String platformCustomerId,
                                      String pendingReason, Money sentAmount, Money receivedAmount,
                                      BigDecimal exchangeRate, Long fees, Long platformFees, String quoteId,
                                      String description, @JsonRawValue @Schema(type = SchemaType.OBJECT) String refund,
                                      @JsonRawValue @Schema(type = SchemaType.OBJECT) String counterpartyInformation,
                                      Map<String, String> reconciliationInstructions,
                                      @JsonRawValue @Schema(type = SchemaType.OBJECT) String rateDetails,
                                      String paymentRail, String failureReason, String settledAt,
                                      String receiptDeliveryConfirmedAt, String ruleBasedAccountId, String agentId,
                                      String createdAt, String updatedAt) {
    }

    public TransactionResponse toWire(PaymentTransaction t) {
        boolean created = TransactionStatus.CREATED.equals(t.status);
        return new TransactionResponse(t.wireId(), t.status, t.type, t.direction, t.source, t.destination,
                t.customerId == null ? null : IdType.CUSTOMER.wireId(t.customerId), t.platformCustomerId,
                t.pendingReason,
                t.sentAmount == null ? null : Money.of(t.sentAmount, t.sentCurrency),
                t.receivedAmount == null ? null : Money.of(t.receivedAmount, t.receivedCurrency),
                t.exchangeRate == null ? null : plain(t.exchangeRate),
                created ? null : t.fees, t.outgoing() ? t.platformFees : null,
                t.quoteId == null ? null : IdType.QUOTE.wireId(t.quoteId), t.description,
                t.refund, t.counterpartyInformation,
                created || t.reference == null ? null : reconciliation(t),
                t.rateDetails, t.paymentRail, t.failureReason,
                text(t.settledAt), text(t.receiptDeliveryConfirmedAt),
                t.ruleBasedAccountId == null ? null : IdType.INTERNAL_ACCOUNT.wireId(t.ruleBasedAccountId),
                t.agentId == null ? null : IdType.AGENT.wireId(t.agentId), text(t.createdAt), text(t.updatedAt));
    }

    /**
     * The reference, and for a wallet transfer that settled on chain its transaction hash: the
     * field Versioning keeps working for wallet transfers, deprecated in favour of the destination's
     * (a payout) or the source's (crypto deposited) onChainTransaction. Read only when one carries
     * it (a substring test first: no parse for every other rendering).
     */
    private Map<String, String> reconciliation(PaymentTransaction t) {
        String leg = carriesOnChain(t.destination) ? t.destination : carriesOnChain(t.source) ? t.source : null;
        if (leg == null) {
            return Map.of("reference", t.reference);
        }
        String hash = json.read(leg).path("onChainTransaction").path("transactionHash").asText();
        return Map.of("reference", t.reference, "transactionHash", hash);
    }

    private static boolean carriesOnChain(String leg) {
        return leg != null && leg.contains("\"onChainTransaction\"");
    }

    /** A rate as a plain JSON number without trailing zeros or exponent. */
    public static BigDecimal plain(BigDecimal rate) {
        return new BigDecimal(rate.stripTrailingZeros().toPlainString());
    }

    private static String text(Instant at) {
        return at == null ? null : at.toString();
    }
}
