package payments.common.jobs;

import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.mutiny.core.Vertx;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Runs a background task on a Vert.x periodic timer: never two runs at once (a tick that finds the
 * previous run still going is skipped), each run on a duplicated context of its own so it may open
 * its own Panache session. A failed run is logged; the next tick tries again.
 */
public final class Poller {

    private static final Logger LOG = Logger.getLogger(Poller.class);

    private final Vertx vertx;
    private final String name;
    private final Supplier<Uni<?>> task;
    private final AtomicBoolean running = new AtomicBoolean();
    private long timerId = -1;

    public Poller(Vertx vertx, String name, Supplier<Uni<?>> task) {
        this.vertx = vertx;
        this.name = name;
        this.task = task;
    }

    public void start(Duration every) {
        timerId = vertx.setPeriodic(every.toMillis(), id -> tick());
    }

    public void stop() {
        if (timerId >= 0) {
            vertx.cancelTimer(timerId);
        }
    }

    private void tick() {
        if (!running.compareAndSet(false, true)) {
            return;
        }
        Context context = VertxContext.getOrCreateDuplicatedContext(vertx.getDelegate());
        context.runOnContext(ignored -> Uni.createFrom().deferred(task)
                .onTermination().invoke(() -> running.set(false))
                .subscribe().with(result -> { }, e -> LOG.warnf(e, "%s failed", name)));
    }
}
