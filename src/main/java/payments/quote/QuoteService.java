package payments.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.account.AccountInfoRules;
import payments.account.AccountLookup;
import payments.account.ExternalAccount;
import payments.account.ExternalAccountService.Owner;
import payments.account.ExternalAccountService;
import payments.account.InternalAccount;
import payments.account.InternalAccountService;
import payments.account.WalletAuthorization;
import payments.common.ApiException;
import payments.common.ApiResult;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Idempotency.Answer;
import payments.common.Idempotency.Claim;
import payments.common.Idempotency;
import payments.common.Ids;
import payments.common.JsonText;
import payments.common.Regions;
import payments.common.RowsInsert;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.common.jobs.Jobs;
import payments.common.schema.RequestSchemas;
import payments.customer.Customer;
import payments.customer.CustomerService;
import payments.ledger.Ledger;
import payments.platform.PlatformConfigService;
import payments.platform.PlatformSettings;
import payments.quote.FeeSchedule.PlatformFeeOverride;
import payments.quote.QuoteView.QuoteResponse;
import payments.transaction.PaymentBatcher;
import payments.transaction.PaymentLimits;
import payments.transaction.PaymentRail;
import payments.transaction.PaymentTransaction;
import payments.transaction.RailOutcome;
import payments.transaction.Settlement;
import payments.transaction.TransactionStatus;
import payments.transaction.TransactionView;
import payments.webhook.WebhookEvent;
import payments.webhook.WebhookPublisher;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Quotes: pricing a payment (rate, fees, limits), executing it (the payer's money is held and the
 * settlement job takes over), Strong Customer Authentication for payers in SCA regions, and expiry.
 */
@ApplicationScoped
public class QuoteService {

    public static final ErrorCode NOT_FOUND = ErrorCode.QUOTE_NOT_FOUND;
    static final String SANDBOX_SCA_CODE = "123456";
    private static final int MAX_DESCRIPTION = 1024;

    /**
     * The paying side: an internal account, or (a pull) the holder's own bank account, and the
     * holder (null for the platform itself).
     */
    record Payer(InternalAccount account, ExternalAccount pullFrom, Customer customer, String realtimeCurrency) {
        UUID customerId() {
            return customer == null ? null : customer.id;
        }

        String currency() {
            return account != null ? account.currency : pullFrom != null ? pullFrom.currency : realtimeCurrency;
        }

        /** The paying account's id; none for realtime funding. */
        String wireId() {
            return account != null ? account.wireId() : pullFrom != null ? pullFrom.wireId() : null;
        }

        boolean pull() {
            return pullFrom != null;
        }

        boolean realtime() {
            return realtimeCurrency != null;
        }
    }

    /** Which operation a quote serves: POST /quotes, or one of the deprecated same-currency transfers. */
    enum Mode {
        QUOTE, TRANSFER_IN, TRANSFER_OUT;

        /** An id in a quote body that names nothing is an invalid field; the transfer endpoints answer 404. */
        boolean missingIsInvalid() {
            return this == QUOTE;
        }
    }

    /** A new quote with its transaction. */
    record Created(Quote quote, PaymentTransaction transaction) {
    }

    /** The receiving side: an internal account, an external account, or a UMA address (with its currency). */
    record Payee(InternalAccount internal, ExternalAccount external, String umaAddress, String umaCurrency) {
        String currency() {
            return internal != null ? internal.currency : external != null ? external.currency : umaCurrency;
        }

        String wireId() {
            return internal != null ? internal.wireId() : external != null ? external.wireId() : umaAddress;
        }

        Map<String, Object> wire() {
            return umaAddress != null
                    ? Map.of("destinationType", "UMA_ADDRESS", "umaAddress", umaAddress, "currency", umaCurrency)
                    : Map.of("destinationType", "ACCOUNT", "accountId", wireId(), "currency", currency());
        }
    }

    private record Resolved(Payer payer, Payee payee, Priced priced) {
    }

    /** What the payment costs: the locked amounts under the rate and fees. */
    record Priced(String sending, String receiving, BigDecimal rate, QuoteMath.Fees fees, QuoteMath.Amounts amounts) {
    }

    private final RequestSchemas schemas;
    private final PlatformConfigService platform;
    private final ExchangeRates rates;
    private final FeeSchedule feeSchedule;
    private final PaymentLimits limits;
    private final InternalAccountService internalAccounts;
    private final ExternalAccountService externalAccounts;
    private final Ledger ledger;
    private final Settlement settlement;
    private final Jobs jobs;
    private final WebhookPublisher webhooks;
    private final QuoteView view;
    private final TransactionView transactionView;
    private final JsonText json;
    private final ServerClock clock;
    private final ServerConfig config;
    private final ReceiverService receivers;
    private final Idempotency idempotency;
    private final PaymentBatcher batcher;
    private final PaymentRail rail;

    public QuoteService(RequestSchemas schemas, PlatformConfigService platform, ExchangeRates rates,
                        FeeSchedule feeSchedule, PaymentLimits limits, InternalAccountService internalAccounts,
                        ExternalAccountService externalAccounts, Ledger ledger, Settlement settlement, Jobs jobs,
                        WebhookPublisher webhooks, QuoteView view, TransactionView transactionView, JsonText json,
                        ServerClock clock, ServerConfig config, ReceiverService receivers, Idempotency idempotency,
                        PaymentBatcher batcher, PaymentRail rail) {
        this.rail = rail;
        this.receivers = receivers;
        this.idempotency = idempotency;
        this.batcher = batcher;
        this.schemas = schemas;
        this.platform = platform;
        this.rates = rates;
        this.feeSchedule = feeSchedule;
        this.limits = limits;
        this.internalAccounts = internalAccounts;
        this.externalAccounts = externalAccounts;
        this.ledger = ledger;
        this.settlement = settlement;
        this.jobs = jobs;
        this.webhooks = webhooks;
        this.view = view;
        this.transactionView = transactionView;
        this.json = json;
        this.clock = clock;
        this.config = config;
    }

    // --- create ---------------------------------------------------------------------------------

    /**
     * POST /quotes; the answer is stored under the claim (null without a key) in the commit that
     * saves the quote. A transfer between two internal accounts executed at once goes through the
     * {@link PaymentBatcher} and settles in that commit; everything else runs in its own transaction.
     */
    public Uni<Answer> create(JsonNode body, Claim claim) {
        ObjectNode request = schemas.validate(body, "quoteCreate", QuoteService::checkRules);
        if (!betweenInternalAccountsAtOnce(request)) {
            return createInTransaction(request, claim);
        }
        return internalAccounts.preload(request.at("/source/accountId").asText(), request.at("/destination/accountId").asText())
                .flatMap(accounts -> prepareAtOnce(request, claim, accounts))
                .flatMap(payment -> payment == null ? createInTransaction(request, claim) : batcher.submit(payment));
    }

    private Uni<Answer> createInTransaction(ObjectNode request, Claim claim) {
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

    private static boolean betweenInternalAccountsAtOnce(ObjectNode request) {
        String internal = IdType.INTERNAL_ACCOUNT.prefix() + ":";
        return request.path("immediatelyExecute").asBoolean(false) && !request.has("lookupId")
                && "ACCOUNT".equals(request.at("/source/sourceType").asText())
                && request.at("/source/accountId").asText().startsWith(internal)
                && "ACCOUNT".equals(request.at("/destination/destinationType").asText())
                && request.at("/destination/accountId").asText().startsWith(internal);
    }

    /**
     * The quote, its payment executed and settled, as one batch entry; null when the payment
     * needs more than the batch does (Strong Customer Authentication, a platform fee to credit).
     */
    private Uni<PaymentBatcher.Payment> prepareAtOnce(ObjectNode request, Claim claim, AccountLookup accounts) {
        return resolve(request, Mode.QUOTE, accounts).map(resolved -> {
            Payer payer = resolved.payer();
            Priced priced = resolved.priced();
            if ((payer.customer() != null && Regions.requiresSca(payer.customer().region))
                    || priced.amounts().platformFeesIncluded() != 0) {
                return null;
            }
            Instant now = clock.now();
            PaymentTransaction t = paymentOf(request, payer, resolved.payee(), priced, now);
            Quote quote = quoteOf(request, payer, resolved.payee(), priced, t, now);
            WebhookEvent pending = webhooks.dispatched("OUTGOING_PAYMENT.PENDING", transactionView.toWire(t));
            QuoteStatus.move(quote, QuoteStatus.PROCESSING);
            WebhookEvent processing = settlement.processingAtOnce(t);
            // The execute call answers the payment as it starts (PROCESSING); the completion event follows.
            Answer answer = idempotency.answer(result(view.toWire(quote, t)));
            Settlement.SettledAtOnce settled = settlement.completeAtOnce(t, processing);
            RowsInsert.Rows rows = new RowsInsert.Rows().add(PaymentTransaction.ROWS, t).add(Quote.ROWS, quote)
                    .add(WebhookEvent.ROWS, pending);
            settled.events().forEach(event -> rows.add(WebhookEvent.ROWS, event));
            return new PaymentBatcher.Payment(settled.journals(), PaymentLimits.Volume.of(t), rows, claim, answer);
        });
    }

    /** Prices, saves and (with immediatelyExecute) executes a validated quote request. */
    Uni<Created> create(ObjectNode request, Mode mode) {
        return resolve(request, mode, internalAccounts.inSession()).flatMap(resolved -> platformFeeAccount(resolved.priced())
                .flatMap(ignored -> persist(request, resolved.payer(), resolved.payee(), resolved.priced()))
                .call(created -> request.path("immediatelyExecute").asBoolean(false)
                        ? execute(created.quote(), created.transaction(), request.path("scaFactor").asText(null), null)
                        : Uni.createFrom().voidItem()));
    }

    /** Both sides found and checked, and the payment priced. */
    private Uni<Resolved> resolve(ObjectNode request, Mode mode, AccountLookup accounts) {
        return platform.settings().flatMap(settings -> resolvePayer(request, mode, accounts).flatMap(payer ->
                resolvePayee(request, payer, mode, accounts).call(payee -> request.has("lookupId")
                        ? receivers.checkLookup(request.get("lookupId").asText(), payee.wireId(), request.get("senderCustomerInfo"))
                        : Uni.createFrom().voidItem()).map(payee -> {
                    checkReady(payer);
                    if (mode != Mode.QUOTE && !payer.currency().equals(payee.currency())) {
                        throw new ApiException(ErrorCode.INVALID_CURRENCY, "A transfer moves money within one currency ("
                                + payer.currency() + " to " + payee.currency() + "); use POST /quotes to convert");
                    }
                    return new Resolved(payer, payee, price(request, payer, payee, settings));
                })));
    }

    private static void checkRules(ObjectNode request, List<FieldError> errors) {
        if (request.path("description").asText("").length() > MAX_DESCRIPTION) {
            errors.add(new FieldError("description", FieldError.Constraint.length(null, MAX_DESCRIPTION),
                    "Must be at most " + MAX_DESCRIPTION + " characters"));
        }
        checkScaFactor(request, errors);
        JsonNode source = request.path("source");
        if ("REALTIME_FUNDING".equals(source.path("sourceType").asText())) {
            String currency = source.path("currency").asText();
            if (!payments.common.Currencies.isKnown(currency)) {
                errors.add(FieldError.of("source.currency", "Not a supported currency"));
            } else if (payments.common.Currencies.isCrypto(currency) && !source.hasNonNull("cryptoNetwork")) {
                errors.add(FieldError.of("source.cryptoNetwork", "Is required to fund in " + currency));
            }
            if (request.path("immediatelyExecute").asBoolean(false)) {
                errors.add(FieldError.of("immediatelyExecute",
                        "A realtime-funded quote runs when its funds arrive; it cannot be executed immediately"));
            }
        }
        if ("UMA_ADDRESS".equals(request.path("destination").path("destinationType").asText()) && !request.has("lookupId")) {
            errors.add(FieldError.of("lookupId", "Is required for a UMA destination: look the receiver up first"));
        }
        JsonNode override = request.get("platformFeeOverride");
        if (override != null && !"USD".equals(override.path("platformFixedFee").path("currency").asText())) {
            errors.add(FieldError.of("platformFeeOverride.platformFixedFee.currency",
                    "Must be the source currency; platform fee overrides are accepted for USD sources only"));
        }
    }

    private static void checkScaFactor(JsonNode request, List<FieldError> errors) {
        if ("TOTP".equals(request.path("scaFactor").asText())) {
            errors.add(new FieldError("scaFactor", FieldError.Constraint.oneOf(List.of("SMS_OTP", "PASSKEY")),
                    "TOTP cannot carry the dynamic linking a payment challenge needs; use SMS_OTP or PASSKEY"));
        }
    }

    private Uni<Payer> resolvePayer(ObjectNode request, Mode mode, AccountLookup accounts) {
        JsonNode source = request.get("source");
        if ("REALTIME_FUNDING".equals(source.get("sourceType").asText())) {
            String customerId = source.path("customerId").asText(null);
            if (customerId == null) {
                return Uni.createFrom().item(new Payer(null, null, null, source.get("currency").asText()));
            }
            return referenced("source.customerId", () -> CustomerService.find(customerId, false), mode)
                    .map(customer -> new Payer(null, null, customer.requireNotDeleted(), source.get("currency").asText()));
        }
        String accountId = source.get("accountId").asText();
        if (accountId.startsWith(IdType.EXTERNAL_ACCOUNT.prefix() + ":")) {
            return resolvePull(accountId, mode, accounts);
        }
        if (!accountId.startsWith(IdType.INTERNAL_ACCOUNT.prefix() + ":")) {
            throw ApiException.invalidField("source.accountId", null, "Must be an internal or external account id");
        }
        return referenced("source.accountId", () -> accounts.account(accountId), mode).flatMap(account -> {
            String customerId = source.path("customerId").asText(null);
            UUID holder = account.customerId;
            if (customerId != null && (holder == null || !Ids.isValid(IdType.CUSTOMER, customerId)
                    || !CustomerService.uuidOf(customerId).equals(holder))) {
                throw ApiException.invalidField("source.customerId", null, "Must be the customer holding the source account");
            }
            return accounts.holder(holder).map(customer -> {
                if (customer != null) {
                    customer.requireNotDeleted();
                }
                if (!account.canTransact()) {
                    throw ApiException.invalidField("source.accountId", null,
                            "Internal account " + accountId + " is " + account.status + " and cannot send");
                }
                if (InternalAccount.EMBEDDED_WALLET.equals(account.type)
                        && (mode != Mode.QUOTE || request.path("immediatelyExecute").asBoolean(false))) {
                    // Its owner signs each debit over the quote's payloadToSign, which exists only once the quote does.
                    throw ApiException.invalidField(mode == Mode.QUOTE ? "immediatelyExecute" : "source.accountId", null,
                            "An embedded wallet pays only through a quote executed with its owner's " + WalletAuthorization.HEADER
                                    + "; create the quote without immediatelyExecute");
                }
                return new Payer(account, null, customer, null);
            });
        });
    }

    /** Pulling from a bank account (ACH pull): only the holder's own ACTIVE US bank accounts can be debited. */
    private Uni<Payer> resolvePull(String accountId, Mode mode, AccountLookup accounts) {
        return referenced("source.accountId", () -> externalAccounts.findAnyHolder(accountId), mode)
                .flatMap(account -> {
                    if (!"USD_ACCOUNT".equals(account.accountType)) {
                        throw ApiException.invalidField("source.accountId", null,
                                "Only US bank accounts (ACH pull) can fund a payment directly");
                    }
                    if (!ExternalAccount.ACTIVE.equals(account.status)) {
                        throw new ApiException(ErrorCode.EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED, "External account " + accountId + " is " + account.status + "; verify its ownership first");
                    }
                    requireRail("No payment rail is connected in production mode to pull from a bank account");
                    return accounts.holder(account.customerId)
                            .map(customer -> new Payer(null, account, customer.requireNotDeleted(), null));
                });
    }

    private Uni<Customer> holder(UUID customerId) {
        return internalAccounts.inSession().holder(customerId);
    }

    /** 410 CUSTOMER_DELETED when the account's holder was deleted. */
    private Uni<Void> requireLiveHolder(UUID customerId) {
        return holder(customerId).invoke(customer -> {
            if (customer != null) {
                customer.requireNotDeleted();
            }
        }).replaceWithVoid();
    }

    private Uni<Payee> resolvePayee(ObjectNode request, Payer payer, Mode mode, AccountLookup accounts) {
        if ("UMA_ADDRESS".equals(request.get("destination").get("destinationType").asText())) {
            return Uni.createFrom().item(umaPayee(request.get("destination"), payer));
        }
        String accountId = request.get("destination").get("accountId").asText();
        if (accountId.startsWith(IdType.INTERNAL_ACCOUNT.prefix() + ":")) {
            return referenced("destination.accountId", () -> accounts.account(accountId), mode)
                    .call(account -> accounts.holder(account.customerId).invoke(holder -> {
                        if (holder != null) {
                            holder.requireNotDeleted();
                        }
                    }))
                    .map(account -> {
                        if (payer.account() != null && account.id.equals(payer.account().id)) {
                            throw new ApiException(ErrorCode.SELF_PAYMENT, "The source and destination are the same account");
                        }
                        if (!account.canTransact()) {
                            throw ApiException.invalidField("destination.accountId", null,
                                    "Internal account " + accountId + " is " + account.status + " and cannot receive");
                        }
                        return new Payee(account, null, null, null);
                    });
        }
        if (!accountId.startsWith(IdType.EXTERNAL_ACCOUNT.prefix() + ":")) {
            throw ApiException.invalidField("destination.accountId", null, "Must be an internal or external account id");
        }
        if (payer.pull()) {
            throw ApiException.invalidField("destination.accountId", null, "Money pulled from a bank account must land in an internal account");
        }
        Owner owner = payer.customer() == null ? Owner.platform() : new Owner(false, payer.customerId());
        return referenced("destination.accountId", () -> externalAccounts.find(owner, accountId), mode).map(account -> {
            if (!ExternalAccount.ACTIVE.equals(account.status)) {
                throw new ApiException(ErrorCode.EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED, "External account " + accountId + " is " + account.status + "; verify its ownership first");
            }
            requireRail("No payment rail is connected in production mode; only transfers between internal accounts settle");
            return new Payee(null, account, null, null);
        });
    }

    /** Production has no rail nor UMA network yet: a leg that needs one is refused before anything moves. */
    private void requireRail(String reason) {
        if (!config.sandbox()) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, reason);
        }
    }

    private Payee umaPayee(JsonNode destination, Payer payer) {
        if (payer.pull()) {
            throw ApiException.invalidField("destination.destinationType", null, "Money pulled from a bank account must land in an internal account");
        }
        requireRail("This server is not connected to a UMA network in production mode");
        String address = destination.get("umaAddress").asText();
        UmaDirectory.UmaReceiver receiver = UmaDirectory.find(address).orElseThrow(() ->
                ApiException.invalidField("destination.umaAddress", null, "No receiver at " + address));
        String currency = destination.path("currency").asText(receiver.currencies().get(0));
        if (!receiver.currencies().contains(currency)) {
            throw new ApiException(ErrorCode.INVALID_CURRENCY, address + " receives " + String.join(", ", receiver.currencies()));
        }
        return new Payee(null, null, address, currency);
    }

    /** A customer may pay only once verified and with the end-user terms on file. */
    private static void checkReady(Payer payer) {
        Customer customer = payer.customer();
        if (customer == null) {
            return;
        }
        if (!"APPROVED".equals(customer.verificationStatus)) {
            throw new ApiException(ErrorCode.USER_NOT_READY, "Customer " + IdType.CUSTOMER.wireId(customer.id)
                    + " is " + customer.verificationStatus + "; only verified customers can pay");
        }
        if (!CustomerService.hasAcceptedTerms(customer)) {
            throw new ApiException(ErrorCode.END_USER_TERMS_NOT_ACCEPTED, "Customer " + IdType.CUSTOMER.wireId(customer.id)
                    + " has not accepted the end-user terms");
        }
    }

    private Priced price(ObjectNode request, Payer payer, Payee payee, PlatformSettings settings) {
        String sending = payer.currency();
        String receiving = payee.currency();
        BigDecimal rate = rates.rate(sending, receiving).orElseThrow(() -> new ApiException(ErrorCode.INVALID_CURRENCY, "No exchange rate for " + sending + " to " + receiving));
        JsonNode overrideNode = request.get("platformFeeOverride");
        PlatformFeeOverride override = null;
        if (overrideNode != null) {
            if (!"USD".equals(sending)) {
                throw ApiException.invalidField("platformFeeOverride", null, "Platform fee overrides are accepted for USD sources only");
            }
            override = new PlatformFeeOverride(overrideNode.get("platformFixedFee").get("amount").asLong(),
                    overrideNode.get("platformVariableFeeBps").asInt());
        }
        QuoteMath.Fees fees = feeSchedule.fees(sending, receiving, settings, override);
        QuoteMath.Conversion conversion = new QuoteMath.Conversion(decimals(sending), decimals(receiving), rate);
        long locked = request.get("lockedCurrencyAmount").asLong();
        QuoteMath.Amounts amounts;
        try {
            amounts = "SENDING".equals(request.get("lockedCurrencySide").asText())
                    ? QuoteMath.sendingLocked(locked, conversion, fees)
                    : QuoteMath.receivingLocked(locked, conversion, fees);
        } catch (QuoteMath.Unquotable e) {
            throw new ApiException(ErrorCode.INVALID_AMOUNT, e.getMessage());
        }
        limits.checkSize(sending, receiving, amounts.totalSending());
        return new Priced(sending, receiving, rate, fees, amounts);
    }

    /** A platform fee is credited to the platform's own account in the sending currency; open it if needed. */
    private Uni<Void> platformFeeAccount(Priced priced) {
        if (priced.amounts().platformFeesIncluded() == 0) {
            return Uni.createFrom().voidItem();
        }
        return internalAccounts.ensurePlatformAccounts(List.of(priced.sending()));
    }

    private Uni<Created> persist(ObjectNode request, Payer payer, Payee payee, Priced priced) {
        Instant now = clock.now();
        PaymentTransaction t = paymentOf(request, payer, payee, priced, now);
        Quote quote = quoteOf(request, payer, payee, priced, t, now);
        return t.persist()
                .call(() -> quote.persist())
                .call(() -> jobs.enqueue(QuoteExpiry.TYPE, quote.id.toString(), quote.expiresAt))
                .call(() -> t.outgoing() ? webhooks.publish("OUTGOING_PAYMENT.PENDING", transactionView.toWire(t))
                        : Uni.createFrom().voidItem())
                .call(() -> payer.realtime() && payer.customer() != null && Regions.requiresSca(payer.customer().region)
                        ? challenge(quote, t, request.path("scaFactor").asText(null)) : Uni.createFrom().voidItem())
                .replaceWith(new Created(quote, t));
    }

    /** The payment the quote prices, PENDING until executed. */
    private PaymentTransaction paymentOf(ObjectNode request, Payer payer, Payee payee, Priced priced, Instant now) {
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
        t.description = request.path("description").asText(null);
        t.paymentRail = request.get("destination").path("paymentRail").asText(null);
        t.rateDetails = json.write(rateDetails(priced));
        return t;
    }

    private Quote quoteOf(ObjectNode request, Payer payer, Payee payee, Priced priced, PaymentTransaction t, Instant now) {
        QuoteMath.Amounts amounts = priced.amounts();
        Quote quote = new Quote();
        quote.id = Ids.newUuid();
        t.quoteId = quote.id;
        quote.status = QuoteStatus.PENDING.name();
        quote.customerId = payer.customerId();
        quote.transactionId = t.id;
        ObjectNode source = request.get("source").deepCopy();
        if (payer.customer() != null) {
            source.put("customerId", IdType.CUSTOMER.wireId(payer.customerId()));
        }
        quote.source = json.write(source);
        quote.destination = json.write(request.get("destination"));
        quote.sourceAccountId = t.sourceAccountId;
        if (payer.realtime()) {
            // Where and with which reference to send the money: derived from the quote, so unique to it.
            quote.paymentInstructions = json.write(payments.account.FundingInstructions.forAccount(quote.id, priced.sending(),
                    "Payments Platform"));
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
        ObjectNode asked = request.deepCopy();
        asked.retain("description", "remittanceInformation", "purposeOfPayment", "senderCustomerInfo", "lookupId", "scaFactor");
        quote.request = json.write(asked);
        quote.expiresAt = now.plus(config.fx().quoteLifetime());
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
        BigDecimal multiplier = keep.scaleByPowerOfTen(decimals(priced.receiving()) - decimals(priced.sending()))
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

    // --- read -----------------------------------------------------------------------------------

    @WithSession
    public Uni<QuoteResponse> get(String quoteId) {
        return find(quoteId, false).flatMap(quote -> transactionOf(quote, false).map(t -> view.toWire(quote, t)));
    }

    // --- execute and authorize ------------------------------------------------------------------

    /** POST /quotes/{id}/execute; {@code walletSignature} is the Svc-Wallet-Signature header (null when absent). */
    @WithTransaction
    public Uni<QuoteResponse> execute(String quoteId, JsonNode body, String walletSignature) {
        List<FieldError> errors = new java.util.ArrayList<>();
        checkScaFactor(body == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : body, errors);
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        String factor = body == null ? null : body.path("scaFactor").asText(null);
        return find(quoteId, true).flatMap(quote -> transactionOf(quote, true)
                .flatMap(t -> execute(quote, t, factor, walletSignature).map(ignored -> view.toWire(quote, t))));
    }

    /** Executes a PENDING quote: money moves now, or after SCA for payers in SCA regions. */
    private Uni<Void> execute(Quote quote, PaymentTransaction t, String scaFactor, String walletSignature) {
        requireRunnable(quote);
        if (realtime(quote)) {
            throw new ApiException(ErrorCode.INVALID_STATE_TRANSITION, "Quote " + quote.wireId()
                    + " is funded in real time: it runs when the funds sent per its paymentInstructions arrive");
        }
        return holder(quote.customerId).flatMap(customer -> {
            if (customer != null && Regions.requiresSca(customer.region)) {
                customer.requireNotDeleted();
                return challenge(quote, t, scaFactor);
            }
            return release(quote, t, walletSignature);
        });
    }

    /**
     * A quote may start moving money only while PENDING and before expiresAt: 409 while it awaits
     * Strong Customer Authentication or once it has run, 400 QUOTE_EXPIRED after its deadline.
     */
    private void requireRunnable(Quote quote) {
        if (QuoteStatus.of(quote) == QuoteStatus.PENDING_AUTHORIZATION) {
            throw new ApiException(ErrorCode.INVALID_STATE_TRANSITION, "Quote " + quote.wireId() + " awaits Strong Customer Authentication; authorize it first");
        }
        if (QuoteStatus.of(quote) == QuoteStatus.EXPIRED
                || (QuoteStatus.of(quote) == QuoteStatus.PENDING && !clock.now().isBefore(quote.expiresAt))) {
            throw new ApiException(ErrorCode.QUOTE_EXPIRED, "Quote " + quote.wireId() + " expired at " + quote.expiresAt
                    + "; create a new quote");
        }
        if (QuoteStatus.of(quote) != QuoteStatus.PENDING) {
            throw new ApiException(ErrorCode.INVALID_STATE_TRANSITION, "Quote " + quote.wireId() + " has already run");
        }
    }

    /**
     * Holds the payer's money and hands the payment to the settlement job. Both sides are checked
     * again first: neither holder may be deleted (410), an embedded wallet needs its owner's
     * signature (401), an external payee must still be usable (400); and the hold itself re-checks
     * the payer and an internal payee under their row locks (400, see {@link Settlement#hold}).
     * Any refusal leaves nothing held.
     */
    private Uni<Void> release(Quote quote, PaymentTransaction t, String walletSignature) {
        if (quote.sourceAccountId == null) {
            return releasePull(quote, t);
        }
        return InternalAccount.<InternalAccount>findById(quote.sourceAccountId)
                .call(source -> requireLiveHolder(source.customerId))
                .invoke(source -> WalletAuthorization.requireSigned(source, walletSignature))
                .call(() -> quote.destinationAccountId == null ? Uni.createFrom().voidItem()
                        : InternalAccount.<InternalAccount>findById(quote.destinationAccountId)
                                .flatMap(payee -> requireLiveHolder(payee.customerId)))
                .flatMap(source -> railOutcome(quote))
                .flatMap(outcome -> ledger.post(Settlement.hold(t))
                        .call(() -> limits.countDailyVolume(PaymentLimits.Volume.of(t)))
                        .flatMap(ignored -> {
                            QuoteStatus.move(quote, QuoteStatus.PROCESSING);
                            quote.scaChallenge = null;
                            quote.updatedAt = clock.now();
                            return settlement.begin(t, outcome);
                        }));
    }

    /** A pull holds nothing here: the bank's answer (the transfer table on its number) decides. */
    private Uni<Void> releasePull(Quote quote, PaymentTransaction t) {
        requireRail("No payment rail is connected in production mode to pull from a bank account");
        return ExternalAccount.<ExternalAccount>findById(quote.sourceExternalAccountId).flatMap(account -> {
            QuoteStatus.move(quote, QuoteStatus.PROCESSING);
            quote.updatedAt = clock.now();
            return settlement.begin(t, rail.pull(identifier(account)));
        });
    }

    private String identifier(ExternalAccount account) {
        return AccountInfoRules.primaryIdentifier(json.read(account.accountInfo));
    }

    /**
     * Internal destinations always settle. External ones need a rail: the sandbox simulator, whose
     * outcome the account identifier's last three characters choose (the same-currency transfer
     * table for same-currency payments, the quote table across currencies).
     */
    private Uni<RailOutcome> railOutcome(Quote quote) {
        if (quote.destinationAccountId != null) {
            return Uni.createFrom().item(RailOutcome.SUCCESS);
        }
        if (quote.externalAccountId == null) {
            String address = json.read(quote.destination).path("umaAddress").asText();
            return Uni.createFrom().item(UmaDirectory.find(address).map(UmaDirectory.UmaReceiver::outcome)
                    .orElse(RailOutcome.SUCCESS));
        }
        requireRail("No payment rail is connected in production mode; only transfers between internal accounts settle");
        return ExternalAccount.<ExternalAccount>findById(quote.externalAccountId).map(account -> {
            if (account.deletedAt != null || !ExternalAccount.ACTIVE.equals(account.status)) {
                throw ApiException.invalidField("destination.accountId", null, "External account " + account.wireId()
                        + (account.deletedAt != null ? " was deleted" : " is " + account.status) + " and cannot receive");
            }
            return rail.payout(identifier(account), quote.sendingCurrency.equals(quote.receivingCurrency));
        });
    }

    private Uni<Void> challenge(Quote quote, PaymentTransaction t, String scaFactor) {
        String factor = scaFactor == null ? "SMS_OTP" : scaFactor;
        Map<String, Object> challenge = new LinkedHashMap<>();
        challenge.put("id", IdType.SCA_CHALLENGE.wireId(Ids.newUuid()));
        challenge.put("expiresAt", quote.expiresAt.toString());
        challenge.put("factor", factor);
        challenge.put("availableFactors", List.of("SMS_OTP"));
        challenge.put("purpose", "PAYOUT");
        quote.scaChallenge = json.write(challenge);
        QuoteStatus.move(quote, QuoteStatus.PENDING_AUTHORIZATION);
        quote.updatedAt = clock.now();
        TransactionStatus.move(t, TransactionStatus.PENDING_AUTHORIZATION);
        t.updatedAt = clock.now();
        return webhooks.publish("OUTGOING_PAYMENT.PENDING_AUTHORIZATION", transactionView.toWire(t)).replaceWithVoid();
    }

    @WithTransaction
    public Uni<QuoteResponse> authorize(String quoteId, JsonNode body) {
        return find(quoteId, true).flatMap(quote -> scaChallenged(quote).flatMap(challenge -> {
            JsonNode code = body == null ? null : body.get("code");
            if (code == null || code.isNull() || code.asText().isBlank()) {
                throw ApiException.invalidField("code", null, "Is required for an " + challenge.path("factor").asText() + " challenge");
            }
            if (!clock.now().isBefore(Instant.parse(challenge.get("expiresAt").asText()))) {
                throw new ApiException(ErrorCode.INVALID_INPUT, "The challenge expired; create a new quote");
            }
            if (!SANDBOX_SCA_CODE.equals(code.asText()) || !config.sandbox()) {
                throw ApiException.invalidField("code", null, "The code is not the one sent for this challenge");
            }
            return transactionOf(quote, true).flatMap(t -> (realtime(quote) ? awaitFunds(quote, t) : release(quote, t, null))
                    .map(ignored -> view.toWire(quote, t)));
        }));
    }

    private static boolean realtime(Quote quote) {
        return quote.sourceAccountId == null && quote.sourceExternalAccountId == null;
    }

    /** An authorized realtime-funded quote shows its paymentInstructions and waits for the money. */
    private Uni<Void> awaitFunds(Quote quote, PaymentTransaction t) {
        QuoteStatus.move(quote, QuoteStatus.PENDING);
        quote.scaChallenge = null;
        quote.updatedAt = clock.now();
        TransactionStatus.move(t, TransactionStatus.PENDING);
        t.updatedAt = clock.now();
        return Uni.createFrom().voidItem();
    }

    /**
     * POST /sandbox/send: the payer's money arrives per a realtime-funded quote's instructions, in
     * the quote's currency and (if given) exactly its amount; the payment then runs like an executed one.
     */
    @WithTransaction
    public Uni<TransactionView.TransactionResponse> receiveRealtimeFunds(JsonNode body) {
        ObjectNode request = schemas.validate(body, "sandboxSend", (valid, errors) -> { });
        return find(request.get("quoteId").asText(), true).flatMap(quote -> {
            if (!realtime(quote)) {
                throw ApiException.invalidField("quoteId", null, "Quote " + quote.wireId() + " is not funded in real time");
            }
            if (!request.get("currencyCode").asText().equals(quote.sendingCurrency)) {
                throw ApiException.invalidField("currencyCode", null, "Must be the quote's sending currency " + quote.sendingCurrency);
            }
            if (request.has("currencyAmount") && request.get("currencyAmount").asLong() != quote.totalSendingAmount) {
                throw new ApiException(ErrorCode.INVALID_AMOUNT, "The quote expects exactly " + quote.totalSendingAmount);
            }
            requireRunnable(quote);
            return transactionOf(quote, true).flatMap(t -> railOutcome(quote)
                    .call(() -> limits.countDailyVolume(PaymentLimits.Volume.of(t)))
                    .flatMap(outcome -> {
                        QuoteStatus.move(quote, QuoteStatus.PROCESSING);
                        quote.updatedAt = clock.now();
                        return settlement.begin(t, outcome);
                    })
                    .map(ignored -> transactionView.toWire(t)));
        });
    }

    /** POST /quotes/{id}/authorize/resend: sends the SMS code again; the challenge and its expiry stay. */
    @WithTransaction
    public Uni<Void> resendCode(String quoteId) {
        return find(quoteId, false).flatMap(this::scaChallenged).map(challenge -> {
            if (!"SMS_OTP".equals(challenge.path("factor").asText())) {
                throw new ApiException(ErrorCode.CONFLICT, "A " + challenge.path("factor").asText() + " challenge has no code to re-send");
            }
            return null;
        });
    }

    /** The quote's outstanding challenge; 409 when the payer needs no SCA or nothing awaits authorization. */
    private Uni<JsonNode> scaChallenged(Quote quote) {
        return holder(quote.customerId).map(customer -> {
            if (customer == null || !Regions.requiresSca(customer.region)) {
                throw new ApiException(ErrorCode.CONFLICT, "Strong Customer Authentication does not apply to this payer");
            }
            if (QuoteStatus.of(quote) != QuoteStatus.PENDING_AUTHORIZATION || quote.scaChallenge == null) {
                throw new ApiException(ErrorCode.CONFLICT, "Quote " + quote.wireId() + " has no challenge awaiting authorization");
            }
            return json.read(quote.scaChallenge);
        });
    }

    // --- lookups --------------------------------------------------------------------------------

    static Uni<Quote> find(String quoteId, boolean forUpdate) {
        return Ids.find(IdType.QUOTE, quoteId, NOT_FOUND, "Quote", id -> forUpdate
                ? Quote.findById(id, LockModeType.PESSIMISTIC_WRITE) : Quote.findById(id));
    }

    static Uni<PaymentTransaction> transactionOf(Quote quote, boolean forUpdate) {
        return forUpdate ? PaymentTransaction.findById(quote.transactionId, LockModeType.PESSIMISTIC_WRITE)
                : PaymentTransaction.findById(quote.transactionId);
    }

    /** An id in the request body that names nothing is an invalid field (400), not a missing resource. */
    private static <T> Uni<T> referenced(String field, java.util.function.Supplier<Uni<T>> lookup, Mode mode) {
        return Uni.createFrom().<T>deferred(lookup::get).onFailure(e -> e instanceof ApiException api && api.status() == 404 && mode.missingIsInvalid())
                .transform(e -> ApiException.invalidField(field, null, e.getMessage()));
    }

    private static int decimals(String currency) {
        return payments.common.Currencies.require(currency).decimals();
    }
}
