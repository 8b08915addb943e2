package payments.context;

import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each hop of {@link ContextHops} brings the caller's next callback back to the caller's context; the
 * same hop made with plain Mutiny is caught by the tests' ContextHopGuard (the guard works).
 */
class ContextHopsTest {

    private static Vertx vertx;

    @BeforeAll
    static void start() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stop() {
        vertx.close();
    }

    @Test
    void aSharedAnswerCompletedOnAnotherContextComesBackOnTheCallers() throws Exception {
        Context caller = newContext();
        Context other = newContext();
        CompletableFuture<String> shared = new CompletableFuture<>();
        CompletableFuture<Context> seen = on(caller, () -> ContextHops.backOnCaller(Uni.createFrom().completionStage(shared))
                .map(answer -> Vertx.currentContext()));
        other.runOnContext(ignored -> shared.complete("answer"));
        assertSame(caller, seen.get(10, TimeUnit.SECONDS));
    }

    @Test
    void withoutTheHopBackTheGuardFailsTheCallback() {
        Context caller = newContext();
        Context other = newContext();
        CompletableFuture<String> shared = new CompletableFuture<>();
        CompletableFuture<Context> seen = on(caller, () -> Uni.createFrom().completionStage(shared)
                .map(answer -> Vertx.currentContext()));
        other.runOnContext(ignored -> shared.complete("answer"));
        ExecutionException failed = assertThrows(ExecutionException.class, () -> seen.get(10, TimeUnit.SECONDS));
        assertInstanceOf(ContextHopGuard.ForeignContextException.class, failed.getCause());
    }

    @Test
    void aPauseGoesOnOnTheCallersContextWhereMutinysDelayWouldNot() throws Exception {
        Context caller = newContext();
        assertSame(caller, on(caller, () -> ContextHops.pause(Duration.ofMillis(5)).map(ignored -> Vertx.currentContext()))
                .get(10, TimeUnit.SECONDS));
        CompletableFuture<Context> delayed = on(caller, () -> Uni.createFrom().voidItem().onItem().delayIt().by(Duration.ofMillis(5))
                .map(ignored -> Vertx.currentContext()));
        ExecutionException failed = assertThrows(ExecutionException.class, () -> delayed.get(10, TimeUnit.SECONDS));
        assertInstanceOf(ContextHopGuard.ForeignContextException.class, failed.getCause());
    }

    @Test
    void workRunsOnItsOwnContextAndAnswersOnTheCallers() throws Exception {
        Context caller = newContext();
        Context worker = newContext();
        List<Context> seen = on(caller, () -> ContextHops.runOn(worker, () -> Uni.createFrom().item(Vertx::currentContext)
                        .map(inWork -> List.of(inWork, Vertx.currentContext())))
                .map(inWork -> List.of(inWork.get(0), inWork.get(1), Vertx.currentContext())))
                .get(10, TimeUnit.SECONDS);
        assertSame(worker, seen.get(0), "the work is put together on its context");
        assertSame(worker, seen.get(1), "and its callbacks run there");
        assertSame(caller, seen.get(2), "the caller's next callback runs on the caller's context");
    }

    @Test
    void aFailureOfTheWorkAlsoComesBackOnTheCallersContext() throws Exception {
        Context caller = newContext();
        Context worker = newContext();
        Context seen = on(caller, () -> ContextHops.runOn(worker, () -> Uni.createFrom().<String>failure(new IllegalStateException("refused")))
                .onFailure().recoverWithItem(failure -> "recovered")
                .map(ignored -> Vertx.currentContext()))
                .get(10, TimeUnit.SECONDS);
        assertSame(caller, seen);
    }

    @Test
    void anErrorThrownByTheWorkFailsTheAnswerInsteadOfLosingIt() {
        Context caller = newContext();
        Context worker = newContext();
        CompletableFuture<String> answer = on(caller, () -> ContextHops.runOn(worker, () -> {
            throw new AssertionError("a handler that throws an Error");
        }));
        ExecutionException failed = assertThrows(ExecutionException.class, () -> answer.get(10, TimeUnit.SECONDS));
        assertInstanceOf(AssertionError.class, failed.getCause());
    }

    @Test
    void cancellingTheAnswerCancelsTheWork() throws Exception {
        Context caller = newContext();
        Context worker = newContext();
        CompletableFuture<Boolean> workCancelled = new CompletableFuture<>();
        CompletableFuture<io.smallrye.mutiny.subscription.Cancellable> subscription = new CompletableFuture<>();
        caller.runOnContext(ignored -> subscription.complete(ContextHops.runOn(worker,
                        () -> Uni.createFrom().<String>emitter(never -> never.onTermination(() -> workCancelled.complete(true))))
                .subscribe().with(item -> { }, failure -> { })));
        // The work subscribes on the worker's context: cancel once it is running there.
        Thread.sleep(200);
        subscription.get(10, TimeUnit.SECONDS).cancel();
        assertTrue(workCancelled.get(10, TimeUnit.SECONDS));
    }

    private static Context newContext() {
        return VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
    }

    /**
     * Puts the Uni together and subscribes to it on {@code context}, as a request would; the outcome
     * is taken as a completion stage, whose callbacks Mutiny does not decorate, so it is seen wherever
     * it arrives.
     */
    private static <T> CompletableFuture<T> on(Context context, Supplier<Uni<T>> uni) {
        CompletableFuture<T> result = new CompletableFuture<>();
        context.runOnContext(ignored -> uni.get().subscribeAsCompletionStage().whenComplete((item, failure) -> {
            if (failure == null) {
                result.complete(item);
            } else {
                result.completeExceptionally(failure);
            }
        }));
        return result;
    }
}
