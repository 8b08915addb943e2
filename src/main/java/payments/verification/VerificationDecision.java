package payments.verification;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.jobs.ClaimedJob;
import payments.common.jobs.JobHandler;
import payments.common.jobs.JobOutcome;

import java.util.UUID;

/** Sandbox only: decides a submitted (IN_PROGRESS) verification by its magic suffix. */
@ApplicationScoped
public class VerificationDecision implements JobHandler {

    public static final String TYPE = "verification.decide";

    private final VerificationService verifications;

    public VerificationDecision(VerificationService verifications) {
        this.verifications = verifications;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Uni<JobOutcome> handle(ClaimedJob job) {
        return Panache.withTransaction(() -> verifications.decide(UUID.fromString(job.payload())))
                .replaceWith(JobOutcome.done());
    }
}
