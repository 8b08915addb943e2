package payments.transaction;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counters of payments reaching an end, per instance (a platform sums them across instances):
 * {@code payments.transactions.finished{status}} for COMPLETED, FAILED, REJECTED and EXPIRED (a
 * payout returned after it completed counts as FAILED too), and {@code payments.transactions.failed
 * {reason}} by failure reason. Counted when the move is made: a commit that then fails and is
 * retried counts twice, which a rate alert does not notice.
 */
@ApplicationScoped
public class PaymentMetrics {

    private static final Set<String> ENDS = Set.of(TransactionStatus.COMPLETED, TransactionStatus.FAILED, TransactionStatus.REJECTED,
            TransactionStatus.EXPIRED);

    private final MeterRegistry registry;
    private final Map<String, Counter> finished = new ConcurrentHashMap<>();
    private final Map<String, Counter> failed = new ConcurrentHashMap<>();

    public PaymentMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /** A payment moved to {@code status}. */
    void moved(String status) {
        if (ENDS.contains(status)) {
            finished.computeIfAbsent(status, s -> registry.counter("payments.transactions.finished", "status", s)).increment();
        }
    }

    /** A payment failed for {@code reason}. */
    void failed(FailureReason reason) {
        failed.computeIfAbsent(reason.name(), r -> registry.counter("payments.transactions.failed", "reason", r)).increment();
    }
}
