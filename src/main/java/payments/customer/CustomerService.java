package payments.customer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
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
import payments.common.FieldRules;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonText;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.common.Regions;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.common.UniqueViolation;
import payments.common.schema.JsonSchema;
import payments.common.schema.RequestSchemas;
import payments.common.schema.SchemaValidator;
import payments.platform.PlatformConfigService;
import payments.platform.PlatformSettings;
import payments.webhook.WebhookPublisher;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/** Customers: onboarding data, terms consents, contact verification state and KYC/KYB status. */
@ApplicationScoped
public class CustomerService {

    public static final ErrorCode NOT_FOUND = ErrorCode.USER_NOT_FOUND;
    private static final Pattern UMA_ADDRESS = Pattern.compile("^\\$[a-z0-9][a-z0-9._-]{0,63}@[a-z0-9-]+(\\.[a-z0-9-]+)+$");
    /** Wire fields kept in columns rather than in the profile document. */
    private static final Set<String> COLUMN_FIELDS = Set.of("platformCustomerId", "customerType", "region", "currencies",
            "email", "phoneNumber", "umaAddress", "kycStatus", "kybStatus", "identifier", "endUserTermsConsent",
            "agreementConsents");
    /** agreementConsents is this interface's own field (the reference only has endUserTermsConsent). */
    private static final JsonSchema AGREEMENT_CONSENTS = JsonSchema.parse(JsonText.parse("""
            {"type": "array", "minItems": 1, "items": {"type": "object",
              "required": ["type", "version", "acceptedAt", "ipAddress", "acceptanceMethod"],
              "properties": {
                "type": {"type": "string", "enum": %s},
                "version": {"type": "string", "minLength": 1, "maxLength": 32},
                "acceptedAt": {"type": "string", "format": "date-time"},
                "ipAddress": {"type": "string", "minLength": 1, "maxLength": 45},
                "acceptanceMethod": {"type": "string", "enum": ["CHECKBOX", "CLICK_TO_ACCEPT"]}}}}
            """.formatted(Agreements.types().stream().map(t -> '"' + t + '"').toList())));

    private final RequestSchemas schemas;
    private final CustomerView view;
    private final PlatformConfigService platform;
    private final CustomerAccounts internalAccounts;
    private final WebhookPublisher webhooks;
    private final ServerClock clock;
    private final ServerConfig config;
    private final IdentityVerdicts verdicts;
    private final ObjectMapper mapper;
    private final JsonText json;

    public CustomerService(RequestSchemas schemas, CustomerView view, PlatformConfigService platform,
                           CustomerAccounts internalAccounts, WebhookPublisher webhooks, ServerClock clock,
                           ServerConfig config, ObjectMapper mapper, JsonText json, IdentityVerdicts verdicts) {
        this.verdicts = verdicts;
        this.schemas = schemas;
        this.view = view;
        this.platform = platform;
        this.internalAccounts = internalAccounts;
        this.webhooks = webhooks;
        this.clock = clock;
        this.config = config;
        this.mapper = mapper;
        this.json = json;
    }

    @WithTransaction
    public Uni<ObjectNode> create(JsonNode body) {
        return platform.settings().flatMap(settings -> {
            ObjectNode request = validated(body, RequestSchemas.CUSTOMER_CREATE, settings, true);
            Customer customer = newCustomer(request, body.get("agreementConsents"), settings);
            return umaAddressFor(request, customer, settings)
                    .flatMap(uma -> {
                        customer.umaAddress = uma;
                        return customer.<Customer>persistAndFlush();
                    })
                    .onFailure().transform(CustomerService::conflictOrSame)
                    .call(() -> internalAccounts.provision(customer, customer.currencyList(), settings))
                    .call(() -> settings.skipsVerificationPaperwork() && config.sandbox()
                            ? decide(customer, sandboxOutcome(customer)) : Uni.createFrom().voidItem())
                    .map(saved -> view.toWire(customer));
        });
    }

    @WithSession
    public Uni<ObjectNode> get(String customerId) {
        return find(customerId, false).map(view::toWire);
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

    @WithTransaction
    public Uni<ObjectNode> update(String customerId, JsonNode body) {
        return platform.settings().flatMap(settings -> findForChange(customerId).flatMap(customer -> {
            ObjectNode request = validated(body, RequestSchemas.CUSTOMER_UPDATE, settings, false);
            if (!customer.customerType.equals(request.get("customerType").asText())) {
                throw ApiException.invalidField("customerType", FieldError.Constraint.oneOf(List.of(customer.customerType)),
                        "A customer's type cannot change; this customer is " + customer.customerType);
            }
            List<String> added = applyUpdate(customer, request, body.get("agreementConsents"));
            return customer.<Customer>persistAndFlush()
                    .onFailure().transform(CustomerService::conflictOrSame)
                    .call(() -> added.isEmpty() ? Uni.createFrom().voidItem() : internalAccounts.provision(customer, added, settings))
                    .map(saved -> view.toWire(customer));
        }));
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
     * Moves a customer to a verification status and tells the platform, when it changed. Call
     * inside a transaction.
     */
    public Uni<Void> decide(Customer customer, String status) {
        if (status.equals(customer.verificationStatus)) {
            return Uni.createFrom().voidItem();
        }
        customer.verificationStatus = status;
        customer.updatedAt = clock.now();
        String type = "CUSTOMER." + (customer.isBusiness() ? "KYB_" : "KYC_") + status;
        boolean announced = Set.of("APPROVED", "REJECTED", "PENDING").contains(status);
        return announced ? webhooks.publish(type, view.toWire(customer)).replaceWithVoid() : Uni.createFrom().voidItem();
    }

    /** The sandbox decision for a customer's current data (magic suffixes of name or registration number). */
    public String sandboxOutcome(Customer customer) {
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

    /** Terms on file: required before the customer can get quotes. */
    public static boolean hasAcceptedTerms(Customer customer) {
        return customer.termsConsent != null;
    }

    // --- validation -------------------------------------------------------------------------

    private ObjectNode validated(JsonNode body, String schemaName, PlatformSettings settings, boolean creating) {
        ObjectNode request = schemas.validate(body, schemaName,
                (valid, errors) -> checkRules(valid, body, settings, creating, errors));
        checkTermsVersions(request, body.get("agreementConsents"));
        return request;
    }

    private void checkRules(ObjectNode request, JsonNode body, PlatformSettings settings, boolean creating,
                            List<FieldError> errors) {
        String platformCustomerId = request.path("platformCustomerId").asText("");
        if (platformCustomerId.length() > 255 || request.has("platformCustomerId") && platformCustomerId.isBlank()) {
            errors.add(new FieldError("platformCustomerId", FieldError.Constraint.length(1, 255), "Must be 1 to 255 characters"));
        }
        JsonNode currencies = request.get("currencies");
        if (currencies != null) {
            List<String> supported = settings.supportedCurrencyCodes();
            Set<String> seen = new LinkedHashSet<>();
            for (int i = 0; i < currencies.size(); i++) {
                String code = currencies.get(i).asText();
                if (!supported.contains(code)) {
                    errors.add(new FieldError("currencies[" + i + "]", FieldError.Constraint.oneOf(supported),
                            "Not a currency this platform supports"));
                } else if (!seen.add(code)) {
                    errors.add(FieldError.of("currencies[" + i + "]", "Duplicate currency " + code));
                }
            }
            if (currencies.isEmpty()) {
                errors.add(FieldError.of("currencies", "Must list at least one currency"));
            }
        }
        String uma = request.path("umaAddress").asText(null);
        if (uma != null && !UMA_ADDRESS.matcher(uma).matches()) {
            errors.add(new FieldError("umaAddress", FieldError.Constraint.pattern(UMA_ADDRESS.pattern()),
                    "Must be an UMA address such as $alice@example.com"));
        }
        JsonNode consents = body.get("agreementConsents");
        if (consents != null && !consents.isNull()) {
            errors.addAll(SchemaValidator.validate(consents, AGREEMENT_CONSENTS, "agreementConsents").errors());
            if (request.has("endUserTermsConsent")) {
                errors.add(FieldError.of("endUserTermsConsent",
                        "Deprecated: send agreementConsents or endUserTermsConsent, not both"));
            }
        }
        if (Customer.INDIVIDUAL.equals(request.path("customerType").asText())) {
            checkIdentification(request, errors);
            checkOtherDescription(request, "sourceOfFundsCategories", "sourceOfFundsOtherDescription", "", errors);
            checkOtherDescription(request, "sourceOfWealthCategories", "sourceOfWealthOtherDescription", "", errors);
            checkOtherDescription(request, "purposeOfAccount", "purposeOfAccountOtherDescription", "", errors);
            checkPastDate(request, "birthDate", "", errors);
        } else if (request.has("businessInfo")) {
            JsonNode info = request.get("businessInfo");
            checkOtherDescription(info, "sourceOfFundsCategories", "sourceOfFundsOtherDescription", "businessInfo.", errors);
            checkOtherDescription(info, "purposeOfAccount", "purposeOfAccountOtherDescription", "businessInfo.", errors);
            checkPastDate(info, "incorporatedOn", "businessInfo.", errors);
        }
        if (creating && Regions.requiresContactVerification(request.path("region").asText(null))) {
            for (String field : List.of("email", "phoneNumber")) {
                if (!request.has(field)) {
                    errors.add(FieldError.of(field, "Is required for customers in region " + request.get("region").asText()));
                }
            }
        }
        if (!creating && request.has("email") && request.has("phoneNumber")) {
            errors.add(FieldError.of("phoneNumber", "Update email and phoneNumber in separate requests"));
        }
    }

    private static void checkIdentification(JsonNode request, List<FieldError> errors) {
        String idType = request.path("idType").asText(null);
        if (idType != null && !Set.of("SSN", "ITIN").contains(idType)) {
            errors.add(new FieldError("idType", FieldError.Constraint.oneOf(List.of("SSN", "ITIN")),
                    "Only SSN and ITIN are accepted for individuals"));
        } else {
            FieldRules.identification(request, "", errors);
        }
        if (request.has("countryOfIssuance") && !"US".equals(request.get("countryOfIssuance").asText())) {
            errors.add(new FieldError("countryOfIssuance", FieldError.Constraint.oneOf(List.of("US")),
                    "SSN and ITIN are issued by the US"));
        }
    }

    private static void checkOtherDescription(JsonNode node, String field, String description, String prefix,
                                              List<FieldError> errors) {
        JsonNode value = node.get(field);
        boolean other = value != null && (value.isArray()
                ? java.util.stream.StreamSupport.stream(value.spliterator(), false).anyMatch(v -> "OTHER".equals(v.asText()))
                : "OTHER".equals(value.asText()));
        if (other && node.path(description).asText("").isBlank()) {
            errors.add(FieldError.of(prefix + description, "Is required when " + field + " includes OTHER"));
        }
    }

    private void checkPastDate(JsonNode node, String field, String prefix, List<FieldError> errors) {
        FieldRules.notInFuture(node, field, prefix, clock.today(), errors);
    }

    private static void checkTermsVersions(JsonNode request, JsonNode consents) {
        JsonNode terms = request.get("endUserTermsConsent");
        if (terms != null && Agreements.find(Agreements.END_USER_TERMS, terms.get("termsVersion").asText()).isEmpty()) {
            throw new ApiException(ErrorCode.END_USER_TERMS_VERSION_NOT_FOUND, "End User Terms version " + terms.get("termsVersion").asText() + " does not exist; the current one is "
                            + Agreements.CURRENT_TERMS_VERSION);
        }
        if (consents != null && consents.isArray()) {
            for (JsonNode consent : consents) {
                if (Agreements.find(consent.get("type").asText(), consent.get("version").asText()).isEmpty()) {
                    throw new ApiException(ErrorCode.END_USER_TERMS_VERSION_NOT_FOUND, "Agreement " + consent.get("type").asText()
                            + " has no version " + consent.get("version").asText() + "; see GET /customers/agreements");
                }
            }
        }
    }

    // --- building and changing ---------------------------------------------------------------

    private Customer newCustomer(ObjectNode request, JsonNode consents, PlatformSettings settings) {
        Instant now = clock.now();
        Customer customer = new Customer();
        customer.id = Ids.newUuid();
        customer.customerType = request.get("customerType").asText();
        customer.platformCustomerId = request.has("platformCustomerId") ? request.get("platformCustomerId").asText()
                : customer.id.toString().replace("-", "");
        customer.region = request.path("region").asText(null);
        customer.setCurrencyList(request.has("currencies") ? JsonText.texts(request.get("currencies")) : settings.supportedCurrencyCodes());
        customer.email = request.path("email").asText(null);
        customer.phoneNumber = request.path("phoneNumber").asText(null);
        customer.verificationStatus = "UNVERIFIED";
        customer.identifier = request.path("identifier").asText(null);
        ObjectNode profile = request.deepCopy();
        profile.remove(COLUMN_FIELDS);
        customer.profile = json.write(profile);
        recordConsents(customer, request.get("endUserTermsConsent"), consents);
        if (Regions.requiresContactVerification(customer.region)) {
            customer.contactVerification = json.write(mapper.createObjectNode().put("email", "PENDING").put("phone", "PENDING"));
        }
        customer.createdAt = now;
        customer.updatedAt = now;
        return customer;
    }

    /** Applies a PATCH; returns the currencies it added (their accounts still need provisioning). */
    private List<String> applyUpdate(Customer customer, ObjectNode request, JsonNode consents) {
        List<String> added = new ArrayList<>();
        if (request.has("currencies")) {
            List<String> next = JsonText.texts(request.get("currencies"));
            next.stream().filter(code -> !customer.currencyList().contains(code)).forEach(added::add);
            customer.setCurrencyList(next);
        }
        if (request.has("region")) {
            customer.region = request.get("region").asText();
        }
        if (request.has("email") && !request.get("email").asText().equals(customer.email)) {
            customer.email = request.get("email").asText();
            resetContactVerification(customer, "email");
        }
        if (request.has("phoneNumber") && !request.get("phoneNumber").asText().equals(customer.phoneNumber)) {
            customer.phoneNumber = request.get("phoneNumber").asText();
            resetContactVerification(customer, "phone");
        }
        if (request.has("umaAddress")) {
            customer.umaAddress = request.get("umaAddress").asText();
        }
        if (request.has("identifier")) {
            customer.identifier = request.get("identifier").asText();
        }
        ObjectNode profile = (ObjectNode) json.read(customer.profile);
        request.fields().forEachRemaining(field -> {
            if (COLUMN_FIELDS.contains(field.getKey())) {
                return;
            }
            if ("businessInfo".equals(field.getKey()) && profile.get("businessInfo") instanceof ObjectNode info) {
                info.setAll((ObjectNode) field.getValue());
            } else {
                profile.set(field.getKey(), field.getValue());
            }
        });
        customer.profile = json.write(profile);
        recordConsents(customer, request.get("endUserTermsConsent"), consents);
        customer.updatedAt = clock.now();
        return added;
    }

    /** Keeps the agreement consents (replacing by type) and mirrors the End User Terms one. */
    private void recordConsents(Customer customer, JsonNode termsConsent, JsonNode consents) {
        if (termsConsent != null) {
            customer.termsConsent = json.write(termsConsent);
        }
        if (consents == null || !consents.isArray()) {
            return;
        }
        ArrayNode stored = customer.agreementConsents == null ? mapper.createArrayNode()
                : (ArrayNode) json.read(customer.agreementConsents);
        for (JsonNode consent : consents) {
            String type = consent.get("type").asText();
            for (int i = stored.size() - 1; i >= 0; i--) {
                if (stored.get(i).path("type").asText().equals(type)) {
                    stored.remove(i);
                }
            }
            stored.add(consent);
            if (Agreements.END_USER_TERMS.equals(type)) {
                customer.termsConsent = json.write(mapper.createObjectNode()
                        .put("acceptedAt", consent.get("acceptedAt").asText())
                        .put("ipAddress", consent.get("ipAddress").asText())
                        .put("termsVersion", consent.get("version").asText())
                        .put("acceptanceMethod", consent.get("acceptanceMethod").asText()));
            }
        }
        customer.agreementConsents = json.write(stored);
    }

    private void resetContactVerification(Customer customer, String channel) {
        if (customer.contactVerification != null) {
            ObjectNode state = (ObjectNode) json.read(customer.contactVerification);
            state.put(channel, "PENDING");
            state.remove(channel + "CodeExpiresAt");
            customer.contactVerification = json.write(state);
        }
    }

    private Uni<String> umaAddressFor(ObjectNode request, Customer customer, PlatformSettings settings) {
        if (request.has("umaAddress")) {
            return Uni.createFrom().item(request.get("umaAddress").asText());
        }
        String slug = customer.platformCustomerId.toLowerCase().replaceAll("[^a-z0-9._-]", "").replaceAll("^[._-]+", "");
        String local = slug.isEmpty() ? "customer" : slug.substring(0, Math.min(slug.length(), 48));
        String candidate = "$" + local + "@" + settings.umaDomain();
        return Customer.count("umaAddress = ?1 and deletedAt is null", candidate).map(taken -> taken == 0 ? candidate
                : "$" + local + "." + HexFormat.of().toHexDigits(customer.id.getLeastSignificantBits()).substring(8)
                        + "@" + settings.umaDomain());
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
