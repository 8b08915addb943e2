package payments.agent;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.common.ServerClock;
import payments.transaction.PaymentFailures;
import payments.transaction.PaymentTransaction;

/** An agent payment that fails after it was executed: its action goes to FAILED and its usage is given back. */
@ApplicationScoped
public class AgentUsage implements PaymentFailures {

    private final ServerClock clock;

    public AgentUsage(ServerClock clock) {
        this.clock = clock;
    }

    @Override
    public Uni<Void> failed(PaymentTransaction payment) {
        if (payment.agentId == null) {
            return Uni.createFrom().voidItem();
        }
        return AgentAction.<AgentAction>find("transactionId", payment.id).withLock(LockModeType.PESSIMISTIC_WRITE).firstResult()
                .flatMap(action -> action == null || !AgentAction.APPROVED.equals(action.status) ? Uni.createFrom().voidItem()
                        : Agent.<Agent>findById(action.agentId, LockModeType.PESSIMISTIC_WRITE).invoke(agent -> {
                            if (action.usageAmount != null && action.usageDay != null) {
                                AgentLimits.giveBack(agent, action.usageAmount, action.usageDay);
                                agent.updatedAt = clock.now();
                            }
                            action.status = AgentAction.FAILED;
                            action.failureMessage = "The payment failed: " + payment.failureReason;
                            action.updatedAt = clock.now();
                        }).replaceWithVoid());
    }
}
