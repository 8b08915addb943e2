package payments.transaction;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.account.ExternalAccount;
import payments.account.InternalAccount;
import payments.common.ErrorCode;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.jobs.ClaimedJob;
import payments.common.jobs.JobHandler;
import payments.common.jobs.JobOutcome;
import payments.common.jobs.Jobs;
import payments.ledger.Journal.Bucket;
import payments.ledger.Journal.SystemAccount;
import payments.ledger.Journal;
import payments.ledger.Ledger;
import payments.webhook.EventType;
import payments.webhook.WebhookEvent;
import payments.webhook.WebhookPublisher;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Drives an executed outgoing payment to its end. Execution holds the payer's money and starts
 * this job; the rail's answer (the sandbox's {@link RailOutcome}) then either settles the payment
 * (the hold leaves the payer; fees, conversion and the payee are credited) or fails it and
 * refunds the hold. A payout the bank returns later is reversed by a new posting. Every step
 * locks the transaction and checks its status first, so a job that runs twice changes nothing
 * the second time; the ledger's one-posting-per-step index backs that up.
 */
@ApplicationScoped
public class Settlement implements JobHandler {

    public static final String TYPE = "payment.settle";
    private static final String PAYOUT = "payout";
    private static final String RETURN = "return";

    private final Ledger ledger;
    private final SenderVolumes volumes;
    private final Jobs jobs;
    private final WebhookPublisher webhooks;
    private final TransactionView view;
    private final JsonText json;
    private final ServerClock clock;
    private final PaymentFailures failures;

    public Settlement(Ledger ledger, SenderVolumes volumes, Jobs jobs, WebhookPublisher webhooks, TransactionView view,
                      JsonText json, ServerClock clock, PaymentFailures failures) {
        this.failures = failures;
        this.ledger = ledger;
        this.volumes = volumes;
        this.jobs = jobs;
        this.webhooks = webhooks;
        this.view = view;
        this.json = json;
        this.clock = clock;
    }

    @Override
    public String type() {
        return TYPE;
    }

    /**
     * Starts an executed payment whose amount is already held on the payer's account: PROCESSING,
     * and the rail answers after the outcome's delay. Call inside the executing transaction.
     */
    public Uni<Void> begin(PaymentTransaction t, RailOutcome outcome) {
        startProcessing(t, outcome);
        return jobs.enqueue(TYPE, PAYOUT + ":" + t.id, clock.now().plus(outcome.delay()))
                .call(() -> publish(t, EventType.OUTGOING_PAYMENT_PROCESSING, null))
                .replaceWithVoid();
    }

    private void startProcessing(PaymentTransaction t, RailOutcome outcome) {
        TransactionStatus.move(t, TransactionStatus.PROCESSING);
        t.railOutcome = outcome.name();
        t.pendingReason = outcome.pendingReason();
        t.updatedAt = clock.now();
    }

    /**
     * The posting that holds an executed payment's amount on the payer's account until it settles;
     * it applies only while the payer can send and an internal payee can receive.
     */
    public static Journal hold(PaymentTransaction t) {
        return Journal.of("HOLD", t.id)
                .available(t.sourceAccountId, t.sentCurrency, -t.sentAmount)
                .held(t.sourceAccountId, t.sentCurrency, t.sentAmount)
                .payee(t.destinationAccountId);
    }

    /** What a payment settled at once leaves for its caller to save: the postings and the events, in order. */
    public record SettledAtOnce(List<Journal> journals, List<WebhookEvent> events) {
    }

    /**
     * First half of settling at once, for a payment between two internal accounts without a
     * platform fee (the ledger is its own rail: there is nothing to wait for): the payment is
     * PROCESSING. The caller may take its answer now, then calls {@link #completeAtOnce}.
     */
    public WebhookEvent processingAtOnce(PaymentTransaction t) {
        if (t.sourceAccountId == null || t.destinationAccountId == null || (t.platformFees != null && t.platformFees != 0)) {
            throw new IllegalStateException("Only fee-free payments between internal accounts settle at once");
        }
        startProcessing(t, RailOutcome.SUCCESS);
        return webhooks.dispatched(EventType.OUTGOING_PAYMENT_PROCESSING, view.toWire(t));
    }

    /**
     * Second half: the payment is COMPLETED. Answers its one posting (straight from the payer's
     * available balance: a hold released in the same commit would only add rows) and the COMPLETED
     * event; the caller saves them with the payment in one commit (see {@link PaymentBatcher}).
     */
    public SettledAtOnce completeAtOnce(PaymentTransaction t, WebhookEvent processing) {
        Instant now = clock.now();
        TransactionStatus.move(t, TransactionStatus.COMPLETED);
        t.settledAt = now;
        t.updatedAt = now;
        WebhookEvent completed = webhooks.dispatched(EventType.OUTGOING_PAYMENT_COMPLETED, view.toWire(t));
        return new SettledAtOnce(List.of(settlement("SETTLEMENT", t, null, 1, Bucket.AVAILABLE, false)),
                List.of(processing, completed));
    }

    @Override
    public Uni<JobOutcome> handle(ClaimedJob job) {
        String[] step = job.payload().split(":", 2);
        UUID transactionId = UUID.fromString(step[1]);
        return Panache.withTransaction(() -> PaymentTransaction.<PaymentTransaction>findById(transactionId,
                        LockModeType.PESSIMISTIC_WRITE)
                .flatMap(t -> {
                    if (t == null) {
                        return Uni.createFrom().voidItem();
                    }
                    return PAYOUT.equals(step[0]) ? payout(t) : payoutReturned(t);
                }))
                .replaceWith(JobOutcome.done());
    }

    private Uni<Void> payout(PaymentTransaction t) {
        if (!TransactionStatus.PROCESSING.equals(t.status)) {
            return Uni.createFrom().voidItem();
        }
        RailOutcome outcome = RailOutcome.named(t.railOutcome);
        if (outcome.failsOutright()) {
            return failAndRefund(t, outcome);
        }
        return externalDestinationUsable(t).flatMap(usable -> {
            if (!usable) {
                return failAndRefund(t, RailOutcome.DESTINATION_INVALID);
            }
            // The ledger re-checks an internal payee under its row lock: one frozen or closed since the
            // hold fails the payment instead of receiving money it could never move again.
            return settle(t, outcome)
                    .onFailure(e -> e instanceof Ledger.InactiveAccount inactive
                            && inactive.party().accountId().equals(t.destinationAccountId))
                    .recoverWithUni(() -> failAndRefund(t, RailOutcome.DESTINATION_CANNOT_RECEIVE));
        });
    }

    /** The payout failed: FAILED with the outcome's reason, and whatever was taken from the payer goes back. */
    private Uni<Void> failAndRefund(PaymentTransaction t, RailOutcome outcome) {
        return fail(t, outcome.failureReason()).call(() -> {
            if (t.sourceAccountId != null) {
                return refundHold(t, outcome);
            }
            // Realtime funds never entered the books, nor did incoming UMA money the receiving side
            // refused after it arrived: both go straight back to the sender. A failed pull took
            // nothing from anyone: there is nothing to refund.
            return t.outgoing() || t.fromUma() ? refunded(t, outcome.refundReason(), Refund.COMPLETED) : Uni.createFrom().voidItem();
        }).call(() -> volumes.release(t));
    }

    /** False when the payment goes to an external account that was deleted or is no longer ACTIVE since it was executed. */
    private Uni<Boolean> externalDestinationUsable(PaymentTransaction t) {
        String accountId = t.destinationAccountId != null ? null : PaymentTransaction.externalAccountIn(json.read(t.destination));
        if (accountId == null) {
            return Uni.createFrom().item(true);
        }
        return ExternalAccount.<ExternalAccount>findById(Ids.uuidOf(IdType.EXTERNAL_ACCOUNT, accountId, ErrorCode.EXTERNAL_ACCOUNT_NOT_FOUND),
                        LockModeType.PESSIMISTIC_READ)
                .map(account -> account != null && account.canReceive());
    }

    /** The payout landed: the held amount leaves the payer, fees and the payee are credited. */
    private Uni<Void> settle(PaymentTransaction t, RailOutcome outcome) {
        return platformFeeAccount(t)
                .flatMap(feeAccount -> ledger.post(settlement("SETTLEMENT", t, feeAccount, 1, Bucket.HELD, false)))
                .flatMap(ignored -> {
                    Instant now = clock.now();
                    TransactionStatus.move(t, TransactionStatus.COMPLETED);
                    t.settledAt = now;
                    t.updatedAt = now;
                    if (outcome.returnedAfter() != null) {
                        return jobs.enqueue(TYPE, RETURN + ":" + t.id, now.plus(outcome.returnedAfter()))
                                .call(() -> publish(t, EventType.OUTGOING_PAYMENT_COMPLETED, EventType.INCOMING_PAYMENT_COMPLETED)).replaceWithVoid();
                    }
                    if (Refund.USER_CANCELLATION.equals(outcome.refundReason())) {
                        // Cancelled after the payout landed anyway: the payer is refunded, the payment stays COMPLETED.
                        return refundSettled(t, "REFUND", outcome.refundReason())
                                .call(() -> publish(t, EventType.OUTGOING_PAYMENT_COMPLETED, EventType.INCOMING_PAYMENT_COMPLETED));
                    }
                    return publish(t, EventType.OUTGOING_PAYMENT_COMPLETED, EventType.INCOMING_PAYMENT_COMPLETED);
                });
    }

    /**
     * POST /transactions/{id}/cancel on a payment still on its way: it fails and the payer is
     * refunded (reason USER_CANCELLATION). Call with the transaction locked; the settlement job
     * finds it no longer PROCESSING and leaves it alone.
     */
    public Uni<Void> cancel(PaymentTransaction t) {
        // The interface has no cancellation reason: the payment failed on its way to settlement, and is refunded.
        return failAndRefund(t, new RailOutcome("CANCELLED", java.time.Duration.ZERO, RailOutcome.QUOTE_EXECUTION_FAILED, null,
                Refund.USER_CANCELLATION, false));
    }

    /** The bank sent a completed payout back: FAILED (PAYOUT_RETURNED) and the payer refunded. */
    private Uni<Void> payoutReturned(PaymentTransaction t) {
        if (!TransactionStatus.COMPLETED.equals(t.status)) {
            return Uni.createFrom().voidItem();
        }
        RailOutcome outcome = RailOutcome.named(t.railOutcome);
        return fail(t, outcome.failureReason()).call(() -> refundSettled(t, "RETURN", outcome.refundReason()))
                .call(() -> volumes.release(t));
    }

    private Uni<Void> fail(PaymentTransaction t, String reason) {
        TransactionStatus.move(t, TransactionStatus.FAILED);
        t.failureReason = reason;
        t.updatedAt = clock.now();
        return publish(t, EventType.OUTGOING_PAYMENT_FAILED, EventType.INCOMING_PAYMENT_FAILED).call(() -> failures.failed(t));
    }

    /** A payout that never left: the hold goes back to the payer, or to suspense when the refund fails too. */
    private Uni<Void> refundHold(PaymentTransaction t, RailOutcome outcome) {
        Journal journal = outcome.refundFails()
                ? Journal.of("REFUND_FAILED", t.id).held(t.sourceAccountId, t.sentCurrency, -t.sentAmount)
                        .system(SystemAccount.SUSPENSE, t.sentCurrency, t.sentAmount)
                : Journal.of("RELEASE", t.id).held(t.sourceAccountId, t.sentCurrency, -t.sentAmount)
                        .available(t.sourceAccountId, t.sentCurrency, t.sentAmount);
        return ledger.post(journal).flatMap(ignored -> refunded(t, outcome.refundReason(),
                outcome.refundFails() ? Refund.FAILED : Refund.COMPLETED));
    }

    /**
     * A settled payout is undone by the reverse posting: fees and conversion included. The payer's
     * share goes back to its account; if that account was closed since (it could never send the
     * money again), to suspense for manual resolution, and the refund ends FAILED.
     */
    private Uni<Void> refundSettled(PaymentTransaction t, String kind, String reason) {
        return payerClosed(t).flatMap(closed -> platformFeeAccount(t)
                .flatMap(feeAccount -> ledger.post(settlement(kind, t, feeAccount, -1, Bucket.AVAILABLE, closed)))
                .flatMap(ignored -> refunded(t, reason, closed ? Refund.FAILED : Refund.COMPLETED)));
    }

    private static Uni<Boolean> payerClosed(PaymentTransaction t) {
        if (t.sourceAccountId == null) {
            return Uni.createFrom().item(false);
        }
        return InternalAccount.<InternalAccount>findById(t.sourceAccountId, LockModeType.PESSIMISTIC_READ)
                .map(account -> account != null && InternalAccount.CLOSED.equals(account.status));
    }

    private Uni<Void> refunded(PaymentTransaction t, String reason, String finalStatus) {
        String now = clock.now().toString();
        Refund pending = new Refund(t.shortReference("RFD-"), now, Refund.PENDING, null, reason);
        t.refund = json.write(pending);
        return publish(t, EventType.OUTGOING_PAYMENT_REFUND_PENDING, EventType.INCOMING_PAYMENT_REFUND_PENDING).flatMap(ignored -> {
            t.refund = json.write(pending.settled(finalStatus, now));
            t.updatedAt = clock.now();
            return Refund.COMPLETED.equals(finalStatus)
                    ? publish(t, EventType.OUTGOING_PAYMENT_REFUND_COMPLETED, EventType.INCOMING_PAYMENT_REFUND_COMPLETED)
                    : publish(t, EventType.OUTGOING_PAYMENT_REFUND_FAILED, EventType.INCOMING_PAYMENT_REFUND_FAILED);
        });
    }

    /**
     * The settlement posting ({@code sign} 1) or its reversal (-1): the payer's amount leaves
     * {@code sourceBucket} (HELD when settling a hold; AVAILABLE when settling at once, and where a
     * reversal puts it back), fees go to the service and the platform, the rest converts and
     * reaches the payee (an internal account, or the rail for an external one).
     */
    private static Journal settlement(String kind, PaymentTransaction t, UUID platformFeeAccount, int sign,
                                      Bucket sourceBucket, boolean payerToSuspense) {
        long fees = t.fees == null ? 0 : t.fees;
        long platformFees = t.platformFees == null ? 0 : t.platformFees;
        long converted = t.sentAmount - fees;
        Journal journal = sign > 0 ? Journal.of(kind, t.id) : Journal.givingBack(kind, t.id);
        if (payerToSuspense) {
            journal.system(SystemAccount.SUSPENSE, t.sentCurrency, -sign * t.sentAmount);
        } else if (t.sourceAccountId != null) {
            journal.account(t.sourceAccountId, sourceBucket, t.sentCurrency, -sign * t.sentAmount);
        } else {
            // Pulled from a bank account: the money arrives over the rail.
            journal.system(SystemAccount.RAIL, t.sentCurrency, -sign * t.sentAmount);
        }
        journal.system(SystemAccount.SERVICE_FEES, t.sentCurrency, sign * (fees - platformFees));
        if (platformFees > 0) {
            journal.available(platformFeeAccount, t.sentCurrency, sign * platformFees);
        }
        if (!t.sentCurrency.equals(t.receivedCurrency)) {
            journal.system(SystemAccount.FX, t.sentCurrency, sign * converted)
                    .system(SystemAccount.FX, t.receivedCurrency, -sign * t.receivedAmount);
        }
        long delivered = t.sentCurrency.equals(t.receivedCurrency) ? converted : t.receivedAmount;
        if (t.destinationAccountId != null) {
            journal.available(t.destinationAccountId, t.receivedCurrency, sign * delivered);
        } else {
            journal.system(SystemAccount.RAIL, t.receivedCurrency, sign * delivered);
        }
        return journal;
    }

    private static Uni<UUID> platformFeeAccount(PaymentTransaction t) {
        if (t.platformFees == null || t.platformFees == 0) {
            return Uni.createFrom().nullItem();
        }
        return InternalAccount.<InternalAccount>find("customerId is null and currency = ?1 and type = ?2",
                        t.sentCurrency, InternalAccount.typeFor(t.sentCurrency)).firstResult()
                .map(account -> {
                    if (account == null) {
                        throw new IllegalStateException("No platform account in " + t.sentCurrency + " for the platform fee");
                    }
                    return account.id;
                });
    }

    /**
     * The payment's event by its direction; {@code incoming} null when an incoming payment has none
     * (no PROCESSING: its PENDING event is the approval call).
     */
    private Uni<Void> publish(PaymentTransaction t, EventType outgoing, EventType incoming) {
        EventType type = t.outgoing() ? outgoing : incoming;
        return type == null ? Uni.createFrom().voidItem() : webhooks.publish(type, view.toWire(t)).replaceWithVoid();
    }
}
