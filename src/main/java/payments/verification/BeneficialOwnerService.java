package payments.verification;

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
import payments.common.FieldRules;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonText;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.common.ServerClock;
import payments.common.schema.RequestSchemas;
import payments.common.security.Caller;
import payments.customer.Customer;
import payments.customer.CustomerService;
import payments.customer.IdentityChanges;
import payments.customer.IdentityVerdicts;
import payments.platform.PlatformConfigService;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** Beneficial owners, directors and officers of business customers. */
@ApplicationScoped
public class BeneficialOwnerService {

    public static final ErrorCode NOT_FOUND = ErrorCode.BENEFICIAL_OWNER_NOT_FOUND;
    /** What an owner's KYC decides on. */
    private static final List<String> OWNER_IDENTITY = List.of("firstName", "middleName", "lastName", "birthDate",
            "nationality", "address", "idType", "identifier", "countryOfIssuance");

    private final RequestSchemas schemas;
    private final PlatformConfigService platform;
    private final ServerClock clock;
    private final IdentityVerdicts verdicts;
    private final JsonText json;
    private final ComplianceReviews reviews;

    public BeneficialOwnerService(RequestSchemas schemas, PlatformConfigService platform, ServerClock clock,
                                  JsonText json, IdentityVerdicts verdicts, ComplianceReviews reviews) {
        this.verdicts = verdicts;
        this.reviews = reviews;
        this.schemas = schemas;
        this.platform = platform;
        this.clock = clock;
        this.json = json;
    }

    /** POST /beneficial-owners; a new owner of a business under review or approved sends it back to review. */
    @WithTransaction
    public Uni<BeneficialOwnerResponse> create(JsonNode body, Caller caller) {
        ObjectNode request = schemas.validate(body, RequestSchemas.BENEFICIAL_OWNER_CREATE, this::checkRules);
        return CustomerService.findForChange(request.get("customerId").asText()).flatMap(customer -> {
            if (!customer.isBusiness()) {
                throw ApiException.invalidField("customerId", null, "Beneficial owners belong to BUSINESS customers");
            }
            BeneficialOwner owner = new BeneficialOwner();
            owner.id = Ids.newUuid();
            owner.customerId = customer.id;
            owner.setRoleList(JsonText.texts(request.get("roles")));
            owner.ownershipPercentage = request.get("ownershipPercentage").asInt();
            owner.personalInfo = json.write(request.get("personalInfo"));
            owner.kycStatus = "UNVERIFIED";
            owner.createdAt = clock.now();
            owner.updatedAt = owner.createdAt;
            return checkTotalOwnership(owner)
                    .call(() -> platform.settings().invoke(settings -> {
                        if (settings.skipsVerificationPaperwork() && verdicts.decidesWithoutPaperwork()) {
                            owner.kycStatus = verdicts.beneficialOwner(request.at("/personalInfo/lastName").asText());
                        }
                    }))
                    .call(() -> owner.persist())
                    .call(() -> reviews.changed(customer, "Beneficial owner " + owner.wireId() + " added by the platform: roles "
                            + String.join(", ", owner.roleList()) + ", ownershipPercentage " + owner.ownershipPercentage, caller))
                    .map(saved -> toWire(owner));
        });
    }

    @WithSession
    public Uni<BeneficialOwnerResponse> get(String ownerId) {
        return find(ownerId, false).map(this::toWire);
    }

    @WithSession
    public Uni<Page<BeneficialOwnerResponse>> list(String customerId, String limit, String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        if (customerId == null || customerId.isBlank()) {
            throw ApiException.invalidField("customerId", null, "Is required: the business customer whose owners to list");
        }
        QueryFilters filters = new QueryFilters()
                .equal("customerId", "customerId", CustomerService.uuidOf(customerId))
                .page("id", page);
        return Page.fetch(BeneficialOwner.<BeneficialOwner>find(filters.clause(), Sort.descending("id"), filters.params()),
                () -> BeneficialOwner.count(filters.countClause(), filters.countParams()), page, o -> o.id.toString(), this::toWire);
    }

    /**
     * PATCH /beneficial-owners/{id}; a change of the owner's roles, share or identity may send its
     * business back to review.
     */
    @WithTransaction
    public Uni<BeneficialOwnerResponse> update(String ownerId, JsonNode body, Caller caller) {
        ObjectNode request = schemas.validate(body, RequestSchemas.BENEFICIAL_OWNER_UPDATE, this::checkRules);
        return find(ownerId, false).flatMap(owner -> CustomerService.findForChange(IdType.CUSTOMER.wireId(owner.customerId))
                .flatMap(customer -> {
                    List<String> reviewed = reviewedChanges(owner, request);
                    if (request.has("roles")) {
                        owner.setRoleList(JsonText.texts(request.get("roles")));
                    }
                    if (request.has("ownershipPercentage")) {
                        owner.ownershipPercentage = request.get("ownershipPercentage").asInt();
                    }
                    if (request.has("personalInfo")) {
                        ObjectNode info = (ObjectNode) json.read(owner.personalInfo);
                        info.setAll((ObjectNode) request.get("personalInfo"));
                        List<FieldError> errors = new ArrayList<>();
                        FieldRules.identification(info, "personalInfo.", errors);
                        if (!errors.isEmpty()) {
                            throw ApiException.invalidInput(errors);
                        }
                        owner.personalInfo = json.write(info);
                    }
                    owner.updatedAt = clock.now();
                    return checkTotalOwnership(owner)
                            .call(() -> reviewed.isEmpty() ? Uni.createFrom().voidItem() : reviews.changed(customer,
                                    "Beneficial owner " + ownerId + " changed by the platform: " + String.join(", ", reviewed), caller))
                            .map(ok -> toWire(owner));
                }));
    }

    /**
     * What a PATCH sets to new values among what the business's review decides on (who owns and
     * controls it, and who they are), read before it is applied; the order of roles is no change.
     */
    private List<String> reviewedChanges(BeneficialOwner owner, ObjectNode request) {
        List<String> changed = new ArrayList<>();
        if (request.has("roles") && !Set.copyOf(JsonText.texts(request.get("roles"))).equals(Set.copyOf(owner.roleList()))) {
            changed.add("roles");
        }
        if (request.has("ownershipPercentage") && request.get("ownershipPercentage").asInt() != owner.ownershipPercentage) {
            changed.add("ownershipPercentage");
        }
        changed.addAll(IdentityChanges.differing(request.path("personalInfo"), json.read(owner.personalInfo), OWNER_IDENTITY,
                "personalInfo."));
        return changed;
    }

    /** Loads an owner by wire id; 404 when absent. */
    public static Uni<BeneficialOwner> find(String ownerId, boolean forUpdate) {
        return Ids.find(IdType.BENEFICIAL_OWNER, ownerId, NOT_FOUND, "Beneficial owner", id -> forUpdate
                ? BeneficialOwner.findById(id, LockModeType.PESSIMISTIC_WRITE) : BeneficialOwner.findById(id));
    }

    /** The owners of a business (call in a session). */
    public static Uni<List<BeneficialOwner>> ownersOf(Customer customer) {
        return BeneficialOwner.list("customerId", Sort.ascending("id"), customer.id);
    }

    BeneficialOwnerResponse toWire(BeneficialOwner owner) {
        return new BeneficialOwnerResponse(owner.wireId(), IdType.CUSTOMER.wireId(owner.customerId), owner.roleList(),
                owner.ownershipPercentage, json.read(owner.personalInfo), owner.kycStatus, owner.createdAt.toString(),
                owner.updatedAt.toString());
    }

    private void checkRules(ObjectNode request, List<FieldError> errors) {
        JsonNode roles = request.get("roles");
        if (roles != null) {
            Set<String> seen = new LinkedHashSet<>();
            for (int i = 0; i < roles.size(); i++) {
                if (!seen.add(roles.get(i).asText())) {
                    errors.add(FieldError.of("roles[" + i + "]", "Duplicate role " + roles.get(i).asText()));
                }
            }
            if (roles.isEmpty()) {
                errors.add(FieldError.of("roles", "Must list at least one role"));
            }
        }
        JsonNode info = request.get("personalInfo");
        if (info != null) {
            FieldRules.notInFuture(info, "birthDate", "personalInfo.", clock.today(), errors);
            if (request.has("customerId")) {
                FieldRules.identification(info, "personalInfo.", errors);
            }
        }
    }

    /** The owners of one business cannot hold more than 100% between them (the business row is locked). */
    private Uni<Void> checkTotalOwnership(BeneficialOwner owner) {
        return BeneficialOwner.<BeneficialOwner>list("customerId = ?1 and id <> ?2", owner.customerId, owner.id)
                .map(others -> {
                    int total = owner.ownershipPercentage + others.stream().mapToInt(o -> o.ownershipPercentage).sum();
                    if (total > 100) {
                        throw ApiException.invalidField("ownershipPercentage", null,
                                "The business's owners would hold " + total + "% between them; at most 100% is possible");
                    }
                    return null;
                });
    }
}
