package payments.sandbox;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;
import jakarta.persistence.LockModeType;
import payments.account.ExternalAccount;
import payments.common.ServerClock;
import payments.common.jobs.ClaimedJob;
import payments.common.jobs.JobHandler;
import payments.common.jobs.JobOutcome;
import payments.common.jobs.Jobs;
import payments.transaction.FailureReason;
import payments.transaction.PaymentRail;
import payments.transaction.PaymentLifecycle;
import payments.transaction.RailReport;
import payments.transaction.RefundReason;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * The sandbox's rail: it accepts every payment and schedules what its magic values say as reports
 * to {@link PaymentLifecycle#report}, like a bank answering later. The outcome comes from the last three
 * characters of the external account's identifier (transfer table for same-currency payments and
 * pulls, quote table across currencies) or from the UMA address. Each scheduled report is a job:
 * "deliver" when the rail answers, "return" when a delivered payout comes back.
 */
@ApplicationScoped
@Typed({SandboxRail.class, JobHandler.class})
public class SandboxRail implements PaymentRail, JobHandler {

    static final String TYPE = "sandbox.rail.report";
    private static final String DELIVER = "deliver";
    private static final String RETURN = "return";
    private static final String NO_ACCOUNT = "-";

    /** How payments to and from the sandbox's UMA addresses end; any other address succeeds. */
    private static final Map<String, SandboxOutcome> UMA = Map.ofEntries(
            Map.entry("$pending.long.usd", SandboxOutcome.UMA_PENDING_LONG),
            Map.entry("$fail.compliance.usd", SandboxOutcome.UMA_COMPLIANCE_REJECTED),
            Map.entry("$pending.declaration.usd", SandboxOutcome.UMA_PENDING_DECLARATION),
            Map.entry("$pending.wallet.usd", SandboxOutcome.UMA_PENDING_WALLET),
            Map.entry("$pending.info.usd", SandboxOutcome.UMA_PENDING_INFORMATION),
            Map.entry("$pending.compliance.usd", SandboxOutcome.UMA_PENDING_COMPLIANCE),
            Map.entry("$fail.incoming.lnurlp.usd", SandboxOutcome.INCOMING_LNURLP_FAILED),
            Map.entry("$fail.incoming.offramp.usd", SandboxOutcome.INCOMING_OFFRAMP_FAILED),
            Map.entry("$fail.incoming.collection.usd", SandboxOutcome.INCOMING_COLLECTION_FAILED),
            Map.entry("$fail.incoming.refund.usd", SandboxOutcome.INCOMING_REFUND_FAILS));

    private final Jobs jobs;
    private final PaymentLifecycle lifecycle;
    private final ServerClock clock;

    public SandboxRail(Jobs jobs, PaymentLifecycle lifecycle, ServerClock clock) {
        this.jobs = jobs;
        this.lifecycle = lifecycle;
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

    @Override
    public String name() {
        return "sandbox";
    }

    @Override
    public Uni<Acceptance> submit(Submission payment) {
        SandboxOutcome outcome = outcomeOf(payment);
        // Only a payee can be deleted before the rail delivers; a pull's source is checked when it is executed.
        UUID payee = payment.leg() == Leg.PAYOUT ? payment.externalAccountId() : null;
        return schedule(DELIVER, outcome, payment.transactionId(), payee, clock.now().plus(outcome.delay()))
                .map(ignored -> Acceptance.pending(outcome.pendingReason()));
    }

    @Override
    public boolean carries(Leg leg) {
        return true;
    }

    /** The simulated bank sends a failed payment's realtime funds back by itself. */
    @Override
    public boolean returnsFundsItself() {
        return true;
    }

    /** Always: its scheduled report then finds the payment no longer PROCESSING and changes nothing. */
    @Override
    public Uni<Boolean> withdraw(UUID transactionId) {
        return Uni.createFrom().item(true);
    }

    @Override
    public boolean canPrice(String identifier) {
        return !MagicValues.RATE_UNAVAILABLE.equals(MagicValues.suffix(identifier));
    }

    static SandboxOutcome outcomeOf(Submission payment) {
        return switch (payment.leg()) {
            case PAYOUT -> payment.sameCurrency() ? SandboxOutcome.forTransfer(MagicValues.suffix(payment.counterparty()))
                    : SandboxOutcome.forQuote(MagicValues.suffix(payment.counterparty()));
            case PULL -> SandboxOutcome.forTransfer(MagicValues.suffix(payment.counterparty()));
            case UMA_SEND, UMA_RECEIVE -> SandboxUmaDirectory.sandboxLocalPart(payment.counterparty()).map(UMA::get)
                    .orElse(SandboxOutcome.SUCCESS);
        };
    }

    private Uni<Void> schedule(String phase, SandboxOutcome outcome, UUID transactionId, UUID externalAccountId, Instant at) {
        String account = externalAccountId == null ? NO_ACCOUNT : externalAccountId.toString();
        return jobs.enqueue(TYPE, String.join(":", phase, outcome.name(), transactionId.toString(), account), at).replaceWithVoid();
    }

    @Override
    public Uni<JobOutcome> handle(ClaimedJob job) {
        String[] step = job.payload().split(":", 4);
        SandboxOutcome outcome = SandboxOutcome.named(step[1]);
        UUID transactionId = UUID.fromString(step[2]);
        UUID externalAccountId = NO_ACCOUNT.equals(step[3]) ? null : UUID.fromString(step[3]);
        return Panache.withTransaction(() -> DELIVER.equals(step[0])
                        ? deliver(outcome, transactionId, externalAccountId)
                        : lifecycle.report(RailReport.returned(transactionId)).replaceWithVoid())
                .replaceWith(JobOutcome.done());
    }

    /** The rail's answer: a failure, or delivery (a payee deleted since the submission is an invalid account by then). */
    private Uni<Void> deliver(SandboxOutcome outcome, UUID transactionId, UUID externalAccountId) {
        if (outcome.failsOutright()) {
            RailReport failed = RailReport.failed(transactionId, outcome.failureReason(), outcome.refundReason());
            return lifecycle.report(outcome.refundFails() ? failed.withRefundFailed() : failed).replaceWithVoid();
        }
        return payeeUsable(externalAccountId).flatMap(usable -> {
            if (!usable) {
                return lifecycle.report(RailReport.failed(transactionId, FailureReason.ACCOUNT_INVALID, RefundReason.TRANSACTION_FAILED))
                        .replaceWithVoid();
            }
            if (outcome.refundReason() == RefundReason.USER_CANCELLATION) {
                return lifecycle.report(new RailReport(transactionId, RailReport.Kind.SETTLED_THEN_REFUNDED, null,
                        RefundReason.USER_CANCELLATION, false, null)).replaceWithVoid();
            }
            // A sandbox transaction hash, the same for the same payment; the lifecycle keeps it only for a crypto wallet.
            return lifecycle.report(RailReport.settledOnChain(transactionId, payments.common.Sha256.hex("sandbox-chain:" + transactionId)))
                    .flatMap(settled -> settled && outcome.returnedAfter() != null
                    ? schedule(RETURN, outcome, transactionId, externalAccountId, clock.now().plus(outcome.returnedAfter()))
                    : Uni.createFrom().voidItem());
        });
    }

    private static Uni<Boolean> payeeUsable(UUID externalAccountId) {
        if (externalAccountId == null) {
            return Uni.createFrom().item(true);
        }
        return ExternalAccount.<ExternalAccount>findById(externalAccountId, LockModeType.PESSIMISTIC_READ)
                .map(account -> account != null && account.canReceive());
    }
}
