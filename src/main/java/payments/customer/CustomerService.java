package payments.customer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
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
import payments.common.ServerClock;
import payments.common.UniqueViolation;
import payments.common.security.Caller;
import payments.platform.PlatformConfigService;
import payments.webhook.EventType;
import payments.webhook.WebhookPublisher;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * A customer's life: created, read, listed, updated, deleted, and its KYC/KYB status decided. The
 * request rules are in {@link CustomerRules}, the stored record in {@link CustomerRecords}, the
 * accepted agreements in {@link CustomerConsents}.
 */
@ApplicationScoped
public class CustomerService {

    public static final ErrorCode NOT_FOUND = ErrorCode.USER_NOT_FOUND;

    private final CustomerRules rules;
    private final CustomerRecords records;
    private final CustomerView view;
    private final PlatformConfigService platform;
    private final CustomerAccounts internalAccounts;
    private final WebhookPublisher webhooks;
    private final ServerClock clock;
    private final IdentityVerdicts verdicts;
    private final JsonText json;
    private final WalletOwnerConsent ownerConsent;
    private final HolderStatusChanges holderStatusChanges;
    private final IdentityChanges identityChanges;

    public CustomerService(CustomerRules rules, CustomerRecords records, CustomerView view, PlatformConfigService platform,
                           CustomerAccounts internalAccounts, WebhookPublisher webhooks, ServerClock clock,
                           JsonText json, IdentityVerdicts verdicts, WalletOwnerConsent ownerConsent,
                           HolderStatusChanges holderStatusChanges, IdentityChanges identityChanges) {
        this.ownerConsent = ownerConsent;
        this.holderStatusChanges = holderStatusChanges;
        this.identityChanges = identityChanges;
        this.rules = rules;
        this.records = records;
        this.view = view;
        this.platform = platform;
        this.internalAccounts = internalAccounts;
        this.webhooks = webhooks;
        this.clock = clock;
        this.json = json;
        this.verdicts = verdicts;
    }

    @WithTransaction
    public Uni<ObjectNode> create(JsonBody<CustomerRequest> body) {
        return platform.settings().flatMap(settings -> {
            CustomerRequest request = rules.checked(body, settings, true);
            Customer customer = records.newCustomer(request, settings);
            return records.umaAddressFor(request, customer, settings)
                    .flatMap(uma -> {
                        customer.umaAddress = uma;
                        return customer.<Customer>persistAndFlush();
                    })
                    .onFailure().transform(CustomerService::conflictOrSame)
                    .call(() -> internalAccounts.provision(customer, customer.currencyList(), settings))
                    .call(() -> settings.skipsVerificationPaperwork() && verdicts.decidesWithoutPaperwork()
                            ? decide(customer, providerVerdict(customer)) : Uni.createFrom().voidItem())
                    .map(saved -> view.toWire(customer));
        });
    }

    @WithSession
    public Uni<ObjectNode> get(String customerId) {
        return find(customerId, false).map(view::toWire);
    }

    /**
     * The console's search: customers whose name (a person's full name, a business's legal name),
     * email, platform id or UMA address contains {@code text}, ignoring case; newest first, at most
     * {@code limit}. A scan of the customers table, for a person's occasional search, not for API
     * traffic.
     */
    @WithSession
    public Uni<List<ObjectNode>> search(String text, int limit) {
        String pattern = "%" + text.strip().toLowerCase(java.util.Locale.ROOT).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
        return io.quarkus.hibernate.reactive.panache.Panache.getSession().flatMap(session -> session.createNativeQuery("""
                        SELECT * FROM customers WHERE deleted_at IS NULL AND (lower(coalesce(email, '')) LIKE ?1
                            OR lower(platform_customer_id) LIKE ?1 OR lower(uma_address) LIKE ?1
                            OR lower(coalesce(CAST(profile AS jsonb) ->> 'fullName', '')) LIKE ?1
                            OR lower(coalesce(CAST(profile AS jsonb) -> 'businessInfo' ->> 'legalName', '')) LIKE ?1)
                        ORDER BY created_at DESC, id DESC LIMIT ?2""", Customer.class)
                        .setParameter(1, pattern).setParameter(2, limit).getResultList())
                .map(found -> found.stream().map(view::toWire).toList());
    }

    @WithSession
    public Uni<Page<ObjectNode>> list(CustomerListQuery query) {
        PageRequest page = PageRequest.of(query.limit(), query.cursor());
        List<FieldError> errors = new ArrayList<>();
        if (query.customerType() != null && !Set.of(Customer.INDIVIDUAL, Customer.BUSINESS).contains(query.customerType())) {
            errors.add(new FieldError("customerType", FieldError.Constraint.oneOf(List.of(Customer.INDIVIDUAL, Customer.BUSINESS)),
                    "Must be INDIVIDUAL or BUSINESS"));
        }
        Boolean includeDeleted = parseBoolean("isIncludingDeleted", query.isIncludingDeleted(), errors);
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        QueryFilters filters = new QueryFilters()
                .equal("platformCustomerId", "platformCustomerId", query.platformCustomerId())
                .equal("customerType", "customerType", query.customerType())
                .equal("region", "region", query.region())
                .equal("umaAddress", "umaAddress", query.umaAddress())
                .timeBound("createdAt", "createdAfter", query.createdAfter(), false)
                .timeBound("createdAt", "createdBefore", query.createdBefore(), true)
                .timeBound("updatedAt", "updatedAfter", query.updatedAfter(), false)
                .timeBound("updatedAt", "updatedBefore", query.updatedBefore(), true)
                .page("id", page);
        filters.where("currencies like :currency", "currency", query.currency() == null ? null : "%," + query.currency() + ",%");
        if (!Boolean.TRUE.equals(includeDeleted)) {
            filters.where("deletedAt is null");
        }
        return Page.fetch(Customer.<Customer>find(filters.clause(), Sort.descending("id"), filters.params()),
                () -> Customer.count(filters.countClause(), filters.countParams()), page, c -> c.id.toString(), view::toWire);
    }

    /**
     * PATCH /customers/{id}: the customer as changed (an ObjectNode), or, when the change moves an
     * e-mail or phone number that wallet OTP credentials send to, first the wallet owner's signed
     * retry (the 202 challenge body); those credentials follow the new contact. A change of identity
     * ({@link CustomerRecords#identityChanges}) goes to {@link IdentityChanges}, which may send the
     * customer back to review: the answer shows its status after that.
     */
    @WithTransaction
    public Uni<Object> update(String customerId, JsonBody<CustomerRequest> body, WalletOwnerConsent.Signature signature,
                              Caller caller) {
        return platform.settings().flatMap(settings -> findForChange(customerId).flatMap(customer -> {
            CustomerRequest request = rules.checked(body, settings, false);
            if (!customer.customerType.equals(request.customerType())) {
                throw ApiException.invalidField("customerType", FieldError.Constraint.oneOf(List.of(customer.customerType)),
                        "A customer's type cannot change; this customer is " + customer.customerType);
            }
            Map<String, String> contacts = changedContacts(customer, request);
            return ownerConsentFor(customer, contacts, body.tree(), signature).flatMap(challenge -> {
                if (challenge.isPresent()) {
                    return Uni.createFrom().item(challenge.get());
                }
                List<String> identity = records.identityChanges(customer, request);
                List<String> added = records.applyUpdate(customer, request);
                Uni<Customer> saved = customer.<Customer>persistAndFlush()
                        .onFailure().transform(CustomerService::conflictOrSame)
                        .call(() -> added.isEmpty() ? Uni.createFrom().voidItem() : internalAccounts.provision(customer, added, settings))
                        .call(() -> identity.isEmpty() ? Uni.createFrom().voidItem() : identityChanges.changed(customer,
                                "Identity changed by the platform: " + String.join(", ", identity), caller));
                for (Map.Entry<String, String> contact : contacts.entrySet()) {
                    saved = saved.call(() -> ownerConsent.contactChanged(customer.id, contact.getKey(), contact.getValue()));
                }
                return saved.map(ignored -> (Object) view.toWire(customer));
            });
        }));
    }

    /** The OTP credential types whose contact the request changes, with the new value. */
    private static Map<String, String> changedContacts(Customer customer, CustomerRequest request) {
        Map<String, String> changed = new java.util.LinkedHashMap<>();
        if (request.email() != null && !request.email().equals(customer.email)) {
            changed.put("EMAIL_OTP", request.email());
        }
        if (request.phoneNumber() != null && !request.phoneNumber().equals(customer.phoneNumber)) {
            changed.put("SMS_OTP", request.phoneNumber());
        }
        return changed;
    }

    /** Empty when no wallet credential is tied to a changed contact, or its owner signed; else the challenge. */
    private Uni<java.util.Optional<Object>> ownerConsentFor(Customer customer, Map<String, String> contacts, Object body,
                                                          WalletOwnerConsent.Signature signature) {
        if (contacts.isEmpty()) {
            return Uni.createFrom().item(java.util.Optional.empty());
        }
        Map.Entry<String, String> first = contacts.entrySet().iterator().next();
        return ownerConsent.walletsTiedTo(customer.id, contacts.keySet()).flatMap(wallets -> {
            if (wallets.isEmpty()) {
                return Uni.createFrom().item(java.util.Optional.<Object>empty());
            }
            Map<String, Object> parameters = new java.util.HashMap<>();
            contacts.forEach((type, value) -> parameters.put("EMAIL_OTP".equals(type) ? "userEmail" : "userPhoneNumber", value));
            String activity = "EMAIL_OTP".equals(first.getKey()) ? "ACTIVITY_TYPE_UPDATE_USER_EMAIL" : "ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER";
            return ownerConsent.require(wallets.get(0), "UPDATE_CONTACT", body, activity, parameters, signature);
        });
    }

    /**
     * Deletes a customer that holds no money: its internal accounts close with it (409 while any of
     * them holds a balance or a payment in flight), so nothing can reach or leave them afterwards.
     */
    @WithTransaction
    public Uni<ObjectNode> delete(String customerId) {
        return find(customerId, true).flatMap(customer -> {
            if (customer.isDeleted()) {
                throw new ApiException(ErrorCode.CUSTOMER_DELETED, "Customer " + customerId + " has already been deleted");
            }
            customer.deletedAt = clock.now();
            customer.updatedAt = customer.deletedAt;
            return internalAccounts.closeAllOf(customer.id).map(ignored -> view.toWire(customer));
        });
    }

    /**
     * Moves a customer to a verification status, tells the platform and what the customer holds
     * (its cards), when it changed. Call inside a transaction, with the customer locked.
     */
    public Uni<Void> decide(Customer customer, String status) {
        String from = customer.verificationStatus;
        if (status.equals(from)) {
            return Uni.createFrom().voidItem();
        }
        customer.verificationStatus = status;
        customer.updatedAt = clock.now();
        EventType type = statusEvent(customer.isBusiness(), status);
        Uni<Void> announced = type != null ? webhooks.publish(type, view.toWire(customer)).replaceWithVoid() : Uni.createFrom().voidItem();
        return announced.call(() -> holderStatusChanges.changed(customer, from));
    }

    /** The event announcing a KYC or KYB status; null for statuses not announced. */
    private static EventType statusEvent(boolean business, String status) {
        return switch (status) {
            case "PENDING" -> business ? EventType.CUSTOMER_KYB_PENDING : EventType.CUSTOMER_KYC_PENDING;
            case "APPROVED" -> business ? EventType.CUSTOMER_KYB_APPROVED : EventType.CUSTOMER_KYC_APPROVED;
            case "REJECTED" -> business ? EventType.CUSTOMER_KYB_REJECTED : EventType.CUSTOMER_KYC_REJECTED;
            default -> null;
        };
    }

    /** The identity provider's verdict on a customer's current data (the sandbox's: magic suffixes of name or registration number). */
    public String providerVerdict(Customer customer) {
        JsonNode profile = json.read(customer.profile);
        return customer.isBusiness()
                ? verdicts.business(profile.path("businessInfo").path("registrationNumber").asText(null))
                : verdicts.individual(profile.path("fullName").asText(null));
    }

    /** Loads a customer by wire id (optionally locked for update); 404 when absent. */
    public static Uni<Customer> find(String customerId, boolean forUpdate) {
        return Ids.find(IdType.CUSTOMER, customerId, NOT_FOUND, "Customer", id -> forUpdate
                ? Customer.findById(id, LockModeType.PESSIMISTIC_WRITE) : Customer.findById(id));
    }

    /** Loads a customer locked for a change; a deleted one answers 410 CUSTOMER_DELETED. */
    public static Uni<Customer> findForChange(String customerId) {
        return find(customerId, true).map(Customer::requireNotDeleted);
    }

    public static UUID uuidOf(String customerId) {
        return Ids.uuidOf(IdType.CUSTOMER, customerId, NOT_FOUND);
    }

    private static Throwable conflictOrSame(Throwable failure) {
        if (UniqueViolation.is(failure, "customers_platform_customer_id")) {
            return new ApiException(ErrorCode.CONFLICT, "A customer with this platformCustomerId already exists");
        }
        if (UniqueViolation.is(failure, "customers_uma_address")) {
            return new ApiException(ErrorCode.UMA_ADDRESS_EXISTS, "This UMA address is already taken");
        }
        return failure;
    }

    private static Boolean parseBoolean(String field, String value, List<FieldError> errors) {
        if (value == null) {
            return null;
        }
        if (!value.equals("true") && !value.equals("false")) {
            errors.add(new FieldError(field, FieldError.Constraint.oneOf(List.of("true", "false")), "Must be true or false"));
            return null;
        }
        return Boolean.parseBoolean(value);
    }

    /** GET /customers query parameters. */
    public record CustomerListQuery(String platformCustomerId, String customerType, String createdAfter,
                                    String createdBefore, String updatedAfter, String updatedBefore, String region,
                                    String currency, String umaAddress, String isIncludingDeleted, String limit,
                                    String cursor) {
    }
}
