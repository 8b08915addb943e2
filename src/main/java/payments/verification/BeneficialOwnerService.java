package payments.verification;

import com.fasterxml.jackson.databind.ObjectMapper;
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
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.common.ServerClock;
import payments.common.schema.JsonSchema;
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

/** Beneficial owners, directors and officers of business customers. */
@ApplicationScoped
public class BeneficialOwnerService {

    public static final ErrorCode NOT_FOUND = ErrorCode.BENEFICIAL_OWNER_NOT_FOUND;
    /** What an owner's KYC decides on. */
    private static final List<String> OWNER_IDENTITY = List.of("firstName", "middleName", "lastName", "birthDate",
            "nationality", "address", "idType", "identifier", "countryOfIssuance");

    private final JsonSchema createSchema;
    private final JsonSchema updateSchema;
    private final ObjectMapper mapper;
    private final PlatformConfigService platform;
    private final ServerClock clock;
    private final IdentityVerdicts verdicts;
    private final JsonText json;
    private final ComplianceReviews reviews;

    public BeneficialOwnerService(RequestSchemas schemas, PlatformConfigService platform, ServerClock clock,
                                  JsonText json, IdentityVerdicts verdicts, ComplianceReviews reviews, ObjectMapper mapper) {
        this.mapper = mapper;
        this.createSchema = schemas.get(RequestSchemas.BENEFICIAL_OWNER_CREATE);
        this.updateSchema = schemas.get(RequestSchemas.BENEFICIAL_OWNER_UPDATE);
        this.verdicts = verdicts;
        this.reviews = reviews;
        this.platform = platform;
        this.clock = clock;
        this.json = json;
    }

    /** POST /beneficial-owners; a new owner of a business under review or approved sends it back to review. */
    @WithTransaction
    public Uni<BeneficialOwnerResponse> create(JsonBody<BeneficialOwnerRequest> body, Caller caller) {
        BeneficialOwnerRequest request = checked(body, true);
        return CustomerService.findForChange(request.customerId()).flatMap(customer -> {
            if (!customer.isBusiness()) {
                throw ApiException.invalidField("customerId", null, "Beneficial owners belong to BUSINESS customers");
            }
            BeneficialOwner owner = new BeneficialOwner();
            owner.id = Ids.newUuid();
            owner.customerId = customer.id;
            owner.setRoleList(request.roles());
            owner.ownershipPercentage = request.ownershipPercentage();
            owner.personalInfo = json.write(request.personalInfo());
            owner.kycStatus = "UNVERIFIED";
            owner.createdAt = clock.now();
            owner.updatedAt = owner.createdAt;
            return checkTotalOwnership(owner)
                    .call(() -> platform.settings().invoke(settings -> {
                        if (settings.skipsVerificationPaperwork() && verdicts.decidesWithoutPaperwork()) {
                            owner.kycStatus = verdicts.beneficialOwner(request.personalInfo().lastName());
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
    public Uni<BeneficialOwnerResponse> update(String ownerId, JsonBody<BeneficialOwnerRequest> body, Caller caller) {
        BeneficialOwnerRequest request = checked(body, false);
        return find(ownerId, false).flatMap(owner -> CustomerService.findForChange(IdType.CUSTOMER.wireId(owner.customerId))
                .flatMap(customer -> {
                    List<String> reviewed = reviewedChanges(owner, request);
                    if (request.roles() != null) {
                        owner.setRoleList(request.roles());
                    }
                    if (request.ownershipPercentage() != null) {
                        owner.ownershipPercentage = request.ownershipPercentage();
                    }
                    if (request.personalInfo() != null) {
                        ObjectNode info = (ObjectNode) json.read(owner.personalInfo);
                        info.setAll(mapper.<ObjectNode>valueToTree(request.personalInfo()));
                        List<FieldError> errors = new ArrayList<>();
                        FieldRules.identification(info.path("idType").asText(null), info.path("identifier").asText(null),
                                "personalInfo.", errors);
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
    private List<String> reviewedChanges(BeneficialOwner owner, BeneficialOwnerRequest request) {
        List<String> changed = new ArrayList<>();
        if (request.roles() != null && !Set.copyOf(request.roles()).equals(Set.copyOf(owner.roleList()))) {
            changed.add("roles");
        }
        if (request.ownershipPercentage() != null && request.ownershipPercentage() != owner.ownershipPercentage) {
            changed.add("ownershipPercentage");
        }
        if (request.personalInfo() != null) {
            changed.addAll(IdentityChanges.differing(mapper.valueToTree(request.personalInfo()), json.read(owner.personalInfo),
                    OWNER_IDENTITY, "personalInfo."));
        }
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

    /** The body checked against its operation's schema and these rules: 400 listing every invalid field. */
    private BeneficialOwnerRequest checked(JsonBody<BeneficialOwnerRequest> body, boolean creating) {
        return body.checked(creating ? createSchema : updateSchema).valid((request, errors) -> checkRules(request, creating, errors));
    }

    private void checkRules(BeneficialOwnerRequest request, boolean creating, List<FieldError> errors) {
        List<String> roles = request.roles();
        if (roles != null) {
            Set<String> seen = new LinkedHashSet<>();
            for (int i = 0; i < roles.size(); i++) {
                if (!seen.add(roles.get(i))) {
                    errors.add(FieldError.of("roles[" + i + "]", "Duplicate role " + roles.get(i)));
                }
            }
            if (roles.isEmpty()) {
                errors.add(FieldError.of("roles", "Must list at least one role"));
            }
        }
        BeneficialOwnerRequest.PersonalInfo info = request.personalInfo();
        if (info != null) {
            FieldRules.notInFuture(info.birthDate(), "personalInfo.birthDate", clock.today(), errors);
            if (creating) {
                FieldRules.identification(info.idType(), info.identifier(), "personalInfo.", errors);
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
