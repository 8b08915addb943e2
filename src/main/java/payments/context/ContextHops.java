package payments.context;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;

import java.time.Duration;
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
     * subscriber's context.
     */
    public static <T> Uni<T> runOn(Context target, Supplier<Uni<T>> work) {
        return Uni.createFrom().emitter(emitter -> {
            Context caller = Vertx.currentContext();
            target.runOnContext(ignored -> {
                Uni<T> run;
                try {
                    run = work.get();
                } catch (RuntimeException e) {
                    run = Uni.createFrom().failure(e);
                }
                run.subscribe().with(
                        item -> runOn(caller, () -> emitter.complete(item)),
                        failure -> runOn(caller, () -> emitter.fail(failure)));
            });
        });
    }

    /** Answers {@code upstream}'s outcome on the subscriber's context, wherever upstream completes. */
    public static <T> Uni<T> backOnCaller(Uni<T> upstream) {
        return Uni.createFrom().deferred(() -> {
            Context caller = Vertx.currentContext();
            return caller == null ? upstream : upstream.emitOn(task -> caller.runOnContext(ignored -> task.run()));
        });
    }

    /** Completes after {@code delay} on the subscriber's context (a Vert.x timer, not a worker thread). */
    public static Uni<Void> pause(Duration delay) {
        return Uni.createFrom().emitter(emitter -> {
            Context caller = Vertx.currentContext();
            if (caller == null) {
                emitter.fail(new IllegalStateException("a pause needs a Vert.x context to come back to"));
                return;
            }
            caller.owner().setTimer(Math.max(1, delay.toMillis()), timer -> caller.runOnContext(ignored -> emitter.complete(null)));
        });
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
