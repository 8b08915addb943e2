package payments.quote;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import payments.common.Currencies;
import payments.common.IdType;
import payments.common.JsonText;
import payments.transaction.PaymentTransaction;
import payments.transaction.TransactionStatus;
import payments.transaction.TransactionView;

import java.math.BigDecimal;

/** Renders a {@link Quote} in the wire's Quote shape. */
@ApplicationScoped
public class QuoteView {

    /**
     * The wire form. As in {@link TransactionView.TransactionResponse}, the nested documents are
     * written out as stored, except the source, which the service reads.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record QuoteResponse(String id, String status, String createdAt, String expiresAt, JsonNode source,
                                @JsonRawValue @Schema(type = SchemaType.OBJECT) String destination,
                                Currencies.Currency sendingCurrency,
                                Currencies.Currency receivingCurrency, long totalSendingAmount,
                                long totalReceivingAmount, BigDecimal exchangeRate, long feesIncluded,
                                long platformFeesIncluded,
                                @JsonRawValue @Schema(type = SchemaType.OBJECT) String paymentInstructions,
                                String transactionId,
                                @JsonRawValue @Schema(type = SchemaType.OBJECT) String counterpartyInformation,
                                @JsonRawValue @Schema(type = SchemaType.OBJECT) String rateDetails,
                                @JsonRawValue @Schema(type = SchemaType.OBJECT) String scaChallenge) {
    }

    private final JsonText json;

    public QuoteView(JsonText json) {
        this.json = json;
    }

    /** The quote; once executed its status follows its transaction's. */
    public QuoteResponse toWire(Quote quote, PaymentTransaction transaction) {
        String status = statusOf(quote, transaction);
        boolean awaitingSca = QuoteStatus.PENDING_AUTHORIZATION.name().equals(status);
        return new QuoteResponse(quote.wireId(), status, quote.createdAt.toString(), quote.expiresAt.toString(),
                json.read(quote.source), quote.destination,
                Currencies.require(quote.sendingCurrency), Currencies.require(quote.receivingCurrency),
                quote.totalSendingAmount, quote.totalReceivingAmount, TransactionView.plain(quote.exchangeRate),
                quote.feesIncluded, quote.platformFeesIncluded, awaitingSca ? null : quote.paymentInstructions,
                IdType.TRANSACTION.wireId(quote.transactionId), quote.counterpartyInformation, quote.rateDetails,
                awaitingSca ? quote.scaChallenge : null);
    }

    /** Payment statuses a PROCESSING quote answers as FAILED (GET /quotes filters by the same list). */
    static final java.util.List<String> FAILED_PAYMENTS = java.util.List.of(TransactionStatus.FAILED, TransactionStatus.REFUNDED,
            TransactionStatus.REJECTED);

    static String statusOf(Quote quote, PaymentTransaction transaction) {
        if (QuoteStatus.of(quote) != QuoteStatus.PROCESSING || transaction == null) {
            return quote.status;
        }
        if (TransactionStatus.COMPLETED.equals(transaction.status)) {
            return QuoteStatus.COMPLETED.name();
        }
        return FAILED_PAYMENTS.contains(transaction.status) ? QuoteStatus.FAILED.name() : QuoteStatus.PROCESSING.name();
    }
}
