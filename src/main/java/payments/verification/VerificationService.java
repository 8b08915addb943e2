package payments.verification;

import com.fasterxml.jackson.databind.JsonNode;
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
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.common.ServerClock;
import payments.common.jobs.Jobs;
import payments.customer.Customer;
import payments.customer.CustomerService;
import payments.webhook.EventType;
import payments.webhook.WebhookPublisher;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Verification packets. A submission is checked for completeness at once (RESOLVE_ERRORS lists
 * every gap); a complete one goes IN_PROGRESS, the customer PENDING, and the sandbox decides it
 * by its magic suffix in a job right after.
 */
@ApplicationScoped
public class VerificationService {

    public static final ErrorCode NOT_FOUND = ErrorCode.VERIFICATION_NOT_FOUND;
    private static final Set<String> FINAL_CUSTOMER_STATUSES = Set.of("APPROVED", "REJECTED");

    private final CustomerService customers;
    private final JsonText json;
    private final WebhookPublisher webhooks;
    private final Jobs jobs;
    private final ServerClock clock;
    private final PacketReviewer reviewer;

    public VerificationService(CustomerService customers, JsonText json, WebhookPublisher webhooks, Jobs jobs,
                               ServerClock clock, PacketReviewer reviewer) {
        this.reviewer = reviewer;
        this.customers = customers;
        this.json = json;
        this.webhooks = webhooks;
        this.jobs = jobs;
        this.clock = clock;
    }

    @WithTransaction
    public Uni<VerificationResponse> submit(JsonBody<VerificationRequest> body) {
        return submitFor(body.bound().valid(FieldError.of("customerId", "Is required: the customer to verify"),
                request -> request != null && request.customerId() != null).customerId());
    }

    /** The body of POST /verifications (VerificationRequest). */
    public record VerificationRequest(String customerId) {
    }

    /** Submits a customer's packet as it stands; call inside a transaction. */
    Uni<VerificationResponse> submitFor(String customerId) {
        return CustomerService.findForChange(customerId).flatMap(customer -> {
            if (FINAL_CUSTOMER_STATUSES.contains(customer.verificationStatus)) {
                throw new ApiException(ErrorCode.INVALID_INPUT, "Customer " + customerId + " is already "
                        + customer.verificationStatus + "; its verification is final");
            }
            return waitingPacket(customer).flatMap(open -> open != null ? Uni.createFrom().item(toWire(open)) : newSubmission(customer));
        });
    }

    @WithSession
    public Uni<VerificationResponse> get(String verificationId) {
        return Ids.<Verification>find(IdType.VERIFICATION, verificationId, NOT_FOUND, "Verification", id -> Verification.findById(id))
                .map(this::toWire);
    }

    @WithSession
    public Uni<Page<VerificationResponse>> list(String customerId, String status, String limit, String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        if (status != null && !Verification.STATUSES.contains(status)) {
            throw ApiException.invalidField("verificationStatus", FieldError.Constraint.oneOf(Verification.STATUSES),
                    "Not a verification status");
        }
        if (customerId != null && !Ids.isValid(IdType.CUSTOMER, customerId)) {
            throw ApiException.invalidField("customerId", FieldError.Constraint.idOf(IdType.CUSTOMER), "Must be a Customer id");
        }
        QueryFilters filters = new QueryFilters()
                .equal("customerId", "customerId", customerId == null ? null : CustomerService.uuidOf(customerId))
                .equal("status", "status", status)
                .page("id", page);
        return Page.fetch(Verification.<Verification>find(filters.clause(), Sort.descending("id"), filters.params()),
                () -> Verification.count(filters.countClause(), filters.countParams()), page, v -> v.id.toString(),
                this::toWire);
    }

    /**
     * The reviewer's decision on an IN_PROGRESS packet not superseded (job body; call inside a
     * transaction). A job queued under a reviewer that decides at once and run after the server came
     * back with the operator queue leaves the packet to the operator.
     */
    Uni<Void> decide(UUID verificationId) {
        if (!reviewer.decidesAtOnce()) {
            return Uni.createFrom().voidItem();
        }
        return lockedCustomerOf(verificationId).flatMap(customer -> customer == null ? Uni.createFrom().voidItem()
                : Verification.<Verification>findById(verificationId, LockModeType.PESSIMISTIC_WRITE).flatMap(verification ->
                        !Verification.IN_PROGRESS.equals(verification.status) || verification.supersededAt != null
                                ? Uni.createFrom().voidItem() : decide(verification, customer)));
    }

    /**
     * The customer of a packet, locked; null when there is no such packet. Whoever decides a packet
     * locks its customer first and the packet after, the order in which a change of the customer's
     * identity or documents takes them ({@link #reviewAgain}): the two wait for each other instead of
     * deadlocking. Call inside a transaction, before loading the packet.
     */
    static Uni<Customer> lockedCustomerOf(UUID verificationId) {
        return Customer.<Customer>find("id = (select v.customerId from Verification v where v.id = ?1)", verificationId)
                .withLock(LockModeType.PESSIMISTIC_WRITE).firstResult();
    }

    private Uni<Void> decide(Verification verification, Customer customer) {
        JsonNode profile = json.read(customer.profile);
        return DocumentService.documentsOf(customer.id).flatMap(documents -> {
            PacketReviewer.Decision outcome = reviewer.decide(new PacketReviewer.Packet(customer.wireId(), customer.isBusiness(),
                    profile.path("fullName").asText(null), registrationNumber(profile),
                    documents.stream().map(doc -> new PacketReviewer.PacketDocument(doc.wireId(), doc.holderId, doc.documentType,
                            doc.replacedAt != null)).toList()));
            return conclude(verification, outcome.verificationStatus(), outcome.issues())
                    .call(() -> customers.decide(customer, outcome.customerStatus()))
                    .call(() -> customer.isBusiness() && outcome.terminal()
                            ? decideOwners(customer, owner -> reviewer.ownerStatus(json.read(owner.personalInfo).path("lastName").asText(null)))
                            : Uni.createFrom().voidItem());
        });
    }

    private static String registrationNumber(JsonNode profile) {
        return profile.path("businessInfo").path("registrationNumber").asText(null);
    }

    /**
     * A person's decision on a packet waiting for review (IN_PROGRESS or PENDING_MANUAL_REVIEW),
     * with the same events as the sandbox's: the verification's, the customer's KYC/KYB status, and
     * for a business its owners'. Call inside a transaction with the customer and the verification locked.
     */
    Uni<Void> decideByPerson(Verification verification, Customer customer, boolean approve) {
        String status = approve ? Verification.APPROVED : Verification.REJECTED;
        return conclude(verification, status, List.of())
                .call(() -> customers.decide(customer, status))
                .call(() -> customer.isBusiness() ? decideOwners(customer, owner -> status) : Uni.createFrom().voidItem());
    }

    /**
     * Re-opens an APPROVED customer's verification (a periodic or event-driven review): a new packet
     * waiting for a person (PENDING_MANUAL_REVIEW), the customer PENDING again, its cards waiting
     * with it. 409 for a customer not APPROVED. Call inside a transaction with the customer locked.
     */
    Uni<Verification> reopen(Customer customer) {
        if (!"APPROVED".equals(customer.verificationStatus)) {
            throw new ApiException(ErrorCode.CONFLICT, "Customer " + customer.wireId() + " is " + customer.verificationStatus
                    + "; only an APPROVED customer's verification can be re-opened");
        }
        return manualReview(customer);
    }

    /**
     * Sends a customer whose identity or documents changed back to review: a new packet starts as a
     * complete submission does (IN_PROGRESS: the sandbox's rules decide it again, or it waits in the
     * operator queue), and the customer is PENDING. A packet still waiting is superseded by it, never
     * changed under a reviewer who may have read the old data: the new one waits the same way (a
     * person's review stays a person's), the old one keeps its status but can no longer be decided
     * and sends no event. Call inside a transaction with the customer locked.
     */
    Uni<Verification> reviewAgain(Customer customer) {
        return waitingPacket(customer).flatMap(open -> {
            if (open == null) {
                return newPacket(customer, List.of());
            }
            Uni<Verification> successor = Verification.PENDING_MANUAL_REVIEW.equals(open.status) ? manualReview(customer)
                    : newPacket(customer, List.of());
            return successor.invoke(next -> {
                open.supersededAt = next.createdAt;
                open.supersededBy = next.id;
            });
        });
    }

    /** What the customer's packet still lacks (none for businesses the sandbox decides outright); call in a session. */
    Uni<List<VerificationIssue>> issuesFor(Customer customer) {
        JsonNode profile = json.read(customer.profile);
        if (reviewer.skipsPaperwork(customer.isBusiness(), registrationNumber(profile))) {
            return Uni.createFrom().item(List.of());
        }
        Uni<List<BeneficialOwner>> owners = customer.isBusiness() ? BeneficialOwnerService.ownersOf(customer)
                : Uni.createFrom().item(List.of());
        return DocumentService.documentsOf(customer.id).flatMap(documents -> owners.map(ownerList -> PacketCheck.issues(
                new PacketCheck.Applicant(customer.wireId(), customer.isBusiness(), profile, customer.identifier,
                        customer.contactVerification == null ? null : json.read(customer.contactVerification)),
                documents.stream().map(d -> new PacketCheck.HeldDocument(d.wireId(), d.holderId, d.documentType)).toList(),
                ownerList.stream().map(o -> new PacketCheck.Owner(o.wireId(), o.roleList())).toList())));
    }

    private Uni<VerificationResponse> newSubmission(Customer customer) {
        return issuesFor(customer).flatMap(issues -> newPacket(customer, issues)).map(this::toWire);
    }

    /** The customer's packet waiting for a decision (IN_PROGRESS or PENDING_MANUAL_REVIEW, not superseded), or null; call in a session. */
    private static Uni<Verification> waitingPacket(Customer customer) {
        return Verification.<Verification>find("customerId = ?1 and status in ?2 and supersededAt is null", customer.id,
                ComplianceReviews.WAITING).firstResult();
    }

    /** A new packet, stored, waiting for a person (PENDING_MANUAL_REVIEW); the customer PENDING. */
    private Uni<Verification> manualReview(Customer customer) {
        Verification verification = packetOf(customer);
        return conclude(verification, Verification.PENDING_MANUAL_REVIEW, List.of())
                .call(verification::persist)
                .call(() -> customers.decide(customer, "PENDING"))
                .replaceWith(verification);
    }

    /** A new packet, stored: under review (IN_PROGRESS) when it lacks nothing, else RESOLVE_ERRORS listing the issues. */
    private Uni<Verification> newPacket(Customer customer, List<VerificationIssue> issues) {
        Verification verification = packetOf(customer);
        boolean complete = issues.isEmpty();
        return conclude(verification, complete ? Verification.IN_PROGRESS : Verification.RESOLVE_ERRORS, issues)
                .call(verification::persist)
                .call(() -> complete ? startReview(verification, customer) : Uni.createFrom().voidItem())
                .replaceWith(verification);
    }

    private Verification packetOf(Customer customer) {
        Verification verification = new Verification();
        verification.id = Ids.newUuid();
        verification.customerId = customer.id;
        verification.createdAt = clock.now();
        return verification;
    }

    private Uni<Void> startReview(Verification verification, Customer customer) {
        Instant now = clock.now();
        Uni<Void> lockDocuments = DocumentService.documentsOf(customer.id)
                .invoke(documents -> documents.forEach(document -> document.submittedAt = now)).replaceWithVoid();
        // Under the operator queue, the packet waits for the platform's compliance staff (ComplianceReviews).
        Uni<Void> decision = reviewer.decidesAtOnce()
                ? jobs.enqueueNow(VerificationDecision.TYPE, verification.id.toString()).replaceWithVoid()
                : Uni.createFrom().voidItem();
        return lockDocuments.call(() -> customers.decide(customer, "PENDING")).call(() -> decision);
    }

    private Uni<Void> conclude(Verification verification, String status, List<VerificationIssue> issues) {
        verification.status = status;
        verification.errors = json.write(issues);
        verification.updatedAt = clock.now();
        return webhooks.publish(statusEvent(status), toWire(verification)).replaceWithVoid();
    }

    private static EventType statusEvent(String status) {
        return switch (status) {
            case Verification.RESOLVE_ERRORS -> EventType.VERIFICATION_RESOLVE_ERRORS;
            case Verification.IN_PROGRESS -> EventType.VERIFICATION_IN_PROGRESS;
            case Verification.PENDING_MANUAL_REVIEW -> EventType.VERIFICATION_PENDING_MANUAL_REVIEW;
            case Verification.APPROVED -> EventType.VERIFICATION_APPROVED;
            case Verification.REJECTED -> EventType.VERIFICATION_REJECTED;
            default -> throw new IllegalStateException("No event for verification status " + status);
        };
    }

    /** Gives each of a business's owners its KYC status, as {@code decision} has it. */
    private Uni<Void> decideOwners(Customer customer, java.util.function.Function<BeneficialOwner, String> decision) {
        return BeneficialOwnerService.ownersOf(customer).invoke(owners -> owners.forEach(owner -> {
            owner.kycStatus = decision.apply(owner);
            owner.updatedAt = clock.now();
        })).replaceWithVoid();
    }

    VerificationResponse toWire(Verification verification) {
        return new VerificationResponse(verification.wireId(), IdType.CUSTOMER.wireId(verification.customerId),
                verification.status, Arrays.asList(json.read(verification.errors, VerificationIssue[].class)),
                verification.createdAt.toString(), verification.updatedAt.toString());
    }
}
