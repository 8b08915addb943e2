package payments.quote;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.common.ServerClock;
import payments.common.jobs.ClaimedJob;
import payments.common.jobs.JobHandler;
import payments.common.jobs.JobOutcome;
import payments.transaction.PaymentTransaction;
import payments.transaction.PaymentLifecycle;

import java.util.UUID;

/**
 * Runs at a quote's expiresAt: an unexecuted quote becomes EXPIRED (OUTGOING_PAYMENT.EXPIRED); one
 * whose SCA challenge was never satisfied fails with SCA_NOT_COMPLETED. No money moved in either case.
 */
@ApplicationScoped
public class QuoteExpiry implements JobHandler {

    public static final String TYPE = "quote.expire";

    private final PaymentLifecycle lifecycle;
    private final ServerClock clock;

    public QuoteExpiry(PaymentLifecycle lifecycle, ServerClock clock) {
        this.lifecycle = lifecycle;
        this.clock = clock;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Uni<JobOutcome> handle(ClaimedJob job) {
        return Panache.withTransaction(() -> Quote.<Quote>findById(UUID.fromString(job.payload()), LockModeType.PESSIMISTIC_WRITE)
                .flatMap(quote -> {
                    if (quote == null || !(QuoteStatus.of(quote).canMoveTo(QuoteStatus.EXPIRED)
                            || QuoteStatus.of(quote).canMoveTo(QuoteStatus.FAILED))) {
                        return Uni.createFrom().item(JobOutcome.done());
                    }
                    if (clock.now().isBefore(quote.expiresAt)) {
                        return Uni.createFrom().item(JobOutcome.retryAt(quote.expiresAt, "not yet expired"));
                    }
                    return QuoteLookup.transactionOf(quote, true).flatMap(t -> expire(quote, t)).replaceWith(JobOutcome.done());
                }));
    }

    private Uni<Void> expire(Quote quote, PaymentTransaction t) {
        boolean awaitedSca = QuoteStatus.of(quote) == QuoteStatus.PENDING_AUTHORIZATION;
        QuoteStatus.move(quote, awaitedSca ? QuoteStatus.FAILED : QuoteStatus.EXPIRED);
        quote.updatedAt = clock.now();
        return lifecycle.expire(t, awaitedSca);
    }
}
