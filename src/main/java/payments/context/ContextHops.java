package payments.context;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.Cancellable;
import io.vertx.core.Context;
import io.vertx.core.Vertx;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Work that leaves a Vert.x context comes back to it. A request's scope, its Hibernate session and its
 * read-replica flag live in its context's locals, and the server runs without context propagation:
 * a callback that ran on another context would see that context's request, or none. So every hop
 * (a job on its own context, a shared query answered on whichever context ran it, a timer) goes
 * through here, and the caller's next callback runs where the caller is.
 */
public final class ContextHops {

    private ContextHops() {
    }

    /**
     * Runs {@code work} on {@code target}, put together and subscribed there, and answers on the
     * subscriber's context; cancelling the answer cancels the work.
     */
    public static <T> Uni<T> runOn(Context target, Supplier<Uni<T>> work) {
        return Uni.createFrom().emitter(emitter -> {
            Executor caller = currentContext();
            AtomicBoolean ended = new AtomicBoolean();
            AtomicReference<Cancellable> running = new AtomicReference<>();
            emitter.onTermination(() -> {
                ended.set(true);
                Cancellable subscription = running.get();
                if (subscription != null) {
                    subscription.cancel();
                }
            });
            target.runOnContext(ignored -> {
                if (ended.get()) {
                    return;
                }
                // deferred: whatever the work throws, even an Error, fails the answer instead of losing it.
                running.set(Uni.createFrom().<T>deferred(work::get).subscribe().with(
                        item -> caller.execute(() -> emitter.complete(item)),
                        failure -> caller.execute(() -> emitter.fail(failure))));
                if (ended.get()) {
                    running.get().cancel();
                }
            });
        });
    }

    /** Answers {@code upstream}'s outcome on the subscriber's context, wherever upstream completes. */
    public static <T> Uni<T> backOnCaller(Uni<T> upstream) {
        return Uni.createFrom().deferred(() -> upstream.emitOn(currentContext()));
    }

    /** Completes after {@code delay} on the subscriber's context (a Vert.x timer, not a worker thread). */
    public static Uni<Void> pause(Duration delay) {
        return Uni.createFrom().emitter(emitter -> {
            Context caller = Vertx.currentContext();
            if (caller == null) {
                emitter.fail(new IllegalStateException("a pause needs a Vert.x context to come back to"));
                return;
            }
            long timer = caller.owner().setTimer(Math.max(1, delay.toMillis()),
                    fired -> caller.runOnContext(ignored -> emitter.complete(null)));
            emitter.onTermination(() -> caller.owner().cancelTimer(timer));
        });
    }

    /**
     * Runs tasks on the Vert.x context current now, or at once where there is none: for {@code emitOn}
     * after an operator that emits from elsewhere (a shared future, Mutiny's timers on its worker pool).
     */
    public static Executor currentContext() {
        Context context = Vertx.currentContext();
        return task -> runOn(context, task);
    }

    /** Runs {@code action} on {@code context}, or right here when there is none. */
    public static void runOn(Context context, Runnable action) {
        if (context == null) {
            action.run();
        } else {
            context.runOnContext(ignored -> action.run());
        }
    }
}
