package payments.transaction;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.account.AccountInfoRules;
import payments.account.ExternalAccount;
import payments.account.InternalAccount;
import payments.common.ApiException;
import payments.common.ErrorCode;
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
import payments.transaction.PaymentRail.Acceptance;
import payments.transaction.PaymentRail.Submission;
import payments.webhook.EventType;
import payments.webhook.WebhookEvent;
import payments.webhook.WebhookPublisher;

import java.util.List;
import java.util.UUID;

/**
 * The one owner of a payment's lifecycle: every status move of a transaction (by the table in
 * {@link TransactionStatus}), its failure reason, refund and settlement posting, and the events
 * that tell the platform, happen here, and nowhere else (StatusMovesTest keeps it so).
 *
 * <p>An executed payment whose amount is held on the payer's account is {@link #begin begun}:
 * PROCESSING, and handed to the {@link PaymentRail} when money crosses outside the ledger, or
 * settled by this class's own job when it stays inside (the ledger is its own rail). Rails
 * {@link #report} what happened; each report applies only from the status it expects, under the
 * transaction's row lock, so repeats change nothing; the ledger's one-posting-per-step index backs
 * that up.
 */
@ApplicationScoped
public class PaymentLifecycle implements JobHandler {

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(PaymentLifecycle.class);

    /** The ledger's own settlement of a payment that never leaves it. */
    public static final String TYPE = "payment.settle";
    private static final String SETTLE = "payout";
    private static final String SETTLEMENT = "SETTLEMENT";

    private final Ledger ledger;
    private final SenderVolumes volumes;
    private final Jobs jobs;
    private final WebhookPublisher webhooks;
    private final TransactionView view;
    private final JsonText json;
    private final ServerClock clock;
    private final PaymentFailures failures;
    private final RailRouter rails;

    private final PaymentMetrics metrics;

    public PaymentLifecycle(Ledger ledger, SenderVolumes volumes, Jobs jobs, WebhookPublisher webhooks, TransactionView view,
                    JsonText json, ServerClock clock, PaymentFailures failures, RailRouter rails, PaymentMetrics metrics) {
        this.metrics = metrics;
        this.ledger = ledger;
        this.volumes = volumes;
        this.jobs = jobs;
        this.webhooks = webhooks;
        this.view = view;
        this.json = json;
        this.clock = clock;
        this.failures = failures;
        this.rails = rails;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public boolean movesMoney() {
        return true;
    }

    // ---- Before any money moves --------------------------------------------------------------

    /** A payer in an SCA region executed: the payment waits for the challenge's code. */
    public Uni<Void> awaitAuthorization(PaymentTransaction t) {
        moveTo(t, TransactionStatus.PENDING_AUTHORIZATION);
        return publish(t, EventType.OUTGOING_PAYMENT_PENDING_AUTHORIZATION, null);
    }

    /** An authorized realtime-funded payment waits for its funds again. */
    public void awaitFunds(PaymentTransaction t) {
        moveTo(t, TransactionStatus.PENDING);
    }

    /** A quote's deadline passed before it ran: EXPIRED, or FAILED (SCA_NOT_COMPLETED) when it awaited authorization. */
    public Uni<Void> expire(PaymentTransaction t, boolean awaitedAuthorization) {
        if (awaitedAuthorization) {
            failed(t, FailureReason.SCA_NOT_COMPLETED);
            return publish(t, EventType.OUTGOING_PAYMENT_FAILED, null);
        }
        moveTo(t, TransactionStatus.EXPIRED);
        t.failureReason = FailureReason.QUOTE_EXPIRED.name();
        return publish(t, EventType.OUTGOING_PAYMENT_EXPIRED, null);
    }

    /** The platform refused an incoming payment it was asked to approve. */
    public Uni<Void> rejectIncoming(PaymentTransaction t) {
        moveTo(t, TransactionStatus.REJECTED);
        return publish(t, null, EventType.INCOMING_PAYMENT_FAILED);
    }

    /** An incoming payment that moved no money of the payer's here fails (approval errors, a sweep that fell back). */
    public Uni<Void> failIncoming(PaymentTransaction t, FailureReason reason) {
        failed(t, reason);
        t.settledAt = null;
        return publish(t, null, EventType.INCOMING_PAYMENT_FAILED);
    }

    /** An incoming payment whose money is booked where it goes (a swept deposit). */
    public Uni<Void> completeIncoming(PaymentTransaction t) {
        moveTo(t, TransactionStatus.COMPLETED);
        t.settledAt = clock.now();
        return publish(t, null, EventType.INCOMING_PAYMENT_COMPLETED);
    }

    // ---- Execution ---------------------------------------------------------------------------

    /**
     * Starts an executed payment (its amount already held on the payer's account, or arriving over
     * the rail): PROCESSING, then handed to the rail ({@code submission} set) or settled by the
     * ledger's own job (null). A rail's refusal fails the payment at once and refunds the payer.
     * Call inside the executing transaction.
     */
    public Uni<Void> begin(PaymentTransaction t, Submission submission) {
        moveTo(t, TransactionStatus.PROCESSING);
        if (submission == null) {
            return jobs.enqueue(TYPE, SETTLE + ":" + t.id, clock.now())
                    .call(() -> publish(t, EventType.OUTGOING_PAYMENT_PROCESSING, null))
                    .replaceWithVoid();
        }
        return rails.route(submission.paymentRail()).submit(submission).flatMap(acceptance -> {
            t.pendingReason = acceptance.pendingReason();
            return publish(t, EventType.OUTGOING_PAYMENT_PROCESSING, null).call(() -> refused(t, acceptance));
        });
    }

    private Uni<Void> refused(PaymentTransaction t, Acceptance acceptance) {
        return acceptance.accepted() ? Uni.createFrom().voidItem()
                : failAndRefund(t, acceptance.refusal(), RefundReason.TRANSACTION_FAILED, false);
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
        moveTo(t, TransactionStatus.PROCESSING);
        return webhooks.dispatched(EventType.OUTGOING_PAYMENT_PROCESSING, view.toWire(t));
    }

    /**
     * Second half: the payment is COMPLETED. Answers its one posting (straight from the payer's
     * available balance: a hold released in the same commit would only add rows) and the COMPLETED
     * event; the caller saves them with the payment in one commit (see {@link PaymentBatcher}).
     */
    public SettledAtOnce completeAtOnce(PaymentTransaction t, WebhookEvent processing) {
        moveTo(t, TransactionStatus.COMPLETED);
        t.settledAt = t.updatedAt;
        WebhookEvent completed = webhooks.dispatched(EventType.OUTGOING_PAYMENT_COMPLETED, view.toWire(t));
        return new SettledAtOnce(List.of(SettlementPostings.settlement(SETTLEMENT, t, null, 1, Bucket.AVAILABLE, false, 0)),
                List.of(processing, completed));
    }

    /**
     * POST /transactions/{id}/cancel on a payment still on its way: the rail gives it back (409
     * when it has sent it on already), it fails and the payer is refunded (reason USER_CANCELLATION).
     * Call with the transaction locked; a later report from the rail finds it no longer PROCESSING
     * and changes nothing.
     */
    public Uni<Void> cancel(PaymentTransaction t) {
        return rails.withdraw(t.id).flatMap(withdrawn -> {
            if (!withdrawn) {
                throw new ApiException(ErrorCode.TRANSACTION_NOT_CANCELLABLE, "Transaction " + t.wireId()
                        + " has been sent to the bank and can no longer be cancelled");
            }
            // The interface has no cancellation reason: the payment failed on its way to settlement, and is refunded.
            return failAndRefund(t, FailureReason.QUOTE_EXECUTION_FAILED, RefundReason.USER_CANCELLATION, false);
        });
    }

    // ---- What the rail reports ---------------------------------------------------------------

    @Override
    public Uni<JobOutcome> handle(ClaimedJob job) {
        UUID transactionId = UUID.fromString(job.payload().split(":", 2)[1]);
        return Panache.withTransaction(() -> report(RailReport.settled(transactionId)))
                .replaceWith(JobOutcome.done());
    }

    /**
     * The one entry point for what a rail learnt about a payment; call in a transaction. Locks the
     * payment and applies the report when the payment is where the report expects it; answers
     * whether anything changed (false for a repeat, a report on an unknown payment, or one that
     * arrives after the payment ended another way).
     */
    public Uni<Boolean> report(RailReport report) {
        return PaymentTransaction.<PaymentTransaction>findById(report.transactionId(), LockModeType.PESSIMISTIC_WRITE)
                .flatMap(t -> t == null ? Uni.createFrom().item(false) : apply(t, report));
    }

    private Uni<Boolean> apply(PaymentTransaction t, RailReport report) {
        boolean processing = TransactionStatus.PROCESSING.equals(t.status);
        Uni<Void> applied = switch (report.kind()) {
            case SETTLED -> processing ? recordOnChain(t, report).flatMap(ignored -> settle(t, false)) : null;
            case SETTLED_THEN_REFUNDED -> processing ? settle(t, true) : null;
            case FAILED -> processing ? failAndRefund(t, report.reason(), report.refundReason(), report.refundFailed()) : null;
            case RETURNED -> processing
                    ? failAndRefund(t, report.reason(), report.refundReason(), report.refundFailed())
                    : TransactionStatus.COMPLETED.equals(t.status) ? returned(t, report) : null;
        };
        return applied == null ? Uni.createFrom().item(false) : applied.replaceWith(true);
    }

    /**
     * A payout to a crypto wallet settled on chain: its destination carries the transaction
     * ({@code onChainTransaction {transactionHash, network}}, the spec's Transaction source and
     * destination); bank payouts and Lightning have none.
     */
    private Uni<Void> recordOnChain(PaymentTransaction t, RailReport report) {
        if (report.transactionHash() == null || t.destination == null) {
            return Uni.createFrom().voidItem();
        }
        com.fasterxml.jackson.databind.node.ObjectNode destination = (com.fasterxml.jackson.databind.node.ObjectNode) json.read(t.destination);
        String accountId = destination.path("accountId").asText();
        if (!payments.common.Ids.isValid(payments.common.IdType.EXTERNAL_ACCOUNT, accountId)) {
            return Uni.createFrom().voidItem();
        }
        return ExternalAccount.<ExternalAccount>findById(payments.common.Ids.uuidOf(payments.common.IdType.EXTERNAL_ACCOUNT, accountId,
                        payments.common.ErrorCode.EXTERNAL_ACCOUNT_NOT_FOUND))
                .invoke(account -> {
                    if (account != null) {
                        AccountInfoRules.onChainNetwork(account.accountType).ifPresent(network -> {
                            destination.putPOJO(Deposits.OnChain.FIELD, new Deposits.OnChain(report.transactionHash(), network).wire());
                            t.destination = json.write(destination);
                        });
                    }
                })
                .replaceWithVoid();
    }

    /**
     * The money arrived: the held amount leaves the payer, fees and the payee are credited. The
     * ledger re-checks an internal payee under its row lock: one frozen or closed since the hold
     * fails the payment instead of receiving money it could never move again.
     */
    private Uni<Void> settle(PaymentTransaction t, boolean thenRefunded) {
        return platformFeeAccount(t)
                .flatMap(feeAccount -> postSettlement(t, feeAccount))
                .flatMap(ignored -> {
                    moveTo(t, TransactionStatus.COMPLETED);
                    t.settledAt = t.updatedAt;
                    Uni<Void> refund = thenRefunded ? refundSettled(t, "REFUND", RefundReason.USER_CANCELLATION) : Uni.createFrom().voidItem();
                    return refund.call(() -> publish(t, EventType.OUTGOING_PAYMENT_COMPLETED, EventType.INCOMING_PAYMENT_COMPLETED));
                })
                .onFailure(e -> e instanceof Ledger.InactiveAccount inactive
                        && inactive.party().accountId().equals(t.destinationAccountId))
                // An incoming payment's failures are the interface's incoming reasons: one not credited is a failed collection.
                .recoverWithUni(() -> failAndRefund(t, t.outgoing() ? FailureReason.ACCOUNT_CANNOT_RECEIVE : FailureReason.COLLECTION_FAILED,
                        RefundReason.TRANSACTION_FAILED, false));
    }

    /**
     * The settlement posting. A platform fee account frozen or closed since the payment began takes
     * nothing: its fee goes to SUSPENSE for the operator, instead of holding up the payment (and, on
     * a bank file, every entry of that file). The ledger refuses the account before it changes
     * anything, so the second posting is the only one.
     */
    private Uni<?> postSettlement(PaymentTransaction t, UUID feeAccount) {
        return ledger.post(SettlementPostings.settlement(SETTLEMENT, t, feeAccount, 1, Bucket.HELD, false, 0))
                .onFailure(e -> feeAccount != null && e instanceof Ledger.InactiveAccount inactive
                        && feeAccount.equals(inactive.party().accountId()))
                .recoverWithUni(() -> ledger.post(SettlementPostings.settlement(SETTLEMENT, t, feeAccount, 1, Bucket.HELD, false, t.platformFees)));
    }

    /**
     * The bank sent a completed payout back: FAILED with the report's reason and the payer refunded.
     * A completed pull the payer's bank returned (an ACH debit returned) is clawed back instead.
     */
    private Uni<Void> returned(PaymentTransaction t, RailReport report) {
        if (pulled(t)) {
            return fail(t, report.reason()).call(() -> clawBack(t)).call(() -> volumes.release(t));
        }
        return fail(t, report.reason()).call(() -> refundSettled(t, "RETURN", report.refundReason()))
                .call(() -> volumes.release(t));
    }

    /** A payment pulled from the holder's bank account over a rail (a debit of it) into an internal account. */
    private static boolean pulled(PaymentTransaction t) {
        return !t.outgoing() && !t.fromUma() && t.sourceAccountId == null && t.destinationAccountId != null && t.quoteId != null;
    }

    /**
     * The settlement of a returned pull undone: the money leaves the account it was credited to, as
     * much as the account still has; what was spent already is taken from SUSPENSE (the holder owes
     * it: a person recovers it). No refund: the payer's bank gave the money back itself.
     */
    private Uni<Void> clawBack(PaymentTransaction t) {
        // The balance as the database holds it now: an entity read earlier in this transaction (another
        // return in the same file) may be stale, postings change balances with native updates.
        return InternalAccount.<InternalAccount>findById(t.destinationAccountId, LockModeType.PESSIMISTIC_WRITE)
                .flatMap(locked -> ledger.available(t.destinationAccountId))
                .flatMap(available -> platformFeeAccount(t).flatMap(feeAccount -> feeShortfall(t, feeAccount).flatMap(fees -> {
                    long credited = t.receivedAmount;
                    long spent = credited - Math.max(0, Math.min(available, credited));
                    if (spent > 0) {
                        LOG.warnf("Pull %s returned after %d %s of it was spent: taken from SUSPENSE for a person to recover",
                                t.wireId(), spent, t.receivedCurrency);
                    }
                    return ledger.post(SettlementPostings.settlement("RETURN", t, feeAccount, -1, Bucket.AVAILABLE, false, fees, spent));
                })))
                .replaceWithVoid();
    }

    /**
     * The payment failed on its way: FAILED with the reason, and whatever was taken from the payer
     * goes back. What the rail still holds of it (a payout queued for the next bank file) is
     * withdrawn first, so a refunded payment never leaves afterwards.
     */
    private Uni<Void> failAndRefund(PaymentTransaction t, FailureReason reason, RefundReason refundReason, boolean refundFails) {
        return rails.withdraw(t.id).flatMap(ignored -> fail(t, reason)).call(() -> {
            if (t.sourceAccountId != null) {
                return refundHold(t, refundReason, refundFails);
            }
            // Realtime funds never entered the books, nor did incoming UMA money the receiving side
            // refused after it arrived: a rail that returns funds sends both back to the sender; on
            // one that does not (a bank file rail), the money waits in SUSPENSE for a person.
            if (fundsWaitForAPerson(t)) {
                return ledger.post(Journal.of("REFUND_FAILED", t.id).system(SystemAccount.RAIL, t.sentCurrency, -t.sentAmount)
                                .system(SystemAccount.SUSPENSE, t.sentCurrency, t.sentAmount))
                        .flatMap(ignored -> refunded(t, refundReason, Refund.FAILED));
            }
            // Money the books never held: only the rail's word on the refund (refundFails) is recorded.
            return t.outgoing() || t.fromUma() ? refunded(t, refundReason, refundFails ? Refund.FAILED : Refund.COMPLETED)
                    : Uni.createFrom().voidItem();
        }).call(() -> volumes.release(t));
    }

    private Uni<Void> fail(PaymentTransaction t, FailureReason reason) {
        failed(t, reason);
        return publish(t, EventType.OUTGOING_PAYMENT_FAILED, EventType.INCOMING_PAYMENT_FAILED).call(() -> failures.failed(t));
    }

    /** A payment that never left: the hold goes back to the payer, or to suspense when the refund fails too. */
    private Uni<Void> refundHold(PaymentTransaction t, RefundReason reason, boolean refundFails) {
        Journal journal = refundFails
                ? Journal.of("REFUND_FAILED", t.id).held(t.sourceAccountId, t.sentCurrency, -t.sentAmount)
                        .system(SystemAccount.SUSPENSE, t.sentCurrency, t.sentAmount)
                : Journal.of("RELEASE", t.id).held(t.sourceAccountId, t.sentCurrency, -t.sentAmount)
                        .available(t.sourceAccountId, t.sentCurrency, t.sentAmount);
        return ledger.post(journal).flatMap(ignored -> refunded(t, reason, refundFails ? Refund.FAILED : Refund.COMPLETED));
    }

    /**
     * A settled payout is undone by the reverse posting: fees and conversion included. The payer's
     * share goes back to its account; if that account was closed since (it could never send the
     * money again), to suspense for manual resolution, and the refund ends FAILED.
     */
    private Uni<Void> refundSettled(PaymentTransaction t, String kind, RefundReason reason) {
        // Funds that came over a rail that does not send them back wait in SUSPENSE too.
        Uni<Boolean> payerGone = t.sourceAccountId == null ? Uni.createFrom().item(fundsWaitForAPerson(t)) : payerClosed(t);
        return payerGone.flatMap(closed -> platformFeeAccount(t)
                .flatMap(feeAccount -> feeShortfall(t, feeAccount)
                        .flatMap(shortfall -> ledger.post(SettlementPostings.settlement(kind, t, feeAccount, -1, Bucket.AVAILABLE, closed, shortfall))))
                .flatMap(ignored -> refunded(t, reason, closed ? Refund.FAILED : Refund.COMPLETED)));
    }

    /** A payment funded from outside the books whose rail does not send money back (a bank file rail): its refund waits in SUSPENSE. */
    private boolean fundsWaitForAPerson(PaymentTransaction t) {
        return t.outgoing() && !rails.route(t.paymentRail).returnsFundsItself();
    }

    private static Uni<Boolean> payerClosed(PaymentTransaction t) {
        return InternalAccount.<InternalAccount>findById(t.sourceAccountId, LockModeType.PESSIMISTIC_READ)
                .map(account -> account != null && InternalAccount.CLOSED.equals(account.status));
    }

    private Uni<Void> refunded(PaymentTransaction t, RefundReason reason, String finalStatus) {
        String now = clock.now().toString();
        Refund pending = Refund.pending(t.shortReference("RFD-"), now, reason);
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
     * What of the platform's fee, given back with a settled payment, comes out of SUSPENSE instead of
     * the platform's account: what the settlement put there (the account could not receive then), and
     * what the account no longer holds of the rest (spent since), a shortfall the operator recovers from
     * the platform. So the payer's refund (and the rest of the bank file reporting the return) never
     * waits on the platform's balance.
     */
    private Uni<Long> feeShortfall(PaymentTransaction t, UUID feeAccount) {
        if (feeAccount == null) {
            return Uni.createFrom().item(0L);
        }
        return ledger.postedTo(t.id, SETTLEMENT, SystemAccount.SUSPENSE).flatMap(diverted -> ledger.available(feeAccount)
                .map(available -> diverted + Math.max(0L, t.platformFees - diverted - available)));
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

    /** FAILED for {@code reason}: how every failure is recorded (and counted). */
    private void failed(PaymentTransaction t, FailureReason reason) {
        moveTo(t, TransactionStatus.FAILED);
        t.failureReason = reason.name();
        metrics.failed(reason);
    }

    private void moveTo(PaymentTransaction t, String status) {
        TransactionStatus.move(t, status);
        t.updatedAt = clock.now();
        metrics.moved(status);
    }

    /**
     * The payment's event by its direction; a type null when that direction has none (an incoming
     * payment has no PROCESSING: its PENDING event is the approval call).
     */
    private Uni<Void> publish(PaymentTransaction t, EventType outgoing, EventType incoming) {
        EventType type = t.outgoing() ? outgoing : incoming;
        return type == null ? Uni.createFrom().voidItem() : webhooks.publish(type, view.toWire(t)).replaceWithVoid();
    }
}
