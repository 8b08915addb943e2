package payments.account;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
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
import payments.common.Regions;
import payments.common.ServerClock;
import payments.common.UniqueViolation;
import payments.common.UnknownFields;
import payments.common.schema.RequestSchemas;
import payments.common.schema.SchemaValidator;
import payments.customer.Customer;
import payments.customer.CustomerService;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * External accounts of customers and of the platform. The owner is passed in by the caller (the
 * customer, platform and, later, agent endpoints each decide whose accounts they may touch).
 */
@ApplicationScoped
public class ExternalAccountService {

    public static final ErrorCode NOT_FOUND = ErrorCode.EXTERNAL_ACCOUNT_NOT_FOUND;
    private static final List<String> OWNERSHIP_TYPES = List.of("FIRST_PARTY", "THIRD_PARTY");

    /** Whose accounts an operation may see: one customer, any customer, or the platform. */
    public record Owner(boolean platformOwned, UUID customerId) {
        public static Owner platform() {
            return new Owner(true, null);
        }

        public static Owner anyCustomer() {
            return new Owner(false, null);
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record BeneficiaryVerifiedData(String fullName) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ExternalAccountResponse(String id, @JsonInclude(JsonInclude.Include.ALWAYS) String customerId, String status,
                                          String platformAccountId,
                                          String ownershipType, String currency, boolean defaultUmaDepositAccount,
                                          String beneficiaryVerificationStatus,
                                          BeneficiaryVerifiedData beneficiaryVerifiedData, JsonNode accountInfo) {
    }

    private final RequestSchemas schemas;
    private final ServerClock clock;
    private final AccountOutcomes outcomes;
    private final JsonText json;

    public ExternalAccountService(RequestSchemas schemas, ServerClock clock,
                                  AccountOutcomes outcomes, JsonText json) {
        this.schemas = schemas;
        this.clock = clock;
        this.outcomes = outcomes;
        this.json = json;
    }

    /** Who registers an external account: the platform's API token, or an agent acting for the customer. */
    public enum Registrar { PLATFORM, AGENT }

    /**
     * The body of POST /customers/external-accounts, /platform/external-accounts and
     * /agents/me/external-accounts. Its accountInfo stays a document: one of the reference's many
     * account shapes, checked against the schema of its accountType and kept as given.
     */
    public record ExternalAccountCreateRequest(String customerId, String currency, String platformAccountId,
                                               String ownershipType, Boolean defaultUmaDepositAccount, JsonNode accountInfo) {
    }

    /** Creates an account; {@code customerId} null makes it the platform's. */
    @WithTransaction
    public Uni<ExternalAccountResponse> create(String customerId, JsonBodies.Bound<ExternalAccountCreateRequest> body,
                                               Registrar registrar) {
        ExternalAccountCreateRequest request = body.value();
        JsonNode info = validate(body, customerId, registrar);
        Uni<Optional<Customer>> holder = customerId == null ? Uni.createFrom().item(Optional.empty())
                : CustomerService.findForChange(customerId).map(Optional::of);
        return holder.flatMap(customer -> {
            ExternalAccount account = newAccount(request, info, customer.orElse(null));
            Uni<Integer> clearDefault = account.defaultUmaDeposit
                    ? ExternalAccount.update("defaultUmaDeposit = false, updatedAt = ?1 where customerId = ?2 and defaultUmaDeposit = true",
                    account.createdAt, account.customerId)
                    : Uni.createFrom().item(0);
            return clearDefault.flatMap(cleared -> account.<ExternalAccount>persistAndFlush())
                    .onFailure(failure -> UniqueViolation.constraintOf(failure).isPresent())
                    .transform(failure -> new ApiException(ErrorCode.CONFLICT, "This external account already exists"))
                    .map(this::toWire);
        });
    }

    @WithSession
    public Uni<Page<ExternalAccountResponse>> list(Owner owner, String customerId, String currency, String limit,
                                                   String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        QueryFilters filters = new QueryFilters().where("deletedAt is null")
                .where(owner.platformOwned() ? "customerId is null" : "customerId is not null")
                .equal("currency", "currency", currency)
                .page("id", page);
        if (customerId != null) {
            filters.equal("customerId", "customerId", CustomerService.uuidOf(customerId));
        }
        return Page.fetch(ExternalAccount.<ExternalAccount>find(filters.clause(), Sort.descending("id"), filters.params()),
                () -> ExternalAccount.count(filters.countClause(), filters.countParams()), page, a -> a.id.toString(), this::toWire);
    }

    @WithSession
    public Uni<ExternalAccountResponse> get(Owner owner, String accountId) {
        return find(owner, accountId).map(this::toWire);
    }

    @WithTransaction
    public Uni<Void> delete(Owner owner, String accountId) {
        return find(owner, accountId).invoke(account -> {
            if (account.trustedBeneficiary) {
                throw new ApiException(ErrorCode.BENEFICIARY_TRUSTED, "External account " + account.wireId()
                        + " is a trusted beneficiary: untrust it (POST .../untrust and .../untrust/confirm) before deleting it");
            }
            account.deletedAt = clock.now();
            account.updatedAt = account.deletedAt;
            account.defaultUmaDeposit = false;
        }).call(account -> DirectDebitMandate.inForce(account.id).invoke(mandate -> {
            // Nothing may be collected from a deleted account: its mandate ends with it.
            if (mandate != null) {
                mandate.endedAt = account.deletedAt;
                mandate.endedBy = "external account deleted";
            }
        })).replaceWithVoid();
    }

    public Uni<ExternalAccount> find(Owner owner, String accountId) {
        UUID id = Ids.uuidOf(IdType.EXTERNAL_ACCOUNT, accountId, NOT_FOUND);
        return ExternalAccount.<ExternalAccount>findById(id).map(account -> {
            boolean visible = account != null && account.deletedAt == null
                    && (owner.platformOwned() ? account.customerId == null
                    : account.customerId != null && (owner.customerId() == null || owner.customerId().equals(account.customerId)));
            if (!visible) {
                throw new ApiException(NOT_FOUND, "External account " + accountId + " not found");
            }
            return account;
        });
    }

    /** A live external account, whoever holds it (customers' and the platform's alike). */
    public Uni<ExternalAccount> findAnyHolder(String accountId) {
        UUID id = Ids.uuidOf(IdType.EXTERNAL_ACCOUNT, accountId, NOT_FOUND);
        return ExternalAccount.<ExternalAccount>findById(id).map(account -> {
            if (account == null || account.deletedAt != null) {
                throw new ApiException(NOT_FOUND, "External account " + accountId + " not found");
            }
            return account;
        });
    }

    public ExternalAccountResponse toWire(ExternalAccount account) {
        return new ExternalAccountResponse(account.wireId(),
                account.customerId == null ? null : IdType.CUSTOMER.wireId(account.customerId),
                account.status, account.platformAccountId, account.ownershipType, account.currency,
                account.defaultUmaDeposit, account.beneficiaryVerificationStatus,
                account.beneficiaryVerifiedName == null ? null : new BeneficiaryVerifiedData(account.beneficiaryVerifiedName),
                withRails(account));
    }

    /** The stored accountInfo; accounts registered before rails were kept answer with all their type's rails. */
    private JsonNode withRails(ExternalAccount account) {
        JsonNode info = json.read(account.accountInfo);
        List<String> rails = PaymentRails.of(account.accountType);
        if (info instanceof ObjectNode object && !object.has("paymentRails") && !rails.isEmpty()) {
            rails.forEach(object.putArray("paymentRails")::add);
        }
        return info;
    }

    private static final FieldError PLATFORM_ACCOUNT_ID = new FieldError("platformAccountId", FieldError.Constraint.length(1, 255),
            "Must be 1 to 255 characters");
    private static final FieldError OWNERSHIP_TYPE = new FieldError("ownershipType", FieldError.Constraint.oneOf(OWNERSHIP_TYPES),
            "Must be FIRST_PARTY or THIRD_PARTY");

    /** A value of the wrong type, reported as its field's own rule reports a bad value (a currency as missing, below). */
    private static java.util.Optional<FieldError> asFieldRule(FieldError typeError) {
        return switch (typeError.field()) {
            case "currency" -> java.util.Optional.empty();
            case "customerId" -> java.util.Optional.of(new FieldError("customerId", FieldError.Constraint.idOf(IdType.CUSTOMER),
                    "Must be a Customer id"));
            case "platformAccountId" -> java.util.Optional.of(PLATFORM_ACCOUNT_ID);
            case "ownershipType" -> java.util.Optional.of(OWNERSHIP_TYPE);
            case "defaultUmaDepositAccount" -> java.util.Optional.of(FieldError.of("defaultUmaDepositAccount", "Must be true or false"));
            default -> java.util.Optional.of(typeError);
        };
    }

    /** Checks the whole request and returns the cleaned accountInfo. */
    private JsonNode validate(JsonBodies.Bound<ExternalAccountCreateRequest> body, String customerId, Registrar registrar) {
        ExternalAccountCreateRequest request = body.value();
        if (request == null) {
            throw ApiException.bodyNotAnObject();
        }
        List<FieldError> errors = new ArrayList<>();
        body.typeErrors().forEach(error -> asFieldRule(error).ifPresent(errors::add));
        String currency = request.currency();
        if (currency == null) {
            errors.add(FieldError.of("currency", "Is required"));
        } else if (!Currencies.isKnown(currency)) {
            errors.add(new FieldError("currency", FieldError.Constraint.oneOf(Currencies.codes()), "Unknown currency"));
        }
        String platformAccountId = request.platformAccountId();
        if (platformAccountId != null && (platformAccountId.isEmpty() || platformAccountId.length() > 255)) {
            errors.add(PLATFORM_ACCOUNT_ID);
        }
        if (request.ownershipType() != null && !OWNERSHIP_TYPES.contains(request.ownershipType())) {
            errors.add(OWNERSHIP_TYPE);
        }
        boolean isDefault = Boolean.TRUE.equals(request.defaultUmaDepositAccount());
        if (isDefault && customerId == null) {
            errors.add(FieldError.of("defaultUmaDepositAccount", "Only a customer's account can be the default UMA deposit account"));
        } else if (isDefault && registrar == Registrar.AGENT) {
            // The default deposit account receives incoming payments with no limit or approval: the platform's choice only.
            errors.add(FieldError.of("defaultUmaDepositAccount", "An agent cannot choose where the customer's incoming payments go;"
                    + " only the platform sets the default UMA deposit account"));
        }
        JsonNode given = request.accountInfo();
        ObjectNode info = null;
        if (given == null || given.isNull()) {
            errors.add(FieldError.of("accountInfo", "Is required"));
        } else {
            // An aliased type (the spec's CLABE) is checked as the reference's type and kept as given.
            String givenType = given.path("accountType").asText(null);
            JsonNode checked = given;
            if (given.isObject() && givenType != null && !givenType.equals(AccountInfoRules.canonicalType(givenType))) {
                checked = ((ObjectNode) given).deepCopy().put("accountType", AccountInfoRules.canonicalType(givenType));
            }
            SchemaValidator.Result result = UnknownFields.validate(checked, schemas.get(RequestSchemas.EXTERNAL_ACCOUNT_INFO),
                    "accountInfo");
            errors.addAll(result.errors());
            if (result.valid()) {
                info = ((ObjectNode) result.value()).put("accountType", givenType);
                List<String> rails = PaymentRails.chosen(givenType, given.get("paymentRails"), errors);
                if (!rails.isEmpty()) {
                    rails.forEach(info.putArray("paymentRails")::add);
                }
                if (currency != null && Currencies.isKnown(currency)) {
                    errors.addAll(AccountInfoRules.check(info, currency));
                }
            }
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        return info;
    }

    private ExternalAccount newAccount(ExternalAccountCreateRequest request, JsonNode info, Customer customer) {
        Instant now = clock.now();
        ExternalAccount account = new ExternalAccount();
        account.id = Ids.newUuid();
        account.customerId = customer == null ? null : customer.id;
        account.currency = request.currency();
        account.accountType = info.get("accountType").asText();
        account.identityKey = AccountInfoRules.identityKey(info);
        account.platformAccountId = request.platformAccountId();
        account.ownershipType = request.ownershipType();
        account.defaultUmaDeposit = Boolean.TRUE.equals(request.defaultUmaDepositAccount());
        account.accountInfo = json.write(info);
        boolean wallet = AccountInfoRules.isWallet(account.accountType);
        boolean selfCustody = wallet && !info.hasNonNull("vaspName");
        boolean verified = selfCustody && customer != null && Regions.requiresSca(customer.region);
        if (verified) {
            // Only the customer's own wallet can prove itself by signature: one left unnamed is taken as the
            // customer's own (verifiable), and someone else's self-custody wallet cannot be verified at all.
            if ("THIRD_PARTY".equals(account.ownershipType)) {
                throw ApiException.invalidField("ownershipType", FieldError.Constraint.oneOf(List.of("FIRST_PARTY")),
                        "A self-custody wallet of a customer in an SCA region must be the customer's own (FIRST_PARTY): "
                                + "its ownership is verified by a signature; pay a third party's wallet at its VASP (vaspName)");
            }
            account.ownershipType = "FIRST_PARTY";
        }
        account.status = verified ? ExternalAccount.PENDING_OWNERSHIP_VERIFICATION : ExternalAccount.ACTIVE;
        if (!wallet) {
            verifyBeneficiary(account, info);
        }
        account.createdAt = now;
        account.updatedAt = now;
        return account;
    }

    /** Name check against the account holder; in the sandbox the identifier's 1xx suffix decides. */
    private void verifyBeneficiary(ExternalAccount account, JsonNode info) {
        Optional<String> outcome = outcomes.beneficiaryVerification(AccountInfoRules.primaryIdentifier(info));
        if (outcome.isEmpty()) {
            throw new ApiException(ErrorCode.INVALID_BANK_ACCOUNT, "The bank reports this account as invalid");
        }
        account.beneficiaryVerificationStatus = outcome.get();
        JsonNode beneficiary = info.path("beneficiary");
        String name = beneficiary.hasNonNull("fullName") ? beneficiary.get("fullName").asText()
                : beneficiary.path("legalName").asText(null);
        if (name != null && Set.of("MATCHED", "PARTIAL_MATCH").contains(outcome.get())) {
            account.beneficiaryVerifiedName = name;
        }
    }

}
