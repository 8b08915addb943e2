package payments.card;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import payments.account.CardCapabilities;
import payments.common.IdType;
import payments.common.JsonText;
import payments.common.Money;

/** Renders cards and card transactions in their wire shapes. */
@ApplicationScoped
public class CardView {

    /** The wire's Card. The three limits are always present: null means no card-level cap. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CardResponse(String id, String customerId, String status, String statusReason, String form,
                               String fundingSource, String platformCardId, String brand, String last4, Integer expMonth,
                               Integer expYear, String currency,
                               @JsonInclude(JsonInclude.Include.ALWAYS) Long maxSpendPerTransaction,
                               @JsonInclude(JsonInclude.Include.ALWAYS) Long maxSpendPerDay,
                               @JsonInclude(JsonInclude.Include.ALWAYS) Integer maxTransactionsPerDay,
                               CardCapabilities cardCapabilities, String processorRef, String issuerRef,
                               String createdAt, String updatedAt) {
    }

    /** Where a card transaction happened, as the network reported it. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CardMerchant(String descriptor, String mcc, String country, String city, String state) {
    }

    /** Pulls from the funding account: how many, their total, how many are not confirmed yet. */
    public record PullSummary(int count, long totalAmount, int pendingCount) {
    }

    public record Summary(int count, long totalAmount) {
    }

    /** The wire's CardTransaction (type CARD in the transaction lists). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "CardTransaction")
    public record CardTransactionResponse(String type, String id, String cardId, String customerId,
                                          String platformCustomerId, String issuerTransactionToken, String status,
                                          String direction, CardMerchant merchant, Money authorizedAmount,
                                          Money settledAmount, Money refundedAmount, String accountId,
                                          PullSummary pullSummary, Summary refundSummary, Summary settlementSummary,
                                          String originalTransactionId, String cardDeclinedReason, String authorizedAt,
                                          String lastEventAt, String createdAt, String updatedAt) {
    }

    private final JsonText json;

    public CardView(JsonText json) {
        this.json = json;
    }

    public CardResponse toWire(Card card) {
        return new CardResponse(card.wireId(), IdType.CUSTOMER.wireId(card.customerId), card.status, card.statusReason,
                card.form, IdType.INTERNAL_ACCOUNT.wireId(card.fundingAccountId), card.platformCardId, card.brand, card.last4,
                card.expMonth, card.expYear, card.currency, card.maxSpendPerTransaction, card.maxSpendPerDay,
                card.maxTransactionsPerDay, capabilities(card), card.processorRef, card.issuerRef,
                card.createdAt.toString(), card.updatedAt.toString());
    }

    public CardCapabilities capabilities(Card card) {
        return json.read(card.capabilities, CardCapabilities.class);
    }

    public CardTransactionResponse toWire(CardTransaction t) {
        return new CardTransactionResponse("CARD", t.wireId(), IdType.CARD.wireId(t.cardId),
                IdType.CUSTOMER.wireId(t.customerId), t.platformCustomerId, t.issuerTransactionToken, t.status, t.direction,
                json.read(t.merchant, CardMerchant.class), Money.of(t.authorizedAmount, t.currency),
                Money.of(t.settledAmount, t.currency), Money.of(t.refundedAmount, t.currency),
                IdType.INTERNAL_ACCOUNT.wireId(t.accountId),
                new PullSummary(t.pullCount, t.pulledAmount + t.pendingPullAmount, t.pendingPullAmount > 0 ? 1 : 0),
                new Summary(t.refundCount, t.refundedAmount), new Summary(t.settlementCount, t.settledAmount),
                t.originalTransactionId == null ? null : IdType.CARD_TRANSACTION.wireId(t.originalTransactionId),
                t.declinedReason, t.authorizedAt.toString(), t.lastEventAt.toString(), t.createdAt.toString(),
                t.updatedAt.toString());
    }
}
