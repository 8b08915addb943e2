package payments.verification;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.common.ServerClock;
import payments.common.security.Caller;
import payments.customer.Customer;
import payments.customer.CustomerService;
import payments.customer.CustomerView;
import payments.customer.IdentityChanges;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The operator review queue: the platform's compliance staff list the verification packets
 * waiting for a person (IN_PROGRESS, or PENDING_MANUAL_REVIEW) and approve or reject each with a
 * reason. A decision has the same effects and events as the sandbox's, and goes into the audit
 * log (who, when, why) in the same transaction. A customer's identity or documents changed under
 * review or after approval send it back to review, logged too.
 */
@ApplicationScoped
public class ComplianceReviews implements IdentityChanges {

    static final List<String> WAITING = List.of(Verification.IN_PROGRESS, Verification.PENDING_MANUAL_REVIEW);
    /** Customer statuses whose identity a review decided or is deciding: it changes only through the review again. */
    static final Set<String> REVIEWED = Set.of("PENDING", "APPROVED");
    private static final int MAX_REASON = 1024;

    /** One packet waiting for review, with the customer as the platform sees it. */
    public record ReviewResponse(VerificationResponse verification, ObjectNode customer) {
    }

    /** One entry of the audit log. */
    public record DecisionResponse(String id, String verificationId, String customerId, String decision, String reason,
                                   String decidedBy, Instant decidedAt) {
        static DecisionResponse of(ComplianceDecision decision) {
            return new DecisionResponse(decision.id.toString(), IdType.VERIFICATION.wireId(decision.verificationId),
                    IdType.CUSTOMER.wireId(decision.customerId), decision.decision, decision.reason, decision.actor, decision.createdAt);
        }
    }

    private final VerificationService verifications;
    private final CustomerView customers;
    private final ServerClock clock;

    public ComplianceReviews(VerificationService verifications, CustomerView customers, ServerClock clock) {
        this.verifications = verifications;
        this.customers = customers;
        this.clock = clock;
    }

    /** GET /compliance/reviews: the waiting packets, oldest first. */
    @WithSession
    public Uni<Page<ReviewResponse>> waiting(String limit, String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        QueryFilters filters = new QueryFilters().where("status in :waiting", "waiting", WAITING).where("supersededAt is null")
                .page("id", page, true);
        return Page.fetch(Verification.<Verification>find(filters.clause(), Sort.ascending("id"), filters.params()),
                        () -> Verification.count(filters.countClause(), filters.countParams()), page, v -> v.id.toString(),
                        Function.<Verification>identity())
                .flatMap(found -> Customer.<Customer>list("id in ?1", found.data().stream().map(v -> v.customerId).distinct().toList())
                        .map(holders -> {
                            Map<UUID, Customer> byId = holders.stream().collect(Collectors.toMap(c -> c.id, c -> c));
                            return found.map(v -> new ReviewResponse(verifications.toWire(v), customers.toWire(byId.get(v.customerId))));
                        }));
    }

    /**
     * POST /compliance/reviews/{verificationId}/approve or /reject: 409 unless the packet waits for
     * review (a packet superseded by a newer one no longer does); a rejection needs a reason.
     */
    @WithTransaction
    public Uni<DecisionResponse> decide(String verificationId, boolean approve, JsonBodies.Bound<DecisionRequest> body, Caller caller) {
        String reason = reason(body, !approve);
        UUID id = Ids.uuidOf(IdType.VERIFICATION, verificationId, VerificationService.NOT_FOUND);
        return Ids.find(IdType.VERIFICATION, verificationId, VerificationService.NOT_FOUND, "Verification",
                        VerificationService::lockedCustomerOf)
                .flatMap(customer -> Verification.<Verification>findById(id, LockModeType.PESSIMISTIC_WRITE).flatMap(verification -> {
                    if (verification.supersededAt != null) {
                        throw new ApiException(ErrorCode.CONFLICT, "Verification " + verificationId + " was superseded by "
                                + IdType.VERIFICATION.wireId(verification.supersededBy) + " when the customer's identity or documents"
                                + " changed; decide that packet, on the data as it now stands");
                    }
                    if (!WAITING.contains(verification.status)) {
                        throw new ApiException(ErrorCode.CONFLICT, "Verification " + verificationId + " is " + verification.status
                                + "; only a packet waiting for review (" + String.join(" or ", WAITING) + ") can be decided");
                    }
                    return verifications.decideByPerson(verification, customer, approve)
                            .flatMap(decided -> record(verification, approve ? ComplianceDecision.APPROVED : ComplianceDecision.REJECTED,
                                    reason, caller.scope()));
                }));
    }

    /**
     * POST /compliance/customers/{customerId}/reopen: an APPROVED customer's KYC/KYB is reviewed
     * again (the reason is required); the new packet joins the queue and is decided like any other.
     */
    @WithTransaction
    public Uni<DecisionResponse> reopen(String customerId, JsonBodies.Bound<DecisionRequest> body, Caller caller) {
        String reason = reason(body, true);
        return CustomerService.findForChange(customerId)
                .flatMap(verifications::reopen)
                .flatMap(verification -> record(verification, ComplianceDecision.REOPENED, reason, caller.scope()));
    }

    /**
     * A PENDING or APPROVED customer whose identity or documents changed is reviewed again (the
     * desk's reopen without its APPROVED-only rule: a packet under review is superseded by a new one,
     * {@link VerificationService#reviewAgain}), the audit log saying who changed what (decision
     * REOPENED, on the new packet). Nothing for other customers: an UNVERIFIED one's next submission
     * is reviewed anyway, a REJECTED one's verification is final.
     */
    @Override
    public Uni<Void> changed(Customer customer, String what, Caller caller) {
        return changed(customer, what, caller.scope());
    }

    /** {@link #changed(Customer, String, Caller)} by {@code actor}, as the audit log names it (a hosted page has no API caller). */
    Uni<Void> changed(Customer customer, String what, String actor) {
        if (!REVIEWED.contains(customer.verificationStatus)) {
            return Uni.createFrom().voidItem();
        }
        return verifications.reviewAgain(customer)
                .flatMap(verification -> record(verification, ComplianceDecision.REOPENED, what, actor))
                .replaceWithVoid();
    }

    /** GET /compliance/decisions: the audit log, newest first, optionally of one customer. */
    @WithSession
    public Uni<Page<DecisionResponse>> decisions(String customerId, String limit, String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        if (customerId != null && !Ids.isValid(IdType.CUSTOMER, customerId)) {
            throw ApiException.invalidField("customerId", FieldError.Constraint.idOf(IdType.CUSTOMER), "Must be a Customer id");
        }
        QueryFilters filters = new QueryFilters()
                .equal("customerId", "customerId", customerId == null ? null : CustomerService.uuidOf(customerId))
                .page("id", page);
        return Page.fetch(ComplianceDecision.<ComplianceDecision>find(filters.clause(), Sort.descending("id"), filters.params()),
                () -> ComplianceDecision.count(filters.countClause(), filters.countParams()), page, d -> d.id.toString(),
                DecisionResponse::of);
    }

    private Uni<DecisionResponse> record(Verification verification, String kind, String reason, String actor) {
        ComplianceDecision decision = new ComplianceDecision();
        decision.id = Ids.newUuid();
        decision.verificationId = verification.id;
        decision.customerId = verification.customerId;
        decision.decision = kind;
        decision.reason = reason;
        decision.actor = actor;
        decision.createdAt = clock.now();
        return decision.<ComplianceDecision>persist().map(DecisionResponse::of);
    }

    /** A decision's body: why (optional for an approval, required for a rejection or a reopening). */
    public record DecisionRequest(@Schema(description = "Why: optional for an approval, required for a rejection or a reopening;"
            + " 1 to 1024 characters", maxLength = MAX_REASON) String reason) {
    }

    /** The body's reason: optional for an approval, required for a rejection; 1 to 1024 characters. */
    private static String reason(JsonBodies.Bound<DecisionRequest> body, boolean required) {
        DecisionRequest request = body.valid();
        String value = request == null ? null : request.reason();
        if (value == null && required) {
            throw ApiException.invalidField("reason", FieldError.Constraint.length(1, MAX_REASON), "Is required: why the customer is "
                    + "rejected or reviewed again");
        }
        if (value != null && (value.isBlank() || value.length() > MAX_REASON || value.chars().anyMatch(Character::isISOControl))) {
            throw ApiException.invalidField("reason", FieldError.Constraint.length(1, MAX_REASON),
                    "Must be 1 to " + MAX_REASON + " characters, without control characters");
        }
        return value == null ? null : value.strip();
    }
}
