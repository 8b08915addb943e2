package payments.card;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.account.CardCapabilities;
import payments.account.CardPrograms;
import payments.account.InternalAccount;
import payments.card.CardResource.CardCreateRequest;
import payments.card.CardResource.CardUpdateRequest;
import payments.card.CardView.CardResponse;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.common.jobs.Jobs;
import payments.common.schema.JsonSchema;
import payments.customer.Customer;
import payments.customer.CustomerService;
import payments.platform.PlatformConfigService;
import payments.webhook.EventType;
import payments.webhook.WebhookPublisher;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Issuing, reading and changing cards: the rules of POST, GET and PATCH /cards. */
@ApplicationScoped
public class CardService {

    public static final ErrorCode NOT_FOUND = ErrorCode.CARD_NOT_FOUND;

    static final String PASSWORD = "threeDSecurePassword";
    private static final List<String> CHANGES = List.of("status", "fundingSource", "maxSpendPerTransaction", "maxSpendPerDay",
            "maxTransactionsPerDay", PASSWORD);
    /** Any constant: issuances take this transaction-scoped lock to count live cards one at a time. */
    private static final long ISSUANCE_LOCK = 0x43415244L;

    private static final String LIMITS = """
            "maxSpendPerTransaction": {"type": "integer", "minimum": 1, "maximum": 9007199254740991},
            "maxSpendPerDay": {"type": "integer", "minimum": 1, "maximum": 9007199254740991},
            "maxTransactionsPerDay": {"type": "integer", "minimum": 1, "maximum": 2147483647},
            "threeDSecurePassword": {"type": "string", "minLength": 1, "maxLength": 128}""";
    private static final JsonSchema CREATE = JsonSchema.parse(JsonText.parse("""
            {"type": "object", "required": ["customerId", "form", "fundingSource"],
             "properties": {
               "customerId": {"type": "string"},
               "form": {"type": "string", "enum": ["VIRTUAL"]},
               "fundingSource": {"type": "string"},
               "platformCardId": {"type": "string"},
            """ + LIMITS + "}}"));
    private static final JsonSchema UPDATE = JsonSchema.parse(JsonText.parse("""
            {"type": "object",
             "properties": {
               "status": {"type": "string", "enum": ["ACTIVE", "FROZEN", "CLOSED"]},
               "fundingSource": {"type": "string"},
            """ + LIMITS + "}}"));

    private final CardView view;
    private final CardIssuer issuer;
    private final CardPrograms programs;
    private final CardAuthorizations authorizations;
    private final PlatformConfigService platform;
    private final WebhookPublisher webhooks;
    private final Jobs jobs;
    private final ServerClock clock;
    private final ServerConfig config;
    private final JsonText json;

    public CardService(CardView view, CardIssuer issuer, CardPrograms programs, CardAuthorizations authorizations,
                       PlatformConfigService platform, WebhookPublisher webhooks, Jobs jobs, ServerClock clock,
                       ServerConfig config, JsonText json) {
        this.view = view;
        this.issuer = issuer;
        this.programs = programs;
        this.authorizations = authorizations;
        this.platform = platform;
        this.webhooks = webhooks;
        this.jobs = jobs;
        this.clock = clock;
        this.config = config;
        this.json = json;
    }

    /** 501 NOT_IMPLEMENTED where no card issuer is configured (production mode today). */
    public void requireIssuer() {
        if (!issuer.available()) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "Cards are not available: this server has no card issuer"
                    + " configured (the sandbox simulates one)");
        }
    }

    /**
     * POST /cards: a PROCESSING card, provisioned by a job. Field problems are reported together
     * (the capability rules need the funding account, so it is read first when the ids are
     * well-formed); then the cardholder's KYC, the funding source and the live-card maximum.
     */
    @WithTransaction
    public Uni<CardResponse> issue(JsonBody<CardCreateRequest> body) {
        requireIssuer();
        JsonBodies.Bound<CardCreateRequest> checked = body.checked(CREATE);
        List<FieldError> errors = new ArrayList<>(checked.typeErrors());
        CardCreateRequest request = checked.value();
        String customerId = request.customerId();
        String fundingSource = request.fundingSource();
        boolean customerIdValid = FieldError.checkId("customerId", IdType.CUSTOMER, customerId, errors);
        boolean fundingValid = FieldError.checkId("fundingSource", IdType.INTERNAL_ACCOUNT, fundingSource, errors);
        if (customerId == null || fundingSource == null || !customerIdValid || !fundingValid) {
            throw ApiException.invalidInput(errors);
        }
        return CustomerService.findForChange(customerId).flatMap(customer -> fundingAccount(fundingSource).flatMap(account -> {
            CardCapabilities capabilities = fundingCapabilities(account, customer.id);
            if (capabilities != null) {
                errors.addAll(limitErrors(checked, capabilities));
                errors.addAll(passwordErrors(checked, request.threeDSecurePassword(), capabilities, true));
            }
            if (!errors.isEmpty()) {
                throw ApiException.invalidInput(errors);
            }
            if (!"APPROVED".equals(customer.verificationStatus)) {
                throw new ApiException(ErrorCode.CARDHOLDER_KYC_NOT_APPROVED, "Customer " + customer.wireId() + "'s "
                        + customer.statusField() + " is " + customer.verificationStatus + "; cards need APPROVED");
            }
            requireFundable(account, capabilities, fundingSource);
            return requireRoomForCard().flatMap(ignored -> create(customer, account, capabilities, request));
        }));
    }

    private Uni<CardResponse> create(Customer customer, InternalAccount account, CardCapabilities capabilities, CardCreateRequest request) {
        Card card = new Card();
        card.id = Ids.newUuid();
        card.customerId = customer.id;
        CardStatus.issue(card);
        card.form = Card.VIRTUAL;
        card.fundingAccountId = account.id;
        card.currency = account.currency;
        String hex = card.id.toString().replace("-", "");
        card.platformCardId = "card_" + hex;
        card.processorRef = "proc_" + hex.substring(16);
        card.issuerRef = "iss_" + hex.substring(12, 28);
        card.maxSpendPerTransaction = request.maxSpendPerTransaction();
        card.maxSpendPerDay = request.maxSpendPerDay();
        card.maxTransactionsPerDay = request.maxTransactionsPerDay();
        card.capabilities = json.write(capabilities);
        card.createdAt = clock.now();
        card.updatedAt = card.createdAt;
        if (request.threeDSecurePassword() != null) {
            issuer.setThreeDSecurePassword(card.id, request.threeDSecurePassword());
        }
        return card.<Card>persist()
                .call(() -> jobs.enqueueNow(CardProvisioning.TYPE, card.id.toString()))
                .map(view::toWire);
    }

    /** 400 CARD_LIMIT_REACHED when the platform already holds its maximum of cards not CLOSED. */
    private Uni<Void> requireRoomForCard() {
        return platform.settings().flatMap(settings -> {
            Integer own = settings.cards().maxLiveCards();
            int maximum = own == null ? config.cards().maxLiveCards() : Math.min(own, config.cards().maxLiveCards());
            return Panache.getSession()
                    .flatMap(session -> session.createNativeQuery("SELECT CAST(pg_advisory_xact_lock(:key) AS text)", String.class)
                            .setParameter("key", ISSUANCE_LOCK).getSingleResult())
                    .flatMap(locked -> Card.count("status <> ?1", CardStatus.CLOSED))
                    .invoke(live -> {
                        if (live >= maximum) {
                            throw new ApiException(ErrorCode.CARD_LIMIT_REACHED, "The platform holds " + live
                                    + " cards that are not CLOSED, its maximum; close one or raise cardConfigs.maxLiveCards");
                        }
                    })
                    .replaceWithVoid();
        });
    }

    private static Uni<InternalAccount> fundingAccount(String fundingSource) {
        return InternalAccount.findById(Ids.uuidOf(IdType.INTERNAL_ACCOUNT, fundingSource, ErrorCode.INTERNAL_ACCOUNT_NOT_FOUND));
    }

    /** The capabilities of a card funded by {@code account} for {@code customerId}; null when it cannot fund one. */
    private CardCapabilities fundingCapabilities(InternalAccount account, UUID customerId) {
        if (account == null || !customerId.equals(account.customerId)) {
            return null;
        }
        return programs.capabilities(account).orElse(null);
    }

    /** 400 FUNDING_SOURCE_INELIGIBLE, saying why, unless the account can fund this customer's card. */
    private void requireFundable(InternalAccount account, CardCapabilities capabilities, String fundingSource) {
        if (capabilities != null && !issuer.refusesFunding(account.id)) {
            return;
        }
        String why;
        if (capabilities != null) {
            why = "the card issuer refuses to bind it";
        } else if (account == null || account.customerId == null) {
            why = "it is not an internal account of this customer";
        } else if (!programs.eligibleCurrency(account.currency)) {
            why = account.currency + " is not a card-eligible currency";
        } else if (!account.canTransact()) {
            why = "it is " + account.status;
        } else {
            why = "it is not an internal account of this customer that can fund a card (" + account.type + ")";
        }
        throw new ApiException(ErrorCode.FUNDING_SOURCE_INELIGIBLE, "fundingSource " + fundingSource + " cannot fund this card: " + why,
                java.util.Map.of("field", "fundingSource"));
    }

    /** Limits set (sent with a value, even one refused) only where the card program has the capability. */
    private static List<FieldError> limitErrors(JsonBodies.Bound<?> body, CardCapabilities capabilities) {
        List<FieldError> errors = new ArrayList<>();
        if (!capabilities.supportsSpendLimitsAtIssuance()) {
            for (String limit : List.of("maxSpendPerTransaction", "maxSpendPerDay")) {
                if (givenValue(body, limit)) {
                    errors.add(FieldError.of(limit, "Spend limits are not supported for cards funded by this account"
                            + " (cardCapabilities.supportsSpendLimitsAtIssuance is false)"));
                }
            }
        }
        if (givenValue(body, "maxTransactionsPerDay") && !capabilities.supportsTransactionCountLimit()) {
            errors.add(FieldError.of("maxTransactionsPerDay", "Transaction-count limits are not supported for cards funded by"
                    + " this account (cardCapabilities.supportsTransactionCountLimit is false)"));
        }
        return errors;
    }

    private static boolean givenValue(JsonBodies.Bound<?> body, String field) {
        return body.sent(field) && !body.sentAsNull(field);
    }

    /** The static 3-D Secure password only where the program has the capability, never blank; at issuance exactly there. */
    private static List<FieldError> passwordErrors(JsonBodies.Bound<?> body, String password, CardCapabilities capabilities,
                                                   boolean issuing) {
        boolean given = givenValue(body, PASSWORD);
        if (given && !capabilities.supports3dSecurePassword()) {
            return List.of(FieldError.of(PASSWORD, "A static 3-D Secure password is not supported for cards funded by this"
                    + " account (cardCapabilities.supports3dSecurePassword is false)"));
        }
        if (password != null && password.isBlank()) {
            return List.of(new FieldError(PASSWORD, FieldError.Constraint.length(1, 128), "Must not be empty or whitespace only"));
        }
        if (!given && issuing && capabilities.supports3dSecurePassword()) {
            return List.of(FieldError.of(PASSWORD, "Is required: cards funded by this account use a static 3-D Secure password"
                    + " (cardCapabilities.supports3dSecurePassword is true)"));
        }
        return List.of();
    }

    @WithSession
    public Uni<CardResponse> get(String cardId) {
        requireIssuer();
        return find(cardId, false).map(view::toWire);
    }

    public static Uni<Card> find(String cardId, boolean forUpdate) {
        return Ids.find(IdType.CARD, cardId, NOT_FOUND, "Card", id -> forUpdate
                ? Card.findById(id, LockModeType.PESSIMISTIC_WRITE) : Card.findById(id));
    }

    /** GET /cards filters. */
    public record CardListQuery(String customerId, String accountId, String platformCardId, String status, String sortOrder,
                                String limit, String cursor) {
    }

    @WithSession
    public Uni<Page<CardResponse>> list(CardListQuery query) {
        requireIssuer();
        PageRequest page = PageRequest.of(query.limit(), query.cursor());
        List<FieldError> errors = new ArrayList<>();
        boolean ascending = PageRequest.ascending(query.sortOrder(), errors);
        if (query.status() != null && !CardStatus.ALL.contains(query.status())) {
            errors.add(new FieldError("status", FieldError.Constraint.oneOf(CardStatus.ALL), "Not a card status"));
        }
        FieldError.checkId("customerId", IdType.CUSTOMER, query.customerId(), errors);
        FieldError.checkId("accountId", IdType.INTERNAL_ACCOUNT, query.accountId(), errors);
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        QueryFilters filters = new QueryFilters()
                .equal("customerId", "customerId", query.customerId() == null ? null
                        : Ids.uuidOf(IdType.CUSTOMER, query.customerId(), CustomerService.NOT_FOUND))
                .equal("fundingAccountId", "accountId", query.accountId() == null ? null
                        : Ids.uuidOf(IdType.INTERNAL_ACCOUNT, query.accountId(), ErrorCode.INTERNAL_ACCOUNT_NOT_FOUND))
                .equal("platformCardId", "platformCardId", query.platformCardId())
                .equal("status", "status", query.status())
                .page("id", page, ascending);
        Sort sort = ascending ? Sort.ascending("id") : Sort.descending("id");
        return Page.fetch(Card.<Card>find(filters.clause(), sort, filters.params()),
                () -> Card.count(filters.countClause(), filters.countParams()), page, c -> c.id.toString(), view::toWire);
    }

    /**
     * PATCH /cards/{id}: status (freeze, unfreeze, close), limits (omitted: kept, null: cleared),
     * a new 3-D Secure password, another funding source. Closing is final and goes alone.
     */
    @WithTransaction
    public Uni<CardResponse> update(String cardId, JsonBody<CardUpdateRequest> body) {
        requireIssuer();
        return find(cardId, true).flatMap(card -> {
            JsonBodies.Bound<CardUpdateRequest> checked = body.checked(UPDATE);
            CardUpdateRequest request = checkUpdate(card, checked);
            String requested = request.status();
            CardStatus.requireMutable(card.status, requested);
            if (requested != null) {
                CardStatus.requireMove(card.status, requested);
            }
            return changeFunding(card, request.fundingSource()).flatMap(fundingChanged -> {
                applyLimits(card, checked);
                if (request.threeDSecurePassword() != null) {
                    issuer.setThreeDSecurePassword(card.id, request.threeDSecurePassword());
                }
                boolean statusChanged = requested != null && !requested.equals(card.status);
                card.updatedAt = clock.now();
                Uni<Void> effects = Uni.createFrom().voidItem();
                if (statusChanged) {
                    CardStatus.request(card, requested);
                    if (CardStatus.CLOSED.equals(requested)) {
                        card.statusReason = CardStatus.CLOSED_BY_PLATFORM;
                        effects = authorizations.settlePendingPulls(card);
                    }
                }
                CardResponse wire = view.toWire(card);
                return effects
                        .call(() -> fundingChanged ? webhooks.publish(EventType.CARD_FUNDING_SOURCE_CHANGE, wire) : Uni.createFrom().voidItem())
                        .call(() -> statusChanged ? webhooks.publish(EventType.CARD_STATUS_CHANGE, wire) : Uni.createFrom().voidItem())
                        .replaceWith(wire);
            });
        });
    }

    /** Every field problem of a PATCH body, at once (400 INVALID_INPUT); the request when there is none. */
    private CardUpdateRequest checkUpdate(Card card, JsonBodies.Bound<CardUpdateRequest> checked) {
        List<FieldError> errors = new ArrayList<>(checked.typeErrors());
        CardUpdateRequest request = checked.value();
        if (CHANGES.stream().noneMatch(checked::sent)) {
            errors.add(FieldError.of("body", "Send at least one of " + String.join(", ", CHANGES)));
        }
        for (String field : List.of("status", "fundingSource", PASSWORD)) {
            if (checked.sentAsNull(field)) {
                errors.add(FieldError.of(field, "fundingSource".equals(field)
                        ? "Cannot be null: a card always has a funding source (freeze the card to stop spending)"
                        : "Cannot be null"));
            }
        }
        if (CardStatus.CLOSED.equals(request.status())) {
            CHANGES.stream().filter(field -> !"status".equals(field) && checked.sent(field)).forEach(field ->
                    errors.add(FieldError.of(field, "Cannot be combined with status CLOSED: closing is final")));
        }
        FieldError.checkId("fundingSource", IdType.INTERNAL_ACCOUNT, request.fundingSource(), errors);
        CardCapabilities capabilities = view.capabilities(card);
        errors.addAll(limitErrors(checked, capabilities));
        errors.addAll(passwordErrors(checked, request.threeDSecurePassword(), capabilities, false));
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        return request;
    }

    /** Limits sent are set (sent as null: cleared); limits not sent are kept. */
    private static void applyLimits(Card card, JsonBodies.Bound<CardUpdateRequest> checked) {
        CardUpdateRequest request = checked.value();
        if (checked.sent("maxSpendPerTransaction")) {
            card.maxSpendPerTransaction = request.maxSpendPerTransaction();
        }
        if (checked.sent("maxSpendPerDay")) {
            card.maxSpendPerDay = request.maxSpendPerDay();
        }
        if (checked.sent("maxTransactionsPerDay")) {
            card.maxTransactionsPerDay = request.maxTransactionsPerDay();
        }
    }

    /** Binds another funding source (same customer, same currency, card-eligible); true when it changed. */
    private Uni<Boolean> changeFunding(Card card, String fundingSource) {
        if (fundingSource == null) {
            return Uni.createFrom().item(false);
        }
        return fundingAccount(fundingSource).map(account -> {
            CardCapabilities capabilities = fundingCapabilities(account, card.customerId);
            requireFundable(account, capabilities, fundingSource);
            if (!card.currency.equals(account.currency)) {
                throw new ApiException(ErrorCode.FUNDING_SOURCE_INELIGIBLE, "fundingSource " + fundingSource + " holds "
                        + account.currency + "; this card spends " + card.currency, java.util.Map.of("field", "fundingSource"));
            }
            boolean changed = !account.id.equals(card.fundingAccountId);
            card.fundingAccountId = account.id;
            return changed;
        });
    }
}
