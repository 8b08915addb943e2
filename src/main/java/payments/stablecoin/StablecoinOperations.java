package payments.stablecoin;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.account.AccountInfoRules;
import payments.account.ExternalAccount;
import payments.account.ExternalAccountService;
import payments.account.InternalAccount;
import payments.common.ApiException;
import payments.common.Currencies;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.JsonText;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.common.RequestValidator;
import payments.common.ServerClock;
import payments.common.jobs.ClaimedJob;
import payments.common.jobs.JobHandler;
import payments.common.jobs.JobOutcome;
import payments.common.jobs.Jobs;
import payments.customer.Customer;
import payments.ledger.Ledger;
import payments.stablecoin.StablecoinRecords.StablecoinBurnRequest;
import payments.stablecoin.StablecoinRecords.StablecoinMintRequest;
import payments.stablecoin.StablecoinRecords.StablecoinOperationResponse;

import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Mints and burns of registered stablecoins through their provider. Every operation is checked
 * the same way before it reaches the provider (the coin provisioned, its provider link usable, the
 * amount a whole number of fiat minor units, its accounts usable and linked at the provider), then
 * waits for its funds or the provider, and is moved on by this class's job. Fiat crosses the
 * ledger at the moments the {@link StablecoinJournals} describe, so the ledger audit covers it.
 */
@ApplicationScoped
public class StablecoinOperations implements JobHandler {

    public static final String TYPE = "stablecoin.operation";
    /** How long an operation waits for a wire or a token deposit before it expires. */
    static final Duration FUNDING_WINDOW = Duration.ofDays(7);
    private static final String BANK_ACCOUNT_SUFFIX = "_ACCOUNT";
    private static final String SPARK_WALLET = "SPARK_WALLET";
    private static final Map<String, String> PAYOUT_TIMING = Map.of("WIRE", "same business day", "ACH_CREDIT", "1-3 business days",
            "SAME_DAY_ACH_CREDIT", "same business day", "RTP_CREDIT", "within seconds");

    private final StablecoinProvider provider;
    private final StablecoinProviderAccounts providerAccounts;
    private final ExternalAccountService externalAccounts;
    private final RequestValidator validator;
    private final Ledger ledger;
    private final Jobs jobs;
    private final JsonText json;
    private final ServerClock clock;

    public StablecoinOperations(StablecoinProvider provider, StablecoinProviderAccounts providerAccounts,
                                ExternalAccountService externalAccounts, RequestValidator validator, Ledger ledger, Jobs jobs,
                                JsonText json, ServerClock clock) {
        this.provider = provider;
        this.providerAccounts = providerAccounts;
        this.externalAccounts = externalAccounts;
        this.validator = validator;
        this.ledger = ledger;
        this.jobs = jobs;
        this.json = json;
        this.clock = clock;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public boolean movesMoney() {
        return true;
    }

    // ---- Creating operations -------------------------------------------------------------------

    @WithTransaction
    public Uni<StablecoinOperationResponse> mint(String stablecoinId, JsonBodies.Bound<StablecoinMintRequest> body) {
        StablecoinMintRequest request = validator.validate(body, body.value() == null ? List.of() : mintVariantErrors(body.value()));
        return checked(stablecoinId, request.amount(), false).flatMap(start -> {
            StablecoinOperation operation = start.operation(StablecoinOperation.MINT, request.description());
            String funding = request.fundingSource().type();
            Map<String, Object> source = new LinkedHashMap<>(Map.of("type", funding));
            return mintDestination(start.coin(), request.destination().accountId()).flatMap(wallet -> {
                operation.destination = json.write(new StablecoinRecords.OperationDestination(wallet.wireId(), null));
                return switch (funding) {
                    case "WIRE" -> awaitFunds(operation, source, StablecoinProvider.Funding.WIRE, start.coin());
                    case "ACH_DEBIT", "SAME_DAY_ACH_DEBIT" -> bankAccount(request.fundingSource().externalAccountId(),
                            "fundingSource.externalAccountId", start.coin()).flatMap(bank -> {
                                source.put("externalAccountId", bank.wireId());
                                return begin(operation, source, StablecoinOperation.PENDING_PROVIDER);
                            });
                    case "GRID_INTERNAL_ACCOUNT" -> holdOnInternalAccount(operation, request.fundingSource().accountId(), start.coin(), wallet)
                            .flatMap(account -> {
                                source.put("accountId", account.wireId());
                                return begin(operation, source, StablecoinOperation.PROCESSING);
                            });
                    default -> throw ApiException.invalidField("fundingSource.type", null,
                            "Funding from the provider's own balance is reserved by the interface for a later release");
                };
            });
        });
    }

    @WithTransaction
    public Uni<StablecoinOperationResponse> burn(String stablecoinId, JsonBodies.Bound<StablecoinBurnRequest> body) {
        StablecoinBurnRequest request = validator.validate(body, body.value() == null ? List.of() : burnVariantErrors(body.value()));
        if ("GRID_INTERNAL_ACCOUNT".equals(request.source().type())) {
            throw new ApiException(ErrorCode.STABLECOIN_BURN_SOURCE_NOT_SUPPORTED,
                    "Burning from an internal account needs the stablecoin enabled for operations there, which this server does not do");
        }
        // The coin's row stays locked until this transaction ends: burns of one coin take from its supply one at a time.
        return checked(stablecoinId, request.amount(), true).flatMap(start -> {
            StablecoinOperation operation = start.operation(StablecoinOperation.BURN, request.description());
            String rail = request.destination().rail();
            return bankAccount(request.destination().externalAccountId(), "destination.externalAccountId", start.coin())
                    .call(bank -> requireSupply(start.coin(), start.amount())).flatMap(bank -> {
                operation.destination = json.write(new StablecoinRecords.OperationDestination(bank.wireId(), rail));
                operation.estimatedDelivery = json.write(new StablecoinRecords.EstimatedDelivery(rail, Long.toString(operation.fiatAmount),
                        start.coin().baseCurrency, PAYOUT_TIMING.get(rail)));
                Map<String, Object> source = new LinkedHashMap<>(Map.of("type", request.source().type()));
                return "EXTERNAL_ACCOUNT".equals(request.source().type())
                        ? awaitFunds(operation, source, StablecoinProvider.Funding.SPARK_DEPOSIT, start.coin())
                        : begin(operation, source, StablecoinOperation.PROCESSING);
            });
        });
    }

    /** What every operation is checked for first, and the operation those checks start. */
    private record Start(Stablecoin coin, StablecoinProviderAccount link, BigInteger amount, long fiat, Instant now) {
        StablecoinOperation operation(String type, String description) {
            StablecoinOperation operation = new StablecoinOperation();
            operation.id = Ids.newUuid();
            operation.stablecoinId = coin.id;
            operation.operationType = type;
            operation.amount = amount;
            operation.fiatAmount = fiat;
            operation.fiatCurrency = coin.baseCurrency;
            operation.providerAccountId = link.id;
            operation.providerEnvironment = link.providerEnvironment;
            operation.description = description;
            operation.createdAt = now;
            operation.updatedAt = now;
            return operation;
        }
    }

    private Uni<Start> checked(String stablecoinId, String amountText, boolean lockCoin) {
        BigInteger amount = new BigInteger(amountText);
        return StablecoinService.find(stablecoinId, lockCoin).flatMap(coin -> {
            if (!Stablecoin.PROVISIONED.equals(coin.issuanceStatus)) {
                throw new ApiException(ErrorCode.STABLECOIN_NOT_PROVISIONED,
                        "Stablecoin " + coin.wireId() + " is " + coin.issuanceStatus + " at its provider, not PROVISIONED");
            }
            long fiat = StablecoinAmounts.fiatMinorUnits(amount, coin.decimals, Currencies.require(coin.baseCurrency).decimals());
            return providerAccounts.usable(coin.providerAccountId).map(link -> new Start(coin, link, amount, fiat, clock.now()));
        });
    }

    /** 400 INSUFFICIENT_FUNDS unless the coin's outstanding supply ({@link StablecoinSupply}) covers the burn. */
    private static Uni<Void> requireSupply(Stablecoin coin, BigInteger amount) {
        return Panache.getSession().flatMap(session -> session.createSelectionQuery("""
                                select sum(case when o.operationType = :mint then o.amount else -o.amount end) from StablecoinOperation o
                                where o.stablecoinId = :coin and ((o.operationType = :mint and o.status = :completed)
                                    or (o.operationType = :burn and o.status not in (:failed, :expired)))""", BigInteger.class)
                        .setParameter("coin", coin.id).setParameter("mint", StablecoinOperation.MINT)
                        .setParameter("burn", StablecoinOperation.BURN).setParameter("completed", StablecoinOperation.COMPLETED)
                        .setParameter("failed", StablecoinOperation.FAILED).setParameter("expired", StablecoinOperation.EXPIRED)
                        .getSingleResult())
                .invoke(outstanding -> StablecoinSupply.requireCovers(coin.wireId(), outstanding == null ? BigInteger.ZERO : outstanding,
                        amount))
                .replaceWithVoid();
    }

    /** A mint's destination: a Spark wallet the provider can link (an internal account would need the coin enabled there). */
    private Uni<ExternalAccount> mintDestination(Stablecoin coin, String accountId) {
        if (accountId.startsWith(IdType.INTERNAL_ACCOUNT.prefix() + ":")) {
            throw new ApiException(ErrorCode.STABLECOIN_GRID_OPERATIONS_NOT_ENABLED,
                    "Stablecoin " + coin.wireId() + " is not enabled for internal accounts (gridOperationsStatus " + coin.gridOperationsStatus
                            + "): mint to a Spark wallet external account");
        }
        if (!Ids.isValid(IdType.EXTERNAL_ACCOUNT, accountId)) {
            throw ApiException.invalidField("destination.accountId", FieldError.Constraint.idOf(IdType.EXTERNAL_ACCOUNT, IdType.INTERNAL_ACCOUNT),
                    "Must be an ExternalAccount or InternalAccount id");
        }
        return externalAccounts.findAnyHolder(accountId).map(account -> {
            if (!SPARK_WALLET.equals(account.accountType) || !account.canReceive()) {
                throw new ApiException(ErrorCode.STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED, "Minted tokens go to an active Spark wallet; "
                        + account.wireId() + " is a " + account.accountType + " (" + account.status + ")");
            }
            return linked(account);
        });
    }

    /** A bank account in the coin's base currency that the provider can link, for an ACH debit or a burn's payout. */
    private Uni<ExternalAccount> bankAccount(String accountId, String field, Stablecoin coin) {
        if (!Ids.isValid(IdType.EXTERNAL_ACCOUNT, accountId)) {
            throw ApiException.invalidField(field, FieldError.Constraint.idOf(IdType.EXTERNAL_ACCOUNT), "Must be an ExternalAccount id");
        }
        return externalAccounts.findAnyHolder(accountId).map(account -> {
            if (!account.accountType.endsWith(BANK_ACCOUNT_SUFFIX) || !coin.baseCurrency.equals(account.currency) || !account.isVerified()) {
                throw new ApiException(ErrorCode.STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED, "The provider moves " + coin.baseCurrency
                        + " only through an active " + coin.baseCurrency + " bank account; " + account.wireId() + " is a "
                        + account.accountType + " in " + account.currency + " (" + account.status + ")");
            }
            return linked(account);
        });
    }

    private ExternalAccount linked(ExternalAccount account) {
        provider.linkRefusal(identifier(account)).ifPresent(refusal -> {
            throw new ApiException(refusal, "External account " + account.wireId() + ": " + refusal.meaning());
        });
        return account;
    }

    /**
     * Holds the mint's money on the funding account. The account pays as it would through a quote:
     * its holder's money goes only to the holder's own wallet (the platform's to the platform's),
     * a customer holder must be ready to pay, the account must be ACTIVE, and an embedded wallet
     * pays only with its owner's signature, which a mint does not carry.
     */
    private Uni<InternalAccount> holdOnInternalAccount(StablecoinOperation operation, String accountId, Stablecoin coin,
                                                       ExternalAccount wallet) {
        UUID id = Ids.uuidOf(IdType.INTERNAL_ACCOUNT, accountId, ErrorCode.INTERNAL_ACCOUNT_NOT_FOUND);
        return InternalAccount.<InternalAccount>findById(id).flatMap(account -> {
            if (account == null) {
                throw new ApiException(ErrorCode.INTERNAL_ACCOUNT_NOT_FOUND, "Internal account " + accountId + " not found");
            }
            if (!coin.baseCurrency.equals(account.currency)) {
                throw ApiException.invalidField("fundingSource.accountId", null,
                        "Must hold " + coin.baseCurrency + ", the stablecoin's base currency; it holds " + account.currency);
            }
            if (!Objects.equals(account.customerId, wallet.customerId)) {
                throw ApiException.invalidField("fundingSource.accountId", null,
                        "Must be held by the holder of " + wallet.wireId() + ", which receives the minted tokens");
            }
            if (!account.canTransact() || InternalAccount.EMBEDDED_WALLET.equals(account.type)) {
                throw ApiException.invalidField("fundingSource.accountId", null, "Internal account " + accountId + " is "
                        + (account.canTransact() ? "an embedded wallet, which pays only with its owner's signature" : account.status)
                        + " and cannot fund a mint");
            }
            Uni<Customer> holder = account.customerId == null ? Uni.createFrom().nullItem() : Customer.findById(account.customerId);
            return holder.flatMap(customer -> {
                if (customer != null) {
                    customer.requireNotDeleted().requireReadyToPay();
                }
                operation.fundingAccountId = account.id;
                return ledger.post(StablecoinJournals.hold(operation.id, account.id, account.currency, operation.fiatAmount))
                        .replaceWith(account);
            });
        });
    }

    /** Waits for a wire (mint) or a token deposit (burn) at the provider, for {@link #FUNDING_WINDOW}. */
    private Uni<StablecoinOperationResponse> awaitFunds(StablecoinOperation operation, Map<String, Object> source,
                                                       StablecoinProvider.Funding funding, Stablecoin coin) {
        operation.fundingInstructions = json.write(provider.fundingInstructions(funding, coin.providerTokenIdentifier, reference(operation)));
        operation.expiresAt = operation.createdAt.plus(FUNDING_WINDOW);
        return begin(operation, source, StablecoinOperation.PENDING_FUNDING);
    }

    private Uni<StablecoinOperationResponse> begin(StablecoinOperation operation, Map<String, Object> source, String status) {
        operation.source = json.write(source);
        StablecoinOperationStatus.move(operation, status);
        operation.providerStatus = providerStatus(status);
        Instant next = StablecoinOperation.PENDING_FUNDING.equals(status) ? operation.expiresAt : operation.createdAt.plus(provider.pollInterval());
        return operation.<StablecoinOperation>persist()
                .call(saved -> jobs.enqueue(TYPE, saved.id.toString(), next))
                .map(this::toWire);
    }

    // ---- Reading ---------------------------------------------------------------------------------

    @WithSession
    public Uni<Page<StablecoinOperationResponse>> list(String stablecoinId, String operationType, String limit, String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        return StablecoinService.find(stablecoinId).flatMap(coin -> {
            QueryFilters filters = new QueryFilters()
                    .equal("stablecoinId", "stablecoinId", coin.id)
                    .oneOf("operationType", "operationType", operationType, StablecoinRecords.OperationType.class)
                    .page("id", page);
            return Page.fetch(StablecoinOperation.<StablecoinOperation>find(filters.clause(), Sort.descending("id"), filters.params()),
                    () -> StablecoinOperation.count(filters.countClause(), filters.countParams()), page, o -> o.id.toString(), this::toWire);
        });
    }

    @WithSession
    public Uni<StablecoinOperationResponse> get(String operationId) {
        return find(operationId, false).map(this::toWire);
    }

    // ---- Moving on -------------------------------------------------------------------------------

    /**
     * The wire of a mint, or the tokens of a burn, reached the provider (the sandbox's trigger says
     * so for its simulated provider). Only an operation waiting for its funds can be funded; the
     * provider then processes it.
     */
    @WithTransaction
    public Uni<StablecoinOperationResponse> fund(String operationId) {
        return find(operationId, true).flatMap(operation -> {
            if (!StablecoinOperation.PENDING_FUNDING.equals(operation.status) || !clock.now().isBefore(operation.expiresAt)) {
                throw new ApiException(ErrorCode.INVALID_STATE_TRANSITION,
                        "Operation " + operation.wireId() + " is not waiting for funds (" + current(operation) + ")");
            }
            return received(operation).call(() -> askAgain(operation)).map(this::toWire);
        });
    }

    @Override
    public Uni<JobOutcome> handle(ClaimedJob job) {
        return Panache.withTransaction(() -> StablecoinOperation.<StablecoinOperation>findById(UUID.fromString(job.payload()),
                        LockModeType.PESSIMISTIC_WRITE)
                .flatMap(operation -> operation == null ? Uni.createFrom().voidItem() : advance(operation)))
                .replaceWith(JobOutcome.done());
    }

    /**
     * An operation's next step: one waiting for its funds expires at the end of its window; one handed
     * to the provider moves as the provider reports. A step that already happened (a job run twice)
     * changes nothing.
     */
    private Uni<Void> advance(StablecoinOperation operation) {
        return switch (operation.status) {
            case StablecoinOperation.PENDING_FUNDING -> clock.now().isBefore(operation.expiresAt) ? Uni.createFrom().voidItem()
                    : Uni.createFrom().voidItem().invoke(() -> move(operation, StablecoinOperation.EXPIRED));
            case StablecoinOperation.PENDING_PROVIDER, StablecoinOperation.PROCESSING -> counterparty(operation)
                    .flatMap(identifier -> apply(operation, provider.report(new StablecoinProvider.Handed(reference(operation),
                            operation.isMint(), operation.status, identifier))));
            default -> Uni.createFrom().voidItem();
        };
    }

    /**
     * The provider's report. Funds it received come first (a mint's outside fiat enters the reserve),
     * then the outcome; a failure before it had the funds (an ACH debit refused) books nothing as received.
     */
    private Uni<Void> apply(StablecoinOperation operation, StablecoinProvider.Report report) {
        boolean waiting = StablecoinOperation.PENDING_PROVIDER.equals(operation.status);
        if (waiting && report.progress() == StablecoinProvider.Progress.FAILED) {
            return refusedBeforeFunds(operation, report.failureReason());
        }
        Uni<StablecoinOperation> funded = waiting && report.progress() != StablecoinProvider.Progress.NOTHING_NEW
                ? received(operation) : Uni.createFrom().item(operation);
        return funded.flatMap(ignored -> switch (report.progress()) {
            case NOTHING_NEW, FUNDS_RECEIVED -> askAgain(operation);
            case COMPLETED -> finish(operation, Optional.empty());
            case FAILED -> finish(operation, Optional.of(report.failureReason()));
        });
    }

    /** FAILED before the provider had the funds: only a hold on a funding account, if any, goes back. */
    private Uni<Void> refusedBeforeFunds(StablecoinOperation operation, String reason) {
        operation.failureReason = reason;
        move(operation, StablecoinOperation.FAILED);
        return operation.isMint() && operation.fundingAccountId != null
                ? ledger.post(StablecoinJournals.release(operation.id, operation.fundingAccountId, operation.fiatCurrency, operation.fiatAmount))
                        .replaceWithVoid()
                : Uni.createFrom().voidItem();
    }

    /** The provider has the funds: PROCESSING, and a mint's outside fiat enters the reserve. */
    private Uni<StablecoinOperation> received(StablecoinOperation operation) {
        move(operation, StablecoinOperation.PROCESSING);
        Uni<Void> posted = operation.isMint() && operation.fundingAccountId == null
                ? ledger.post(StablecoinJournals.funded(operation.id, operation.fiatCurrency, operation.fiatAmount)).replaceWithVoid()
                : Uni.createFrom().voidItem();
        return posted.replaceWith(operation);
    }

    private Uni<Void> askAgain(StablecoinOperation operation) {
        return jobs.enqueue(TYPE, operation.id.toString(), clock.now().plus(provider.pollInterval())).replaceWithVoid();
    }

    private Uni<Void> finish(StablecoinOperation operation, Optional<String> failure) {
        String currency = operation.fiatCurrency;
        if (failure.isPresent()) {
            operation.failureReason = failure.get();
            move(operation, StablecoinOperation.FAILED);
            if (!operation.isMint()) {
                return Uni.createFrom().voidItem();
            }
            return ledger.post(operation.fundingAccountId != null
                    ? StablecoinJournals.release(operation.id, operation.fundingAccountId, currency, operation.fiatAmount)
                    : StablecoinJournals.returned(operation.id, currency, operation.fiatAmount)).replaceWithVoid();
        }
        move(operation, StablecoinOperation.COMPLETED);
        if (operation.isMint()) {
            return operation.fundingAccountId == null ? Uni.createFrom().voidItem()
                    : ledger.post(StablecoinJournals.mintedFromHold(operation.id, operation.fundingAccountId, currency, operation.fiatAmount))
                            .replaceWithVoid();
        }
        return ledger.post(StablecoinJournals.redeemed(operation.id, currency, operation.fiatAmount)).replaceWithVoid();
    }

    private void move(StablecoinOperation operation, String to) {
        StablecoinOperationStatus.move(operation, to);
        operation.providerStatus = providerStatus(to);
        operation.updatedAt = clock.now();
    }

    // ---- Helpers ---------------------------------------------------------------------------------

    private static List<FieldError> mintVariantErrors(StablecoinMintRequest request) {
        List<FieldError> errors = new ArrayList<>();
        StablecoinRecords.MintFundingSource funding = request.fundingSource();
        if (funding != null && funding.type() != null) {
            switch (funding.type()) {
                case "ACH_DEBIT", "SAME_DAY_ACH_DEBIT" -> requireField(errors, "fundingSource.externalAccountId", funding.externalAccountId());
                case "GRID_INTERNAL_ACCOUNT" -> requireField(errors, "fundingSource.accountId", funding.accountId());
                case "PROVIDER_INTERNAL_BALANCE" -> {
                    requireField(errors, "fundingSource.sourceTokenIdentifier", funding.sourceTokenIdentifier());
                    requireField(errors, "fundingSource.cryptoNetwork", funding.cryptoNetwork());
                }
                default -> { }
            }
        }
        return errors;
    }

    private static List<FieldError> burnVariantErrors(StablecoinBurnRequest request) {
        List<FieldError> errors = new ArrayList<>();
        if (request.source() != null && "GRID_INTERNAL_ACCOUNT".equals(request.source().type())) {
            requireField(errors, "source.accountId", request.source().accountId());
        }
        return errors;
    }

    private static void requireField(List<FieldError> errors, String field, String value) {
        if (value == null || value.isBlank()) {
            errors.add(FieldError.of(field, "Is required for this type"));
        }
    }

    /** The identifier the provider's outcome is read from: a mint's wallet address, a burn's bank account number. */
    private Uni<String> counterparty(StablecoinOperation operation) {
        UUID destination = Ids.uuidOf(IdType.EXTERNAL_ACCOUNT, json.read(operation.destination).path("accountId").asText(),
                ErrorCode.EXTERNAL_ACCOUNT_NOT_FOUND);
        return ExternalAccount.<ExternalAccount>findById(destination).map(account -> account == null ? "" : identifier(account));
    }

    private static String identifier(ExternalAccount account) {
        return AccountInfoRules.primaryIdentifier(JsonText.parse(account.accountInfo));
    }

    private static String reference(StablecoinOperation operation) {
        String hex = operation.id.toString().replace("-", "");
        return "SC" + hex.substring(hex.length() - 12).toUpperCase();
    }

    private static String providerStatus(String status) {
        return switch (status) {
            case StablecoinOperation.PENDING_FUNDING -> "awaiting_funds";
            case StablecoinOperation.PENDING_PROVIDER -> "pending";
            case StablecoinOperation.PROCESSING -> "processing";
            case StablecoinOperation.COMPLETED -> "complete";
            case StablecoinOperation.EXPIRED -> "expired";
            default -> "failed";
        };
    }

    private String current(StablecoinOperation operation) {
        return StablecoinOperation.PENDING_FUNDING.equals(operation.status) && !clock.now().isBefore(operation.expiresAt)
                ? StablecoinOperation.EXPIRED : operation.status;
    }

    private static Uni<StablecoinOperation> find(String operationId, boolean forUpdate) {
        return Ids.find(IdType.STABLECOIN_OPERATION, operationId, ErrorCode.STABLECOIN_OPERATION_NOT_FOUND, "Stablecoin operation",
                id -> forUpdate ? StablecoinOperation.<StablecoinOperation>findById(id, LockModeType.PESSIMISTIC_WRITE)
                        : StablecoinOperation.<StablecoinOperation>findById(id));
    }

    StablecoinOperationResponse toWire(StablecoinOperation operation) {
        return new StablecoinOperationResponse(operation.wireId(), IdType.STABLECOIN.wireId(operation.stablecoinId),
                operation.operationType, current(operation), operation.amount.toString(), StablecoinProvider.BRALE,
                operation.providerEnvironment, IdType.STABLECOIN_PROVIDER_ACCOUNT.wireId(operation.providerAccountId),
                jsonOrNull(operation.source), jsonOrNull(operation.fundingInstructions), jsonOrNull(operation.destination),
                jsonOrNull(operation.estimatedDelivery), operation.expiresAt == null ? null : operation.expiresAt.toString(),
                operation.providerStatus, operation.failureReason, operation.description, operation.createdAt.toString(),
                operation.updatedAt.toString());
    }

    private JsonNode jsonOrNull(String text) {
        return text == null ? null : json.read(text);
    }
}
