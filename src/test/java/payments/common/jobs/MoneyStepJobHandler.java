package payments.common.jobs;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Test job type: a step that moves money and whose every run is given up (as a rail refusing it for good would be). */
@ApplicationScoped
public class MoneyStepJobHandler implements JobHandler {

    static final String TYPE = "test.money-step";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public boolean movesMoney() {
        return true;
    }

    @Override
    public Uni<JobOutcome> handle(ClaimedJob job) {
        return Uni.createFrom().item(JobOutcome.giveUp("the rail refused the step for good"));
    }
}
