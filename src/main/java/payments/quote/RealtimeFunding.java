package payments.quote;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.AccountInfoRules;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.Sha256;
import payments.common.schema.RequestSchemas;
import payments.transaction.Deposits;
import payments.transaction.PaymentLifecycle;
import payments.transaction.PaymentLimits;
import payments.transaction.PaymentRail;
import payments.transaction.PaymentTransaction;
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
    private final JsonText json;

    public RealtimeFunding(RequestSchemas schemas, QuoteExecution execution, PaymentLimits limits,
                           PaymentLifecycle lifecycle, TransactionView transactionView, ServerClock clock, JsonText json) {
        this.json = json;
        this.schemas = schemas;
        this.execution = execution;
        this.limits = limits;
        this.lifecycle = lifecycle;
        this.transactionView = transactionView;
        this.clock = clock;
    }

    /** The body of POST /sandbox/send: the quote, the currency sent and, if given, the amount. */
    public record FundsSent(String quoteId, String currencyCode, Long currencyAmount) {
    }

    /**
     * POST /sandbox/send: the payer's money arrives per a realtime-funded quote's instructions, in
     * the quote's currency and (if given) exactly its amount; the payment then runs like an executed one.
     */
    @WithTransaction
    public Uni<TransactionView.TransactionResponse> receiveRealtimeFunds(JsonBody<FundsSent> body) {
        FundsSent sent = body.checked(schemas.get("sandboxSend")).valid();
        return QuoteLookup.find(sent.quoteId(), true)
                .flatMap(quote -> accept(quote, sent.currencyCode(), sent.currencyAmount()))
                .invoke(this::recordSandboxChain)
                .flatMap(this::run)
                .map(transactionView::toWire);
    }

    /**
     * Crypto sent to the deposit address of the quote's paymentInstructions arrived on chain: the
     * payment's source names that transaction (the reference's REALTIME_FUNDING {@code onChainTransaction}).
     */
    private void recordSandboxChain(Arrival arrival) {
        PaymentTransaction t = arrival.payment();
        String instructions = arrival.quote().paymentInstructions;
        String accountType = instructions == null ? ""
                : json.read(instructions).path(0).path("accountOrWalletInfo").path("accountType").asText("");
        AccountInfoRules.onChainNetwork(accountType).ifPresent(network -> {
            ObjectNode source = (ObjectNode) json.read(t.source);
            source.putPOJO(Deposits.OnChain.FIELD, new Deposits.OnChain(Sha256.hex("sandbox-deposit:" + t.id), network).wire());
            t.source = json.write(source);
        });
    }

    /** Funds that passed every check of their quote: its payment, locked, and what its rail is handed (null for an internal payee). */
    public record Arrival(Quote quote, PaymentTransaction payment, PaymentRail.Submission submission) {
    }

    /**
     * The checks money arriving for a quote must pass, before anything is written: the quote is
     * funded in real time, still runnable, its parties live, the money in its sending currency and
     * (when the rail says) exactly its amount, room in the payer's daily volume, a payee the rail can
     * pay. Fails with the reason otherwise.
     */
    public Uni<Arrival> accept(Quote quote, String currency, Long amount) {
        if (!QuoteExecution.realtime(quote)) {
            throw ApiException.invalidField("quoteId", null, "Quote " + quote.wireId() + " is not funded in real time");
        }
        if (!currency.equals(quote.sendingCurrency)) {
            throw ApiException.invalidField("currencyCode", null, "Must be the quote's sending currency " + quote.sendingCurrency);
        }
        if (amount != null && amount != quote.totalSendingAmount) {
            throw new ApiException(ErrorCode.INVALID_AMOUNT, "The quote expects exactly " + quote.totalSendingAmount);
        }
        execution.requireRunnable(quote);
        return execution.requireLiveParties(quote).flatMap(ignored -> QuoteLookup.transactionOf(quote, true))
                .call(t -> limits.requireDailyVolumeRoom(PaymentLimits.Volume.of(t)))
                .flatMap(t -> execution.submission(quote, t).map(submission -> new Arrival(quote, t, submission)));
    }

    /** The accepted funds start the payment, as an execution would. */
    public Uni<PaymentTransaction> run(Arrival arrival) {
        PaymentTransaction t = arrival.payment();
        return limits.countDailyVolume(PaymentLimits.Volume.of(t))
                .flatMap(ignored -> {
                    QuoteStatus.move(arrival.quote(), QuoteStatus.PROCESSING);
                    arrival.quote().updatedAt = clock.now();
                    return lifecycle.begin(t, arrival.submission());
                })
                .replaceWith(t);
    }

    /** The quote whose id ends in these twelve hex digits, its funding reference's (locked), or null. */
    public Uni<Quote> byReference(String referenceDigits) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery(
                        "SELECT * FROM quotes WHERE right(id::text, 12) = ?1 LIMIT 2 FOR UPDATE", Quote.class)
                .setParameter(1, referenceDigits).getResultList())
                .map(found -> found.size() == 1 ? found.get(0) : null);
    }
}
