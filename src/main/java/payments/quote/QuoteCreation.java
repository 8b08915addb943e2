package payments.quote;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.AccountLookup;
import payments.account.FundingAccounts;
import payments.account.InternalAccount;
import payments.wallet.WalletPayments;
import payments.account.InternalAccountService;
import payments.account.InternalAccountStore;
import payments.common.ApiResult;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Idempotency.Answer;
import payments.common.Idempotency.Claim;
import payments.common.Idempotency;
import payments.common.Ids;
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.Currencies;
import payments.common.schema.JsonSchema;
import payments.common.RawTable;
import payments.common.Regions;
import payments.common.ServerClock;
import payments.common.jobs.Jobs;
import payments.common.schema.RequestSchemas;
import payments.customer.Customer;
import payments.quote.QuotePricing.Mode;
import payments.quote.QuotePricing.Payee;
import payments.quote.QuotePricing.Payer;
import payments.quote.QuotePricing.Priced;
import payments.quote.QuoteView.QuoteResponse;
import payments.transaction.PaymentBatcher;
import payments.transaction.PaymentLimits;
import payments.transaction.PaymentTransaction;
import payments.transaction.PaymentLifecycle;
import payments.transaction.TransactionStatus;
import payments.transaction.TransactionView;
import payments.webhook.WebhookEvent;
import payments.webhook.EventType;
import payments.webhook.WebhookPublisher;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiConsumer;

/**
 * Creating a quote (POST /quotes): validated, priced, saved with its PENDING transaction, and with
 * immediatelyExecute executed in the same request. A transfer between two internal accounts
 * executed at once goes through the {@link PaymentBatcher} and settles in that commit.
 */
@ApplicationScoped
public class QuoteCreation {

    private final JsonSchema schema;
    private final FundingAccounts fundingAccounts;
    private final QuotePricing pricing;
    private final QuoteExecution execution;
    private final ScaChallenges challenges;
    private final InternalAccountService internalAccounts;
    private final InternalAccountStore accountStore;
    private final PaymentBatcher batcher;
    private final Idempotency idempotency;
    private final PaymentLifecycle lifecycle;
    private final Jobs jobs;
    private final WebhookPublisher webhooks;
    private final QuoteView view;
    private final TransactionView transactionView;
    private final JsonText json;
    private final ServerClock clock;
    private final FxConfig config;
    private final WalletPayments walletPayments;

    public QuoteCreation(RequestSchemas schemas, QuotePricing pricing, QuoteExecution execution,
                         ScaChallenges challenges, InternalAccountService internalAccounts, InternalAccountStore accountStore, PaymentBatcher batcher,
                         Idempotency idempotency, PaymentLifecycle lifecycle, Jobs jobs, WebhookPublisher webhooks,
                         QuoteView view, TransactionView transactionView, JsonText json, ServerClock clock,
                         FxConfig config, WalletPayments walletPayments, FundingAccounts fundingAccounts) {
        this.fundingAccounts = fundingAccounts;
        this.walletPayments = walletPayments;
        this.schema = schemas.get("quoteCreate");
        this.pricing = pricing;
        this.execution = execution;
        this.challenges = challenges;
        this.internalAccounts = internalAccounts;
        this.accountStore = accountStore;
        this.batcher = batcher;
        this.idempotency = idempotency;
        this.lifecycle = lifecycle;
        this.jobs = jobs;
        this.webhooks = webhooks;
        this.view = view;
        this.transactionView = transactionView;
        this.json = json;
        this.clock = clock;
        this.config = config;
    }

    private static final int MAX_DESCRIPTION = 1024;

    /** A new quote with its transaction. */
    record Created(Quote quote, PaymentTransaction transaction) {
    }

    /**
     * POST /quotes; the answer is stored under the claim (null without a key) in the commit that
     * saves the quote. A transfer between two internal accounts executed at once goes through the
     * {@link PaymentBatcher} and settles in that commit; everything else runs in its own transaction.
     */
    public Uni<Answer> create(JsonBody<QuoteCreateRequest> body, Claim claim) {
        QuoteRequest request = QuoteRequest.of(checked(body, QuoteCreation::noMoreRules));
        if (!request.immediatelyExecute() || request.lookupId() != null || !request.betweenInternalAccounts()) {
            return createInTransaction(request, claim);
        }
        return accountStore.preload(request.sourceAccountId(), request.destinationAccountId())
                .flatMap(accounts -> prepareAtOnce(request, claim, accounts))
                .flatMap(payment -> payment == null ? createInTransaction(request, claim) : batcher.submit(payment));
    }

    private static void noMoreRules(QuoteCreateRequest request, List<FieldError> errors) {
    }

    /** The body checked all at once: the interface's schema, the quote's rules, then {@code more} (the caller's own). */
    public QuoteCreateRequest checked(JsonBody<QuoteCreateRequest> body, BiConsumer<QuoteCreateRequest, List<FieldError>> more) {
        return body.checked(schema).valid((request, errors) -> {
            checkRules(request, errors);
            more.accept(request, errors);
        });
    }

    /**
     * POST /agents/me/quotes, in the caller's transaction: a quote an agent made for its customer,
     * marked as the agent's. It never executes at once: the agent's execute call is checked against
     * its policy first.
     */
    public Uni<QuoteResponse> createForAgent(QuoteCreateRequest body, UUID agentId) {
        if (body.executesAtOnce()) {
            throw payments.common.ApiException.invalidField("immediatelyExecute", null, "An agent executes a quote with POST"
                    + " /agents/me/quotes/{quoteId}/execute, where its policy is checked");
        }
        return createForAgent(body, Mode.QUOTE, agentId).map(created -> view.toWire(created.quote(), created.transaction()));
    }

    /** An agent's quote or transfer, priced in {@code mode} and marked as the agent's, not executed. */
    Uni<Created> createForAgent(QuoteCreateRequest body, Mode mode, UUID agentId) {
        return create(body, mode).invoke(created -> {
            created.quote().agentId = agentId;
            created.transaction().agentId = agentId;
        });
    }

    private Uni<Answer> createInTransaction(QuoteRequest request, Claim claim) {
        return Panache.withTransaction(() -> create(request, Mode.QUOTE)
                .map(created -> idempotency.answer(result(view.toWire(created.quote(), created.transaction()))))
                .call(answer -> idempotency.storeWithEffects(claim, answer)));
    }

    /** 202 for a realtime-funded quote that awaits Strong Customer Authentication before it shows where to pay. */
    private static ApiResult result(QuoteResponse quote) {
        boolean awaitsSca = "PENDING_AUTHORIZATION".equals(quote.status())
                && "REALTIME_FUNDING".equals(quote.source().path("sourceType").asText());
        return new ApiResult(awaitsSca ? 202 : 201, quote);
    }

    /**
     * The quote, its payment executed and settled, as one batch entry; null when the payment
     * needs more than the batch does (Strong Customer Authentication, a platform fee to credit).
     */
    private Uni<PaymentBatcher.Payment> prepareAtOnce(QuoteRequest request, Claim claim, AccountLookup accounts) {
        return pricing.resolve(request, Mode.QUOTE, accounts).map(resolved -> {
            Payer payer = resolved.payer();
            Priced priced = resolved.priced();
            if ((payer.customer() != null && Regions.requiresSca(payer.customer().region))
                    || priced.amounts().platformFeesIncluded() != 0) {
                return null;
            }
            Instant now = clock.now();
            PaymentTransaction t = paymentOf(request, payer, resolved.payee(), priced, now);
            // Sharing the transaction's id, the quote can be served from it: no quotes row (issue 48).
            Quote quote = quoteOf(request, payer, resolved.payee(), priced, t, now, t.id);
            WebhookEvent pending = webhooks.dispatched(EventType.OUTGOING_PAYMENT_PENDING, transactionView.toWire(t));
            QuoteStatus.move(quote, QuoteStatus.PROCESSING);
            WebhookEvent processing = lifecycle.processingAtOnce(t);
            // The execute call answers the payment as it starts (PROCESSING); the completion event follows.
            Answer answer = idempotency.answer(result(view.toWire(quote, t)));
            PaymentLifecycle.SettledAtOnce settled = lifecycle.completeAtOnce(t, processing);
            t.quoteExpiresAt = quote.expiresAt;
            RawTable.Rows rows = new RawTable.Rows().add(PaymentTransaction.ROWS, t);
            if (!quote.servableFrom(t)) {
                t.quoteExpiresAt = null;
                rows.add(Quote.ROWS, quote);
            }
            webhooks.rows().add(rows, pending);
            settled.events().forEach(event -> webhooks.rows().add(rows, event));
            return new PaymentBatcher.Payment(settled.journals(), PaymentLimits.Volume.of(t), rows, claim, answer);
        });
    }

    /** Prices, saves and (with immediatelyExecute) executes a checked quote request. */
    Uni<Created> create(QuoteCreateRequest body, Mode mode) {
        return create(QuoteRequest.of(body), mode);
    }

    private Uni<Created> create(QuoteRequest request, Mode mode) {
        return pricing.resolve(request, mode, internalAccounts.inSession()).flatMap(resolved -> pricing.platformFeeAccount(resolved.priced())
                .flatMap(ignored -> persist(request, resolved.payer(), resolved.payee(), resolved.priced()))
                .call(created -> request.immediatelyExecute()
                        ? execution.execute(created.quote(), created.transaction(), request.scaFactor(), null)
                        : Uni.createFrom().voidItem()));
    }

    /** The quote's rules beyond its schema; a field the schema refused is null here. */
    private static void checkRules(QuoteCreateRequest request, List<FieldError> errors) {
        if (request.description() != null && request.description().length() > MAX_DESCRIPTION) {
            errors.add(new FieldError("description", FieldError.Constraint.length(null, MAX_DESCRIPTION),
                    "Must be at most " + MAX_DESCRIPTION + " characters"));
        }
        ScaChallenges.checkScaFactor(request.scaFactor(), errors);
        QuoteCreateRequest.Source source = request.source();
        if (source != null && source.realtime()) {
            String currency = source.currency();
            if (currency != null && !Currencies.isKnown(currency)) {
                errors.add(FieldError.of("source.currency", "Not a supported currency"));
            } else if (currency != null && Currencies.isCrypto(currency) && source.cryptoNetwork() == null) {
                errors.add(FieldError.of("source.cryptoNetwork", "Is required to fund in " + currency));
            }
            if (request.executesAtOnce()) {
                errors.add(FieldError.of("immediatelyExecute",
                        "A realtime-funded quote runs when its funds arrive; it cannot be executed immediately"));
            }
        }
        if (request.destination() != null && request.destination().uma() && request.lookupId() == null) {
            errors.add(FieldError.of("lookupId", "Is required for a UMA destination: look the receiver up first"));
        }
        QuoteCreateRequest.FeeOverride override = request.platformFeeOverride();
        if (override != null && override.platformFixedFee() != null && !"USD".equals(override.platformFixedFee().currency())) {
            errors.add(FieldError.of("platformFeeOverride.platformFixedFee.currency",
                    "Must be the source currency; platform fee overrides are accepted for USD sources only"));
        }
    }

    private Uni<Created> persist(QuoteRequest request, Payer payer, Payee payee, Priced priced) {
        Instant now = clock.now();
        PaymentTransaction t = paymentOf(request, payer, payee, priced, now);
        Quote quote = quoteOf(request, payer, payee, priced, t, now, Ids.newUuid());
        return t.persist()
                .call(() -> quote.persist())
                .call(() -> jobs.enqueue(QuoteExpiry.TYPE, quote.id.toString(), quote.expiresAt))
                .call(() -> t.outgoing() ? webhooks.publish(EventType.OUTGOING_PAYMENT_PENDING, transactionView.toWire(t))
                        : Uni.createFrom().voidItem())
                .call(() -> payer.realtime() && payer.customer() != null && Regions.requiresSca(payer.customer().region)
                        ? challenges.challenge(quote, t, request.scaFactor()) : Uni.createFrom().voidItem())
                .replaceWith(new Created(quote, t));
    }

    /** The payment the quote prices, PENDING until executed. */
    private PaymentTransaction paymentOf(QuoteRequest request, Payer payer, Payee payee, Priced priced, Instant now) {
        QuoteMath.Amounts amounts = priced.amounts();
        // A pull brings money in: for the holder it is an incoming credit.
        PaymentTransaction t = payer.pull()
                ? PaymentTransaction.start(PaymentTransaction.INCOMING, PaymentTransaction.CREDIT, TransactionStatus.PENDING, now)
                : PaymentTransaction.start(PaymentTransaction.OUTGOING, PaymentTransaction.DEBIT, TransactionStatus.PENDING, now);
        t.customerId = payer.customerId();
        t.platformCustomerId = payer.customer() == null ? null : payer.customer().platformCustomerId;
        t.source = json.write(payer.realtime() ? realtimeSource(payer) : Map.of("sourceType", "ACCOUNT", "accountId", payer.wireId(),
                "currency", priced.sending()));
        t.destination = json.write(payee.wire());
        t.sourceAccountId = payer.account() == null ? null : payer.account().id;
        t.destinationAccountId = payee.internal() == null ? null : payee.internal().id;
        t.senderIdentifier = payer.wireId();
        t.receiverIdentifier = payee.wireId();
        t.sentAmount = amounts.totalSending();
        t.sentCurrency = priced.sending();
        t.receivedAmount = amounts.totalReceiving();
        t.receivedCurrency = priced.receiving();
        t.exchangeRate = priced.rate();
        t.fees = amounts.feesIncluded();
        t.platformFees = amounts.platformFeesIncluded();
        t.description = request.description();
        t.paymentRail = payee.paymentRail();
        t.rateDetails = json.write(rateDetails(priced));
        t.counterpartyInformation = payee.counterparty() == null ? null : json.write(payee.counterparty());
        return t;
    }

    private Quote quoteOf(QuoteRequest request, Payer payer, Payee payee, Priced priced, PaymentTransaction t, Instant now, UUID id) {
        QuoteMath.Amounts amounts = priced.amounts();
        Quote quote = new Quote();
        quote.id = id;
        t.quoteId = quote.id;
        QuoteStatus.move(quote, QuoteStatus.PENDING);
        quote.customerId = payer.customerId();
        quote.transactionId = t.id;
        quote.source = json.write(payer.customer() == null ? request.sourceAsSent()
                : request.sourceAsSent().forCustomer(IdType.CUSTOMER.wireId(payer.customerId())));
        quote.destination = json.write(request.destinationAsSent());
        quote.sourceAccountId = t.sourceAccountId;
        if (payer.realtime()) {
            // Where and with which reference to send the money: derived from the quote, so unique to it.
            quote.paymentInstructions = json.write(fundingAccounts.instructions(quote.id, priced.sending(), "Payments Platform"));
        }
        if (payer.account() != null && InternalAccount.EMBEDDED_WALLET.equals(payer.account().type)) {
            quote.paymentInstructions = json.write(walletPayments.paymentInstructions(new WalletPayments.Terms(quote.wireId(),
                    payer.account(), quote.destination, amounts.totalSending(), priced.sending(), amounts.totalReceiving(),
                    priced.receiving())));
        }
        quote.sourceExternalAccountId = payer.pull() ? payer.pullFrom().id : null;
        quote.destinationAccountId = t.destinationAccountId;
        quote.externalAccountId = payee.external() == null ? null : payee.external().id;
        quote.sendingCurrency = priced.sending();
        quote.receivingCurrency = priced.receiving();
        quote.totalSendingAmount = amounts.totalSending();
        quote.totalReceivingAmount = amounts.totalReceiving();
        quote.exchangeRate = priced.rate();
        quote.feesIncluded = amounts.feesIncluded();
        quote.platformFeesIncluded = amounts.platformFeesIncluded();
        quote.rateDetails = t.rateDetails;
        quote.counterpartyInformation = t.counterpartyInformation;
        quote.request = json.write(request.echoed());
        quote.expiresAt = now.plus(config.quoteLifetime());
        quote.createdAt = now;
        quote.updatedAt = now;
        return quote;
    }

    private static Map<String, Object> realtimeSource(Payer payer) {
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("sourceType", "REALTIME_FUNDING");
        source.put("currency", payer.realtimeCurrency());
        if (payer.customer() != null) {
            source.put("customerId", IdType.CUSTOMER.wireId(payer.customerId()));
        }
        return source;
    }

    /**
     * The interface's rateDetails, for a service that converts directly (no Lightning leg): the
     * counterparty charges nothing and multiplies by 1; gridApiMultiplier is receiving minor units
     * per sending minor unit after the variable fees; the gridApi fees are the service's own.
     */
    private static Map<String, Object> rateDetails(Priced priced) {
        QuoteMath.Fees fees = priced.fees();
        BigDecimal keep = BigDecimal.ONE.subtract(BigDecimal.valueOf(fees.serviceBps() + fees.platformBps(), 4));
        BigDecimal multiplier = keep.scaleByPowerOfTen(QuotePricing.decimals(priced.receiving()) - QuotePricing.decimals(priced.sending()))
                .divide(priced.rate(), new MathContext(12, RoundingMode.HALF_EVEN));
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("counterpartyMultiplier", BigDecimal.ONE);
        details.put("counterpartyFixedFee", 0);
        details.put("gridApiMultiplier", TransactionView.plain(multiplier));
        details.put("gridApiFixedFee", fees.serviceFixed());
        details.put("gridApiVariableFeeRate", TransactionView.plain(BigDecimal.valueOf(fees.serviceBps(), 4)));
        details.put("gridApiVariableFeeAmount", priced.amounts().serviceVariableFee());
        return details;
    }
}
