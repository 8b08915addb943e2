package payments.common.jobs;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.mutiny.core.Vertx;
import org.jboss.logging.Logger;
import payments.common.JvmShutdown;

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
    /** The run in progress, or the last one: what a stop waits for. Guarded by this, with {@link #stopped}. */
    private CompletableFuture<Void> current;
    /** Set by {@link #stop}: a tick already on its way when the timer was cancelled starts no run. */
    private boolean stopped;

    public Poller(Vertx vertx, String name, Supplier<Uni<?>> task) {
        this.vertx = vertx;
        this.name = name;
        this.task = task;
    }

    public void start(Duration every) {
        JvmShutdown.watch();
        timerId = vertx.setPeriodic(every.toMillis(), id -> tick());
    }

    /** No further run starts; a run in progress is waited for, at most {@code wait} (shutdown may block). */
    public void stop(Duration wait) {
        if (timerId >= 0) {
            vertx.cancelTimer(timerId);
        }
        CompletableFuture<Void> run;
        synchronized (this) {
            stopped = true;
            run = current;
        }
        if (run == null || run.isDone()) {
            return;
        }
        try {
            run.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.warnf("%s still running after %s at shutdown: its leases run out on their own", name, wait);
        } catch (ExecutionException e) {
            // Logged by the run itself.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void tick() {
        CompletableFuture<Void> run = new CompletableFuture<>();
        synchronized (this) {
            if (stopped || !running.compareAndSet(false, true)) {
                return;
            }
            current = run;
        }
        Context context = VertxContext.getOrCreateDuplicatedContext(vertx.getDelegate());
        context.runOnContext(ignored -> Uni.createFrom().deferred(task)
                .onTermination().invoke(() -> {
                    running.set(false);
                    run.complete(null);
                })
                .subscribe().with(result -> { }, e -> {
                    if (JvmShutdown.underway()) {
                        LOG.debugf("%s stopped by the shutdown: %s", name, e.getMessage());
                    } else {
                        LOG.warnf(e, "%s failed", name);
                    }
                }));
    }
}
