package payments.agent;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.common.ServerClock;
import payments.common.jobs.ClaimedJob;
import payments.common.jobs.JobHandler;
import payments.common.jobs.JobOutcome;
import payments.common.jobs.Jobs;
import payments.quote.ExchangeRates;
import payments.transaction.PaymentFailures;
import payments.transaction.PaymentTransaction;

import java.util.UUID;

/**
 * An agent payment that fails after it was executed: its action goes to FAILED and its usage is
 * given back. The settlement only schedules this (a job right after): giving back locks the
 * agent's row, and the settlement may already hold the payment's accounts, which an execution of
 * the same agent, holding its agent row, may be waiting for.
 */
@ApplicationScoped
public class AgentUsage implements PaymentFailures, JobHandler {

    static final String TYPE = "agent.payment-failed";

    private final AgentView view;
    private final ExchangeRates rates;
    private final ServerClock clock;
    private final Jobs jobs;

    public AgentUsage(AgentView view, ExchangeRates rates, ServerClock clock, Jobs jobs) {
        this.view = view;
        this.rates = rates;
        this.clock = clock;
        this.jobs = jobs;
    }

    @Override
    public Uni<Void> failed(PaymentTransaction payment) {
        return payment.agentId == null ? Uni.createFrom().voidItem() : jobs.enqueueNow(TYPE, payment.id.toString()).replaceWithVoid();
    }

    @Override
    public String type() {
        return TYPE;
    }

    /** Once per failed payment: only an APPROVED action is given back (and becomes FAILED), however often this runs. */
    @Override
    public Uni<JobOutcome> handle(ClaimedJob job) {
        UUID transactionId = UUID.fromString(job.payload());
        return Panache.withTransaction(() -> AgentAction.<AgentAction>find("transactionId", transactionId)
                        .withLock(LockModeType.PESSIMISTIC_WRITE).firstResult()
                        .flatMap(action -> action == null || !AgentAction.APPROVED.equals(action.status) ? Uni.createFrom().voidItem()
                                : Agent.<Agent>findById(action.agentId, LockModeType.PESSIMISTIC_WRITE).invoke(agent -> {
                                    giveBack(agent, action);
                                    AgentActionStatus.move(action, AgentAction.FAILED);
                                    action.failureMessage = "The payment failed after it was executed";
                                    action.updatedAt = clock.now();
                                }).replaceWithVoid()))
                .replaceWith(JobOutcome.done());
    }

    /** The amount counted, in the policy's currency now (it may have changed since), back into the day and month it counted in. */
    private void giveBack(Agent agent, AgentAction action) {
        if (action.usageAmount == null || action.usageDay == null) {
            return;
        }
        String currency = view.policy(agent).spendingLimits().currency();
        String counted = action.usageCurrency == null ? currency : action.usageCurrency;
        long amount = action.usageAmount;
        if (!counted.equals(currency)) {
            var rate = rates.rate(currency, counted);
            if (rate.isEmpty()) {
                return;
            }
            amount = AgentPolicies.convert(amount, counted, currency, rate.get());
        }
        AgentLimits.giveBack(agent, amount, action.usageDay);
        agent.updatedAt = clock.now();
    }
}
