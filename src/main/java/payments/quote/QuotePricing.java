package payments.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.AccountLookup;
import payments.account.DirectDebitMandate;
import payments.account.ExternalAccount;
import payments.account.MandateTerms;
import payments.account.ExternalAccountService.Owner;
import payments.account.ExternalAccountService;
import payments.account.InternalAccount;
import payments.account.InternalAccountService;
import payments.account.PaymentRails;
import payments.wallet.Stamp;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonText;
import payments.customer.Customer;
import payments.customer.CustomerService;
import payments.platform.PlatformConfigService;
import payments.platform.PlatformSettings;
import payments.quote.FeeSchedule.PlatformFeeOverride;
import payments.quote.QuotePricing.Mode;
import payments.quote.QuotePricing.Payee;
import payments.quote.QuotePricing.Payer;
import payments.quote.QuotePricing.Priced;
import payments.quote.QuotePricing.Resolved;
import payments.transaction.PaymentLimits;
import payments.transaction.PaymentRail;
import payments.transaction.PaymentRail.Leg;
import payments.transaction.RailRouter;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Pricing a quote request: both sides found and checked (accounts, holders, their readiness,
 * rails), and the payment priced under the rate, the fees and the limits.
 */
@ApplicationScoped
public class QuotePricing {

    private final PlatformConfigService platform;
    private final ExchangeRates rates;
    private final FeeSchedule feeSchedule;
    private final PaymentLimits limits;
    private final InternalAccountService internalAccounts;
    private final ExternalAccountService externalAccounts;
    private final ReceiverService receivers;
    private final JsonText json;
    private final RailRouter rails;
    private final UmaNetwork umaNetwork;
    private final payments.common.ServerClock clock;

    public QuotePricing(PlatformConfigService platform, ExchangeRates rates, FeeSchedule feeSchedule,
                        PaymentLimits limits, InternalAccountService internalAccounts,
                        ExternalAccountService externalAccounts, ReceiverService receivers, JsonText json,
                        RailRouter rails, UmaNetwork umaNetwork, payments.common.ServerClock clock) {
        this.rails = rails;
        this.clock = clock;
        this.umaNetwork = umaNetwork;
        this.json = json;
        this.platform = platform;
        this.rates = rates;
        this.feeSchedule = feeSchedule;
        this.limits = limits;
        this.internalAccounts = internalAccounts;
        this.externalAccounts = externalAccounts;
        this.receivers = receivers;
    }

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

    /** The receiving side: an internal account, an external account, or a UMA address (with its currency). */
    /**
     * The paid side; {@code person} is what is known of the receiver (the holder's profile or the
     * beneficiary) for its counterpartyInformation, {@code counterparty} that information once the
     * config's required fields picked it.
     */
    /** Who is paid; {@code paymentRail} the rail a payout to an external account travels (null for any other payee). */
    record Payee(InternalAccount internal, ExternalAccount external, String umaAddress, String umaCurrency,
                 Supplier<JsonNode> person, Map<String, String> counterparty, String paymentRail) {

        Payee withCounterparty(Map<String, String> information) {
            return new Payee(internal, external, umaAddress, umaCurrency, null, information, paymentRail);
        }

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

    record Resolved(Payer payer, Payee payee, Priced priced) {
    }

    /** What the payment costs: the locked amounts under the rate and fees. */
    record Priced(String sending, String receiving, BigDecimal rate, QuoteMath.Fees fees, QuoteMath.Amounts amounts) {
    }

    /** Both sides found and checked, and the payment priced. */
    Uni<Resolved> resolve(QuoteRequest request, Mode mode, AccountLookup accounts) {
        return platform.settings().flatMap(settings -> resolvePayer(request, mode, accounts).flatMap(payer ->
                resolvePayee(request, payer, mode, accounts).call(payee -> request.lookupId() != null
                        ? receivers.checkLookup(request.lookupId(), payee.wireId(), request.senderCustomerInfo())
                        : Uni.createFrom().voidItem()).map(payee -> {
                    checkReady(payer);
                    if (mode != Mode.QUOTE && !payer.currency().equals(payee.currency())) {
                        throw new ApiException(ErrorCode.INVALID_CURRENCY, "A transfer moves money within one currency ("
                                + payer.currency() + " to " + payee.currency() + "); use POST /quotes to convert");
                    }
                    Payee paid = payee.withCounterparty(CounterpartyInformation.of(settings.requiredCounterpartyFields(payee.currency()),
                            payee.person()));
                    return new Resolved(payer, paid, price(request, payer, paid, settings));
                })));
    }

    private Uni<Payer> resolvePayer(QuoteRequest request, Mode mode, AccountLookup accounts) {
        String customerId = request.source().customerId();
        if (request.source() instanceof QuoteRequest.Realtime realtime) {
            if (customerId == null) {
                return Uni.createFrom().item(new Payer(null, null, null, realtime.currency()));
            }
            return referenced("source.customerId", () -> CustomerService.find(customerId, false), mode)
                    .map(customer -> new Payer(null, null, customer.requireNotDeleted(), realtime.currency()));
        }
        QuoteRequest.AccountRef source = ((QuoteRequest.FromAccount) request.source()).account();
        String accountId = source.wireId();
        if (source instanceof QuoteRequest.ExternalRef) {
            return resolvePull(accountId, mode, accounts);
        }
        return referenced("source.accountId", () -> accounts.account(accountId), mode).flatMap(account -> {
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
                        && (mode != Mode.QUOTE || request.immediatelyExecute())) {
                    // Its owner signs each debit over the quote's payloadToSign, which exists only once the quote does.
                    throw ApiException.invalidField(mode == Mode.QUOTE ? "immediatelyExecute" : "source.accountId", null,
                            "An embedded wallet pays only through a quote executed with its owner's " + Stamp.HEADER
                                    + "; create the quote without immediatelyExecute");
                }
                return new Payer(account, null, customer, null);
            });
        });
    }

    /**
     * Pulling from a bank account: only the holder's own ACTIVE bank accounts can be debited, a US
     * account by ACH, a EUR account by SEPA direct debit under a mandate in force.
     */
    private Uni<Payer> resolvePull(String accountId, Mode mode, AccountLookup accounts) {
        return referenced("source.accountId", () -> externalAccounts.findAnyHolder(accountId), mode)
                .call(account -> requirePullable(account, accountId))
                .flatMap(account -> {
                    if (!ExternalAccount.ACTIVE.equals(account.status)) {
                        throw new ApiException(ErrorCode.EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED, "External account " + accountId + " is " + account.status + "; verify its ownership first");
                    }
                    requireRail(PaymentRails.pullRail(account.accountType), Leg.PULL,
                            "No payment rail is connected in production mode to pull from a bank account of this kind")
                            .payeeProblem(json.read(account.accountInfo)).ifPresent(problem -> {
                                throw new ApiException(ErrorCode.NOT_IMPLEMENTED, problem);
                            });
                    if (!ExternalAccount.mayBePulledFrom(account.beneficiaryVerificationStatus)) {
                        throw new ApiException(ErrorCode.EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED, "The holder-name check of external account "
                                + accountId + " is " + account.beneficiaryVerificationStatus + "; only a MATCHED or PARTIAL_MATCH account can be pulled from");
                    }
                    return accounts.holder(account.customerId)
                            .map(customer -> new Payer(null, account, customer.requireNotDeleted(), null));
                });
    }

    /** A US bank account (ACH), or a EUR one with a SEPA direct debit mandate in force that has not lapsed. */
    private Uni<Void> requirePullable(ExternalAccount account, String accountId) {
        String rail = PaymentRails.pullRail(account.accountType);
        if (rail == null) {
            throw ApiException.invalidField("source.accountId", null,
                    "Only US bank accounts (ACH) and EUR bank accounts with a direct debit mandate can fund a payment directly");
        }
        if (!"SEPA".equals(rail)) {
            return Uni.createFrom().voidItem();
        }
        return DirectDebitMandate.inForce(account.id).map(mandate -> {
            if (mandate == null) {
                throw ApiException.invalidField("source.accountId", null, "A EUR bank account is pulled from by SEPA direct debit: record"
                        + " the holder's mandate first (PUT /customers/external-accounts/" + accountId + "/direct-debit-mandate)");
            }
            if (MandateTerms.lapsed(mandate.signedOn, mandate.lastCollectedOn, clock.today())) {
                throw ApiException.invalidField("source.accountId", null, "Direct debit mandate " + mandate.mandateId
                        + " lapsed: nothing was collected under it for 36 months; the holder signs a new one");
            }
            return null;
        }).replaceWithVoid();
    }

    private Uni<Payee> resolvePayee(QuoteRequest request, Payer payer, Mode mode, AccountLookup accounts) {
        if (request.destination() instanceof QuoteRequest.ToUma uma) {
            return Uni.createFrom().item(umaPayee(uma, payer));
        }
        QuoteRequest.AccountRef destination = ((QuoteRequest.ToAccount) request.destination()).account();
        String accountId = destination.wireId();
        if (destination instanceof QuoteRequest.InternalRef) {
            return referenced("destination.accountId", () -> accounts.account(accountId), mode)
                    .flatMap(account -> accounts.holder(account.customerId).map(holder -> {
                        if (holder != null) {
                            holder.requireNotDeleted();
                        }
                        if (payer.pull() && !java.util.Objects.equals(account.customerId, payer.pullFrom().customerId)) {
                            throw ApiException.invalidField("destination.accountId", null,
                                    "Money pulled from a bank account lands only in an internal account of that bank account's holder");
                        }
                        if (payer.account() != null && account.id.equals(payer.account().id)) {
                            throw new ApiException(ErrorCode.SELF_PAYMENT, "The source and destination are the same account");
                        }
                        if (!account.canTransact()) {
                            throw ApiException.invalidField("destination.accountId", null,
                                    "Internal account " + accountId + " is " + account.status + " and cannot receive");
                        }
                        requireRailOf(((QuoteRequest.ToAccount) request.destination()).paymentRail(), List.of());
                        if (InternalAccount.RULE_BASED.equals(account.type)) {
                            // Its deposits are swept on as they arrive (RuleBasedSweep): pay where it sweeps to.
                            throw ApiException.invalidField("destination.accountId", null,
                                    "A RULE_BASED account takes deposits from outside only; pay its sweep destination instead");
                        }
                        return new Payee(account, null, null, null, holder == null ? null : () -> personOf(holder), null, null);
                    }));
        }
        if (payer.pull()) {
            throw ApiException.invalidField("destination.accountId", null, "Money pulled from a bank account must land in an internal account");
        }
        Owner owner = payer.customer() == null ? Owner.platform() : new Owner(false, payer.customerId());
        return referenced("destination.accountId", () -> externalAccounts.find(owner, accountId), mode).map(account -> {
            if (!account.canReceive()) {
                throw new ApiException(ErrorCode.EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED, "External account " + accountId + " is " + account.status + "; verify its ownership first");
            }
            JsonNode info = json.read(account.accountInfo);
            String requested = ((QuoteRequest.ToAccount) request.destination()).paymentRail();
            requireRailOf(requested, PaymentRails.registered(account.accountType, info));
            String paymentRail = PaymentRails.resolved(requested, account.accountType, info);
            requireRail(paymentRail, Leg.PAYOUT, "No payment rail is connected in production mode; only transfers between internal accounts settle")
                    .payeeProblem(info).ifPresent(problem -> {
                        throw new ApiException(ErrorCode.NOT_IMPLEMENTED, problem);
                    });
            return new Payee(null, account, null, null, () -> info.get("beneficiary"), null, paymentRail);
        });
    }

    /** The reference: a destination's paymentRail "must be one of the rails supported by the destination account". */
    private static void requireRailOf(String requested, List<String> supported) {
        if (requested != null && !supported.contains(requested)) {
            throw ApiException.invalidField("destination.paymentRail", FieldError.Constraint.oneOf(supported), supported.isEmpty()
                    ? "This destination is paid without a payment rail: leave paymentRail out"
                    : "Not a rail of the destination account: one of " + String.join(", ", supported));
        }
    }

    /** A customer as a person document: the profile, with the contact fields kept beside it. */
    private JsonNode personOf(Customer holder) {
        ObjectNode person = ((ObjectNode) json.read(holder.profile)).deepCopy();
        if (holder.email != null) {
            person.put("email", holder.email);
        }
        if (holder.phoneNumber != null) {
            person.put("phoneNumber", holder.phoneNumber);
        }
        return person;
    }

    /**
     * The implementation that carries payments over {@code paymentRail} (null: without a rail) on this
     * leg; refused with 501 before anything moves when none does, saying which rail is not routed
     * (or {@code reason}: a server without any rail, a payment without a rail).
     */
    private PaymentRail requireRail(String paymentRail, Leg leg, String reason) {
        PaymentRail rail = rails.route(paymentRail);
        if (!rail.carries(leg)) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, !rails.connected() || paymentRail == null ? reason
                    : "No payment rail implementation on this server carries " + paymentRail + " payments (svc.rails.routes)");
        }
        return rail;
    }

    private Payee umaPayee(QuoteRequest.ToUma destination, Payer payer) {
        if (payer.pull()) {
            throw ApiException.invalidField("destination.destinationType", null, "Money pulled from a bank account must land in an internal account");
        }
        requireRail(null, Leg.UMA_SEND, "This server is not connected to a UMA network in production mode");
        String address = destination.umaAddress();
        UmaNetwork.UmaReceiver receiver = umaNetwork.find(address).orElseThrow(() ->
                ApiException.invalidField("destination.umaAddress", null, "No receiver at " + address));
        String currency = destination.currency() != null ? destination.currency() : receiver.currencies().get(0);
        if (!receiver.currencies().contains(currency)) {
            throw new ApiException(ErrorCode.INVALID_CURRENCY, address + " receives " + String.join(", ", receiver.currencies()));
        }
        umaNetwork.payRequestFailure(address).ifPresent(code -> {
            throw new ApiException(code, code.meaning() + " (" + address + ")");
        });
        return new Payee(null, null, address, currency, null, null, null);
    }

    /** A customer may pay only once verified and with the end-user terms on file. */
    private static void checkReady(Payer payer) {
        if (payer.customer() != null) {
            payer.customer().requireReadyToPay();
        }
    }

    private Priced price(QuoteRequest request, Payer payer, Payee payee, PlatformSettings settings) {
        String sending = payer.currency();
        String receiving = payee.currency();
        BigDecimal rate = rates.rate(sending, receiving).orElseThrow(() -> new ApiException(ErrorCode.INVALID_CURRENCY, "No exchange rate for " + sending + " to " + receiving));
        PlatformFeeOverride override = request.feeOverride();
        if (override != null && !"USD".equals(sending)) {
            throw ApiException.invalidField("platformFeeOverride", null, "Platform fee overrides are accepted for USD sources only");
        }
        QuoteMath.Fees fees = feeSchedule.fees(sending, receiving, settings, override);
        QuoteMath.Conversion conversion = new QuoteMath.Conversion(decimals(sending), decimals(receiving), rate);
        long locked = request.lockedAmount();
        QuoteMath.Amounts amounts;
        try {
            amounts = request.lockSending()
                    ? QuoteMath.sendingLocked(locked, conversion, fees)
                    : QuoteMath.receivingLocked(locked, conversion, fees);
        } catch (QuoteMath.Unquotable e) {
            throw new ApiException(ErrorCode.INVALID_AMOUNT, e.getMessage());
        }
        if (payee.external() != null && ExternalAccount.PENDING_OWNERSHIP_VERIFICATION.equals(payee.external().status)
                && aboveUnverifiedWalletLimit(amounts.totalReceiving(), receiving)) {
            throw new ApiException(ErrorCode.EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED, "External account " + payee.wireId()
                    + " awaits its ownership check; until then it takes payments worth at most EUR "
                    + BigDecimal.valueOf(limits.unverifiedWalletMaxEurCents(), 2).toPlainString());
        }
        checkRange(settings, sending, amounts.totalSending());
        checkRange(settings, receiving, amounts.totalReceiving());
        limits.checkSize(sending, receiving, amounts.totalSending());
        return new Priced(sending, receiving, rate, fees, amounts);
    }

    /** Whether {@code amount} of {@code currency} is worth more than an unverified wallet may take (unvalued: yes). */
    private boolean aboveUnverifiedWalletLimit(long amount, String currency) {
        return rates.rate("EUR", currency)
                .map(eurPerUnit -> BigDecimal.valueOf(amount).movePointLeft(decimals(currency)).multiply(eurPerUnit)
                        .compareTo(BigDecimal.valueOf(limits.unverifiedWalletMaxEurCents(), 2)) > 0)
                .orElse(true);
    }

    /** 400 AMOUNT_OUT_OF_RANGE outside the platform's minAmount..maxAmount for the currency (when it configures one). */
    private static void checkRange(PlatformSettings settings, String currency, long amount) {
        settings.currency(currency).ifPresent(config -> {
            if (amount < config.minAmount() || amount > config.maxAmount()) {
                throw new ApiException(ErrorCode.AMOUNT_OUT_OF_RANGE, "The " + currency + " amount " + amount
                        + " is outside the platform's range " + config.minAmount() + " to " + config.maxAmount());
            }
        });
    }

    /** A platform fee is credited to the platform's own account in the sending currency; open it if needed. */
    Uni<Void> platformFeeAccount(Priced priced) {
        if (priced.amounts().platformFeesIncluded() == 0) {
            return Uni.createFrom().voidItem();
        }
        return internalAccounts.ensurePlatformAccounts(List.of(priced.sending()));
    }

    /** An id in the request body that names nothing is an invalid field (400), not a missing resource. */
    private static <T> Uni<T> referenced(String field, java.util.function.Supplier<Uni<T>> lookup, Mode mode) {
        return Uni.createFrom().<T>deferred(lookup::get).onFailure(e -> e instanceof ApiException api && api.status() == 404 && mode.missingIsInvalid())
                .transform(e -> ApiException.invalidField(field, null, e.getMessage()));
    }

    static int decimals(String currency) {
        return payments.common.Currencies.require(currency).decimals();
    }
}
