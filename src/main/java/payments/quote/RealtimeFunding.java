package payments.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.ServerClock;
import payments.common.schema.RequestSchemas;
import payments.transaction.PaymentLimits;
import payments.transaction.PaymentLifecycle;
import payments.transaction.TransactionView;

/** Realtime (JIT) funding: a quote runs when the money its paymentInstructions ask for arrives. */
@ApplicationScoped
public class RealtimeFunding {

    private final RequestSchemas schemas;
    private final QuoteExecution execution;
    private final PaymentLimits limits;
    private final PaymentLifecycle lifecycle;
    private final TransactionView transactionView;
    private final ServerClock clock;

    public RealtimeFunding(RequestSchemas schemas, QuoteExecution execution, PaymentLimits limits,
                           PaymentLifecycle lifecycle, TransactionView transactionView, ServerClock clock) {
        this.schemas = schemas;
        this.execution = execution;
        this.limits = limits;
        this.lifecycle = lifecycle;
        this.transactionView = transactionView;
        this.clock = clock;
    }

    /** A validated POST /sandbox/send body: the quote, the currency sent and, if given, the amount. */
    record FundsSent(String quoteId, String currency, Long amount) {
        static FundsSent of(ObjectNode request) {
            return new FundsSent(request.get("quoteId").asText(), request.get("currencyCode").asText(),
                    request.has("currencyAmount") ? request.get("currencyAmount").asLong() : null);
        }
    }

    /**
     * POST /sandbox/send: the payer's money arrives per a realtime-funded quote's instructions, in
     * the quote's currency and (if given) exactly its amount; the payment then runs like an executed one.
     */
    @WithTransaction
    public Uni<TransactionView.TransactionResponse> receiveRealtimeFunds(JsonNode body) {
        FundsSent sent = FundsSent.of(schemas.validate(body, "sandboxSend", (valid, errors) -> { }));
        return QuoteLookup.find(sent.quoteId(), true).flatMap(quote -> {
            if (!QuoteExecution.realtime(quote)) {
                throw ApiException.invalidField("quoteId", null, "Quote " + quote.wireId() + " is not funded in real time");
            }
            if (!sent.currency().equals(quote.sendingCurrency)) {
                throw ApiException.invalidField("currencyCode", null, "Must be the quote's sending currency " + quote.sendingCurrency);
            }
            if (sent.amount() != null && sent.amount() != quote.totalSendingAmount) {
                throw new ApiException(ErrorCode.INVALID_AMOUNT, "The quote expects exactly " + quote.totalSendingAmount);
            }
            execution.requireRunnable(quote);
            return execution.requireLiveParties(quote).flatMap(ignored -> QuoteLookup.transactionOf(quote, true))
                    .flatMap(t -> execution.submission(quote, t)
                            .call(() -> limits.countDailyVolume(PaymentLimits.Volume.of(t)))
                            .flatMap(submission -> {
                                QuoteStatus.move(quote, QuoteStatus.PROCESSING);
                                quote.updatedAt = clock.now();
                                return lifecycle.begin(t, submission);
                            })
                            .map(ignored -> transactionView.toWire(t)));
        });
    }
}
