package payments.account;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Sort;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.persistence.LockModeType;
import payments.account.InternalAccountView.InternalAccountResponse;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.WalletOwnerConsent;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.common.RequestValidator;
import payments.common.ServerClock;
import payments.common.jobs.Jobs;
import payments.customer.Customer;
import payments.customer.CustomerAccounts;
import payments.customer.CustomerService;
import payments.platform.PlatformConfigService;
import payments.platform.PlatformSettings;
import payments.webhook.EventType;
import payments.webhook.WebhookPublisher;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** Internal accounts: provisioning for customers and the platform, listing, and label updates. */
@ApplicationScoped
public class InternalAccountService implements CustomerAccounts {

    /** The funding instructions of an account nothing can be paid into (yet, or any more). */
    static final String NO_INSTRUCTIONS = "[]";
    private final FundingAccounts fundingAccounts;

    public static final ErrorCode NOT_FOUND = ErrorCode.INTERNAL_ACCOUNT_NOT_FOUND;
    private static final Set<String> TYPES = Set.of(InternalAccount.INTERNAL_FIAT, InternalAccount.INTERNAL_CRYPTO,
            InternalAccount.EMBEDDED_WALLET, InternalAccount.RULE_BASED);

    private final InternalAccountView view;
    private final JsonText json;
    private final PlatformConfigService platform;
    private final RequestValidator validator;
    private final Jobs jobs;
    private final ServerClock clock;
    private final WebhookPublisher webhooks;
    private final AccountLookup inSession = new AccountLookup() {
        @Override
        public Uni<InternalAccount> account(String accountId) {
            return find(accountId, false);
        }

        @Override
        public Uni<Customer> holder(UUID customerId) {
            return customerId == null ? Uni.createFrom().nullItem() : Customer.findById(customerId);
        }
    };

    private final AccountOutcomes outcomes;
    private final WalletOpening walletOpening;
    private final WalletOwnerConsent ownerConsent;
    private final AccountClosures closures;

    public InternalAccountService(InternalAccountView view, JsonText json, PlatformConfigService platform, RequestValidator validator,
                                  Jobs jobs, ServerClock clock, WebhookPublisher webhooks, AccountOutcomes outcomes,
                                  WalletOpening walletOpening, WalletOwnerConsent ownerConsent, AccountClosures closures,
                                  FundingAccounts fundingAccounts) {
        this.fundingAccounts = fundingAccounts;
        this.ownerConsent = ownerConsent;
        this.closures = closures;
        this.outcomes = outcomes;
        this.walletOpening = walletOpening;
        this.webhooks = webhooks;
        this.view = view;
        this.json = json;
        this.platform = platform;
        this.validator = validator;
        this.jobs = jobs;
        this.clock = clock;
    }

    @Override
    public Uni<Void> provision(Customer customer, List<String> currencies, PlatformSettings settings) {
        return InternalAccount.<InternalAccount>list("customerId = ?1 and type <> ?2", customer.id, InternalAccount.RULE_BASED)
                .flatMap(existing -> {
                    Uni<Void> chain = Uni.createFrom().voidItem();
                    for (String currency : withoutAccount(existing, currencies)) {
                        String type = InternalAccount.typeFor(currency);
                        if (InternalAccount.EMBEDDED_WALLET.equals(type) && !settings.supportedCurrencyCodes().contains("USDB")) {
                            continue;
                        }
                        InternalAccount account = newAccount(customer.id, type, currency, InternalAccount.PENDING);
                        chain = chain.call(() -> open(account));
                        if (InternalAccount.EMBEDDED_WALLET.equals(type)) {
                            chain = chain.call(() -> walletOpening.opened(account, customer));
                        }
                    }
                    return chain;
                });
    }

    @WithSession
    public Uni<Page<InternalAccountResponse>> listCustomerAccounts(String currency, String customerId, String type,
                                                                   String limit, String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        checkType(type);
        QueryFilters filters = new QueryFilters()
                .where("customerId is not null")
                .equal("currency", "currency", currency)
                .equal("type", "type", type)
                .page("id", page);
        if (customerId != null) {
            if (!Ids.isValid(IdType.CUSTOMER, customerId)) {
                throw ApiException.invalidField("customerId", FieldError.Constraint.idOf(IdType.CUSTOMER), "Must be a Customer id");
            }
            filters.equal("customerId", "customerId", CustomerService.uuidOf(customerId));
        }
        return pageOf(filters, page);
    }

    /** The spec's GET /internal-account: one customer's accounts, optionally in one currency. */
    @WithSession
    public Uni<Page<InternalAccountResponse>> listForCustomer(String customerId, String currency, String limit,
                                                              String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        QueryFilters filters = new QueryFilters()
                .where("customerId is not null")
                .equal("customerId", "customerId", customerId == null ? null : CustomerService.uuidOf(customerId))
                .equal("currency", "currency", currency)
                .page("id", page);
        // Without customerId: every customer's accounts (the platform's own are under /platform/internal-accounts).
        return customerId == null ? pageOf(filters, page) : CustomerService.find(customerId, false).flatMap(customer -> pageOf(filters, page));
    }

    /**
     * Opens the platform's accounts for the supported currencies before the server takes requests,
     * so reading them changes nothing; a currency added later is opened on its first use.
     */
    void openPlatformAccounts(@Observes @Priority(30) StartupEvent event) throws Throwable {
        VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(
                () -> platform.settings().flatMap(settings -> ensurePlatformAccounts(settings.supportedCurrencyCodes()))));
    }

    /** The platform's own accounts, one per supported currency (see {@link #openPlatformAccounts}). */
    @WithTransaction
    public Uni<List<InternalAccountResponse>> listPlatformAccounts(String currency, String type) {
        checkType(type);
        return platform.settings().flatMap(settings -> ensurePlatformAccounts(settings.supportedCurrencyCodes()))
                .flatMap(ignored -> {
                    QueryFilters filters = new QueryFilters().where("customerId is null")
                            .equal("currency", "currency", currency).equal("type", "type", type);
                    return InternalAccount.<InternalAccount>find(filters.countClause(), Sort.ascending("id"), filters.countParams()).list();
                })
                .map(accounts -> accounts.stream().map(view::toWire).toList());
    }

    /** Opens the platform's missing accounts; safe to run from several instances at once. */
    public Uni<Void> ensurePlatformAccounts(List<String> currencies) {
        return InternalAccount.<InternalAccount>list("customerId is null and type <> ?1", InternalAccount.RULE_BASED)
                .flatMap(existing -> {
                    Uni<Void> chain = Uni.createFrom().voidItem();
                    for (String currency : withoutAccount(existing, currencies)) {
                        String type = InternalAccount.typeFor(currency);
                        InternalAccount account = newAccount(null, type, currency, InternalAccount.ACTIVE);
                        account.fundingInstructions = json.write(fundingAccounts.instructions(account.id, currency, "Platform"));
                        chain = chain.call(() -> Panache.getSession().flatMap(session -> session.createNativeQuery("""
                                INSERT INTO internal_accounts (id, customer_id, type, currency, status, funding_instructions,
                                    created_at, updated_at)
                                VALUES (:id, NULL, :type, :currency, 'ACTIVE', :instructions, :now, :now)
                                ON CONFLICT DO NOTHING""")
                                .setParameter("id", account.id).setParameter("type", type)
                                .setParameter("currency", currency)
                                .setParameter("instructions", account.fundingInstructions)
                                .setParameter("now", account.createdAt).executeUpdate())).replaceWithVoid();
                    }
                    return chain;
                });
    }

    /**
     * PATCH /internal-accounts/{id}: the account as changed, or, when the body sets an embedded
     * wallet's privateEnabled, first its owner's signed retry (the 202 challenge body).
     */
    @WithTransaction
    public Uni<Object> update(String accountId, JsonBody<InternalAccountUpdateRequest> body, WalletOwnerConsent.Signature signature) {
        InternalAccountUpdateRequest request = validator.validate(body.bound(), List.of());
        Uni<Void> dependentsFirst = InternalAccount.CLOSED.equals(request.status())
                ? closures.lockDependents(List.of(Ids.uuidOf(IdType.INTERNAL_ACCOUNT, accountId, NOT_FOUND))) : Uni.createFrom().voidItem();
        return dependentsFirst.flatMap(locked -> find(accountId, true)).flatMap(account -> {
            if (request.privateEnabled() != null && !InternalAccount.EMBEDDED_WALLET.equals(account.type)) {
                throw ApiException.invalidField("privateEnabled", null, "Only EMBEDDED_WALLET accounts have wallet privacy");
            }
            Uni<java.util.Optional<Object>> consent = request.privateEnabled() == null ? Uni.createFrom().item(java.util.Optional.empty())
                    : ownerConsent.require(account.id, "UPDATE_WALLET", body.tree(), "ACTIVITY_TYPE_UPDATE_WALLET_SETTINGS",
                    java.util.Map.of("privateEnabled", request.privateEnabled()), signature);
            return consent.flatMap(challenge -> challenge.isPresent() ? Uni.createFrom().item(challenge.get()) : apply(account, request));
        });
    }

    private Uni<Object> apply(InternalAccount account, InternalAccountUpdateRequest request) {
        if (request.label() != null) {
            account.label = request.label().isBlank() ? null : request.label();
        }
        if (request.privateEnabled() != null) {
            account.privateEnabled = request.privateEnabled();
        }
        account.updatedAt = clock.now();
        if (request.status() == null || request.status().equals(account.status)) {
            return Uni.createFrom().item(view.toWire(account));
        }
        AccountStatus.request(account, request.status());
        return announceStatus(account).map(ignored -> view.toWire(account));
    }

    /**
     * Each account closes with INTERNAL_ACCOUNT.STATUS_UPDATED; the 409 names the accounts that
     * hold money (a balance, or a payment in flight held on it), which would otherwise be stranded.
     */
    @Override
    public Uni<Void> closeAllOf(UUID customerId) {
        return Panache.getSession().flatMap(session -> session.createSelectionQuery(
                        "select a.id from InternalAccount a where a.customerId = :customer", UUID.class)
                        .setParameter("customer", customerId).getResultList())
                .flatMap(closures::lockDependents)
                .flatMap(locked -> InternalAccount.<InternalAccount>find("customerId = ?1 order by id", customerId)
                        .withLock(LockModeType.PESSIMISTIC_WRITE).list())
                .flatMap(accounts -> {
                    List<String> holding = accounts.stream().filter(account -> account.totalBalance != 0)
                            .map(account -> account.wireId() + " (" + account.totalBalance + " " + account.currency + ")")
                            .toList();
                    if (!holding.isEmpty()) {
                        throw new ApiException(ErrorCode.CONFLICT, "The customer still holds money in " + String.join(", ", holding)
                                + "; move it out (and let payments in flight end) before deleting the customer");
                    }
                    Uni<Void> chain = Uni.createFrom().voidItem();
                    for (InternalAccount account : accounts) {
                        if (InternalAccount.CLOSED.equals(account.status) || InternalAccount.FAILED.equals(account.status)) {
                            continue;
                        }
                        chain = chain.call(() -> {
                            AccountStatus.holderDeleted(account);
                            return announceStatus(account);
                        });
                    }
                    return chain;
                });
    }

    /**
     * An account that has just moved to another status: INTERNAL_ACCOUNT.STATUS_UPDATED; a closed
     * account's funding instructions are withdrawn (nothing can be paid into it any more), with
     * INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED.
     */
    private Uni<Void> announceStatus(InternalAccount account) {
        String status = account.status;
        account.updatedAt = clock.now();
        boolean withdraws = InternalAccount.CLOSED.equals(status) && !NO_INSTRUCTIONS.equals(account.fundingInstructions);
        if (withdraws) {
            account.fundingInstructions = NO_INSTRUCTIONS;
        }
        Uni<Void> statusUpdated = webhooks.publish(EventType.INTERNAL_ACCOUNT_STATUS_UPDATED, view.toWire(account)).replaceWithVoid();
        Uni<Void> announced = withdraws ? statusUpdated.call(() -> webhooks.publish(EventType.INTERNAL_ACCOUNT_FUNDING_INSTRUCTIONS_UPDATED,
                view.toWire(account))) : statusUpdated;
        return InternalAccount.CLOSED.equals(status) ? announced.call(() -> closures.closed(account)) : announced;
    }

    @WithSession
    public Uni<InternalAccountResponse> get(String accountId) {
        return find(accountId, false).map(view::toWire);
    }

    /** Accounts and holders read through the caller's Panache session. */
    public AccountLookup inSession() {
        return inSession;
    }

    public Uni<InternalAccount> find(String accountId, boolean forUpdate) {
        return Ids.find(IdType.INTERNAL_ACCOUNT, accountId, NOT_FOUND, "Internal account", id -> forUpdate
                ? InternalAccount.findById(id, LockModeType.PESSIMISTIC_WRITE) : InternalAccount.findById(id));
    }

    private Uni<Page<InternalAccountResponse>> pageOf(QueryFilters filters, PageRequest page) {
        return Page.fetch(InternalAccount.<InternalAccount>find(filters.clause(), Sort.descending("id"), filters.params()),
                () -> InternalAccount.count(filters.countClause(), filters.countParams()), page, a -> a.id.toString(), view::toWire);
    }

    /** Saves a new PENDING account and schedules its activation. */
    Uni<Void> open(InternalAccount account) {
        return account.persist().call(() -> jobs.enqueueNow(InternalAccountActivation.TYPE, account.id.toString()))
                .replaceWithVoid();
    }

    InternalAccount newAccount(UUID customerId, String type, String currency, String status) {
        Instant now = clock.now();
        InternalAccount account = new InternalAccount();
        do {
            account.id = Ids.newUuid();
        } while (outcomes.reservedId(account.id));
        account.customerId = customerId;
        account.type = type;
        account.currency = currency;
        AccountStatus.open(account, status);
        account.fundingInstructions = NO_INSTRUCTIONS;
        account.privateEnabled = InternalAccount.EMBEDDED_WALLET.equals(type) ? Boolean.FALSE : null;
        account.createdAt = now;
        account.updatedAt = now;
        return account;
    }

    /** 400 unless {@code type} (a filter or a request's) is null or an internal account type. */
    public static void checkType(String type) {
        if (type != null && !TYPES.contains(type)) {
            throw ApiException.invalidField("type", FieldError.Constraint.oneOf(List.copyOf(new java.util.TreeSet<>(TYPES))),
                    "Not an internal account type");
        }
    }

    /** The currencies among {@code wanted} with no account of their type in {@code existing}. */
    static List<String> withoutAccount(List<InternalAccount> existing, List<String> wanted) {
        return wanted.stream().filter(currency -> existing.stream().noneMatch(account ->
                account.currency.equals(currency) && account.type.equals(InternalAccount.typeFor(currency)))).toList();
    }

    /**
     * PATCH body: label, status for the platform's freeze / unfreeze / close decisions (this server's
     * addition), and an embedded wallet's privateEnabled (signed by its owner).
     */
    public record InternalAccountUpdateRequest(@jakarta.validation.constraints.Size(max = 255) String label,
                                               @jakarta.validation.constraints.Pattern(regexp = "ACTIVE|FROZEN|CLOSED",
                                                       message = "must be ACTIVE, FROZEN or CLOSED") String status,
                                               Boolean privateEnabled) {
    }
}
