package payments.incoming;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import org.jboss.logging.Logger;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.ReasonRequest;
import payments.common.ServerClock;
import payments.common.jobs.ClaimedJob;
import payments.common.jobs.JobHandler;
import payments.common.jobs.JobOutcome;
import payments.common.jobs.Jobs;
import payments.quote.ReceiverService.FieldDefinition;
import payments.transaction.FailureReason;
import payments.transaction.PaymentLifecycle;
import payments.transaction.PaymentRail.Leg;
import payments.transaction.PaymentRail.Submission;
import payments.transaction.PaymentTransaction;
import payments.transaction.TransactionService;
import payments.transaction.TransactionView;
import payments.transaction.TransactionView.TransactionResponse;
import payments.webhook.EventType;
import payments.webhook.WebhookDispatcher;
import payments.webhook.WebhookEndpoint;
import payments.webhook.WebhookEvent;
import payments.webhook.WebhookPublisher;
import payments.webhook.WebhookSender;
import payments.webhook.WebhookSender.Attempt;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * The platform's say over an incoming payment on a rail that asks first (UMA). The payment waits
 * PENDING while the INCOMING_PAYMENT.PENDING event is sent once, as a call whose answer decides:
 * 200 approves (with the receiver information the sender asked for), 202 defers the decision to
 * {@code POST /transactions/{id}/approve|reject} within {@link #DECISION_WINDOW}, 403 rejects,
 * 422 (the sender has nothing more to give) fails the pay request, anything else or no answer
 * fails the payment. An approved payment settles like any other: {@link PaymentLifecycle} credits the
 * receiver's account when the rail delivers.
 */
@ApplicationScoped
public class IncomingApproval implements JobHandler {

    public static final String TYPE = "incoming.approval";
    public static final ErrorCode NOT_PENDING = ErrorCode.TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL;
    /** How long the platform has to answer the call, and to decide after answering 202. */
    static final Duration DECISION_WINDOW = Duration.ofSeconds(5);

    private static final Logger LOG = Logger.getLogger(IncomingApproval.class);
    private static final String CALL = "call";
    private static final String TIMEOUT = "timeout";
    private static final TypeReference<List<FieldDefinition>> FIELDS = new TypeReference<>() {
    };

    private final WebhookPublisher webhooks;
    private final WebhookSender sender;
    private final WebhookDispatcher deliveries;
    private final WebhookEndpoint endpoint;
    private final Jobs jobs;
    private final PaymentLifecycle lifecycle;
    private final TransactionView view;
    private final ObjectMapper mapper;
    private final JsonText json;
    private final ServerClock clock;

    public IncomingApproval(WebhookPublisher webhooks, WebhookSender sender, WebhookDispatcher deliveries,
                            WebhookEndpoint endpoint, Jobs jobs, PaymentLifecycle lifecycle, TransactionView view,
                            ObjectMapper mapper, JsonText json, ServerClock clock) {
        this.webhooks = webhooks;
        this.sender = sender;
        this.deliveries = deliveries;
        this.endpoint = endpoint;
        this.jobs = jobs;
        this.lifecycle = lifecycle;
        this.view = view;
        this.mapper = mapper;
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

    /**
     * Puts a new PENDING incoming payment before the platform: the approval event (the Transaction
     * plus requestedReceiverCustomerInfoFields) and the job that sends it. Call inside the
     * transaction that saves the payment, after it is persisted.
     */
    public Uni<Void> request(PaymentTransaction t, List<FieldDefinition> requestedFields) {
        t.approvalFields = json.write(requestedFields);
        ObjectNode data = mapper.valueToTree(view.toWire(t));
        data.set("requestedReceiverCustomerInfoFields", mapper.valueToTree(requestedFields));
        return webhooks.record(EventType.INCOMING_PAYMENT_PENDING, data)
                .flatMap(event -> jobs.enqueueNow(TYPE, CALL + ":" + t.id + ":" + event.id))
                .replaceWithVoid();
    }

    /** POST /transactions/{id}/approve: the platform's deferred yes, with the receiver information asked for. */
    @WithTransaction
    public Uni<TransactionResponse> approve(String transactionId, ApprovalRequest body) {
        JsonNode info = body.receiverCustomerInfo() == null || body.receiverCustomerInfo().isNull() ? null : body.receiverCustomerInfo();
        return awaitingDecision(transactionId).flatMap(t -> {
            List<String> missing = ReceiverInfoFields.missingMandatory(requestedFields(t), info);
            if (!missing.isEmpty()) {
                throw ApiException.invalidInput(missing.stream()
                        .map(name -> FieldError.of("receiverCustomerInfo." + name, "Required: the sender asked for it"))
                        .toList());
            }
            return approved(t, info).map(ignored -> view.toWire(t));
        });
    }

    /** POST /transactions/{id}/reject: the platform's deferred no. The reason is for the platform's own records. */
    @WithTransaction
    public Uni<TransactionResponse> reject(String transactionId, ReasonRequest body) {
        String reason = body.reason();
        return awaitingDecision(transactionId).flatMap(t -> {
            LOG.infof("Platform rejected incoming payment %s: %s", t.wireId(), reason == null ? "no reason given" : reason);
            return rejected(t).map(ignored -> view.toWire(t));
        });
    }

    @Override
    public Uni<JobOutcome> handle(ClaimedJob job) {
        String[] step = job.payload().split(":");
        UUID transactionId = UUID.fromString(step[1]);
        if (TIMEOUT.equals(step[0])) {
            return locked(transactionId, this::timeOut).replaceWith(JobOutcome.done());
        }
        UUID eventId = UUID.fromString(step[2]);
        // A call that ran before (a crash after sending) is sent again while no answer is recorded:
        // the same event id lets the platform see it is the same question.
        return Panache.withSession(() -> PaymentTransaction.<PaymentTransaction>findById(transactionId)
                        .flatMap(t -> t == null || !t.awaitsApproval() || t.approvalDeadline != null
                                ? Uni.createFrom().<WebhookEvent>nullItem()
                                : WebhookEvent.<WebhookEvent>findById(eventId)))
                .flatMap(event -> event == null ? Uni.createFrom().voidItem() : call(transactionId, event))
                .replaceWith(JobOutcome.done());
    }

    private Uni<Void> call(UUID transactionId, WebhookEvent event) {
        return endpoint.current().flatMap(url -> url.isEmpty()
                ? locked(transactionId, t -> fail(t, FailureReason.PAYMENT_APPROVAL_WEBHOOK_ERROR))
                : sender.send(event, url.get(), DECISION_WINDOW)
                        .call(attempt -> deliveries.closeSingleAttempt(event, attempt))
                        .flatMap(attempt -> locked(transactionId, t -> answered(t, attempt))));
    }

    private Uni<Void> answered(PaymentTransaction t, Attempt attempt) {
        if (!attempt.answered()) {
            return fail(t, FailureReason.PAYMENT_APPROVAL_WEBHOOK_ERROR);
        }
        return switch (attempt.status()) {
            case 200 -> {
                JsonNode info = lenientJson(attempt.responseBody()).get("receiverCustomerInfo");
                JsonNode given = info != null && info.isObject() ? info : null;
                yield ReceiverInfoFields.missingMandatory(requestedFields(t), given).isEmpty()
                        ? approved(t, given) : fail(t, FailureReason.MISSING_MANDATORY_PAYEE_DATA);
            }
            case 202 -> awaitDecision(t);
            case 403 -> rejected(t);
            // The platform wants more about the sender; the sender has told all it will.
            case 422 -> fail(t, FailureReason.PAY_REQUEST_FAILED);
            default -> fail(t, FailureReason.PAYMENT_APPROVAL_WEBHOOK_ERROR);
        };
    }

    private Uni<Void> awaitDecision(PaymentTransaction t) {
        t.approvalDeadline = clock.now().plus(DECISION_WINDOW);
        t.updatedAt = clock.now();
        return jobs.enqueue(TYPE, TIMEOUT + ":" + t.id, t.approvalDeadline).replaceWithVoid();
    }

    private Uni<Void> timeOut(PaymentTransaction t) {
        if (t.approvalDeadline == null || clock.now().isBefore(t.approvalDeadline)) {
            return Uni.createFrom().voidItem();
        }
        return fail(t, FailureReason.PAYMENT_APPROVAL_TIMED_OUT);
    }

    private Uni<Void> approved(PaymentTransaction t, JsonNode receiverInfo) {
        t.receiverCustomerInfo = receiverInfo == null || receiverInfo.isNull() ? null : json.write(receiverInfo);
        t.approvalDeadline = null;
        return lifecycle.begin(t, new Submission(t.id, t.reference, Leg.UMA_RECEIVE, null, null, t.senderIdentifier,
                t.sentCurrency.equals(t.receivedCurrency), t.receivedCurrency, t.receivedAmount, null));
    }

    private Uni<Void> rejected(PaymentTransaction t) {
        t.approvalDeadline = null;
        return lifecycle.rejectIncoming(t);
    }

    private Uni<Void> fail(PaymentTransaction t, FailureReason reason) {
        t.approvalDeadline = null;
        return lifecycle.failIncoming(t, reason);
    }

    /** The payment, locked, if it still awaits the platform: 409 otherwise, also once the 202 window has passed. */
    private Uni<PaymentTransaction> awaitingDecision(String transactionId) {
        return TransactionService.find(transactionId, true).map(t -> {
            boolean timedOut = t.approvalDeadline != null && clock.now().isAfter(t.approvalDeadline);
            if (!t.awaitsApproval() || timedOut) {
                throw new ApiException(NOT_PENDING, "Transaction " + t.wireId() + " is " + t.status
                        + (timedOut ? " and its approval window has passed" : " and not waiting for the platform's approval"));
            }
            return t;
        });
    }

    /** Runs {@code step} on the payment, locked, in its own transaction, when it still awaits approval. */
    private Uni<Void> locked(UUID transactionId, java.util.function.Function<PaymentTransaction, Uni<Void>> step) {
        return Panache.withTransaction(() -> PaymentTransaction.<PaymentTransaction>findById(transactionId,
                        LockModeType.PESSIMISTIC_WRITE)
                .flatMap(t -> t == null || !t.awaitsApproval() ? Uni.createFrom().voidItem() : step.apply(t)));
    }

    /**
     * The optional body of POST /transactions/{id}/approve (ApprovePaymentRequest): the receiver
     * information the sender asked for, an object of the requested field names to their values.
     */
    public record ApprovalRequest(JsonNode receiverCustomerInfo) {
    }

    /** The approve body bound, its receiverCustomerInfo an object when given. */
    public static ApprovalRequest checkApproval(JsonBody<ApprovalRequest> body) {
        ApprovalRequest request = body.orEmpty();
        JsonNode info = request.receiverCustomerInfo();
        if (info != null && !info.isNull() && !info.isObject()) {
            throw ApiException.invalidField("receiverCustomerInfo", null, "Must be an object of field names to values");
        }
        return request;
    }

    private List<FieldDefinition> requestedFields(PaymentTransaction t) {
        return mapper.convertValue(json.read(t.approvalFields), FIELDS);
    }

    private JsonNode lenientJson(String text) {
        try {
            JsonNode node = text == null || text.isBlank() ? null : mapper.readTree(text);
            return node == null ? mapper.createObjectNode() : node;
        } catch (java.io.IOException e) {
            return mapper.createObjectNode();
        }
    }
}
