package payments.common.jobs;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.context.ContextHops;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test job type: counts runs per job; payload "fail-once" fails the first run; payload
 * "meet:N" holds each run until N such runs are in progress at once (or fails after a minute);
 * payload "hold:MS" takes MS milliseconds; payload "give-up" is given up.
 */
@ApplicationScoped
public class RecordingJobHandler implements JobHandler {

    static final String TYPE = "test.record";
    private final Map<UUID, AtomicInteger> runs = new ConcurrentHashMap<>();
    private final AtomicInteger meeting = new AtomicInteger();
    private final CompletableFuture<Void> met = new CompletableFuture<>();

    /** How often the job ran (0 if never). A method, because tests see this bean through a proxy. */
    public int runsOf(UUID id) {
        AtomicInteger count = runs.get(id);
        return count == null ? 0 : count.get();
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Uni<JobOutcome> handle(ClaimedJob job) {
        int run = runs.computeIfAbsent(job.id(), id -> new AtomicInteger()).incrementAndGet();
        if ("give-up".equals(job.payload())) {
            return Uni.createFrom().item(JobOutcome.giveUp("given up by the test"));
        }
        if ("fail-once".equals(job.payload()) && run == 1) {
            return Uni.createFrom().failure(new IllegalStateException("first run fails"));
        }
        if (job.payload().startsWith("meet:")) {
            if (meeting.incrementAndGet() >= Integer.parseInt(job.payload().substring("meet:".length()))) {
                met.complete(null);
            }
            // A copy per run: a run that gives up must not cancel the meeting for the others. The last
            // run to arrive completes it on its own context; each run goes on on its own.
            return ContextHops.backOnCaller(Uni.createFrom().completionStage(met::copy).ifNoItem().after(Duration.ofMinutes(1)).fail())
                    .replaceWith(JobOutcome.done());
        }
        if (job.payload().startsWith("hold:")) {
            return ContextHops.pause(Duration.ofMillis(Long.parseLong(job.payload().substring("hold:".length()))))
                    .replaceWith(JobOutcome.done());
        }
        return Uni.createFrom().item(JobOutcome.done());
    }
}
