package payments.db;

import io.vertx.core.Future;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * A query that many callers share: at most one runs at a time, and each caller gets the answer of a
 * run that started after it asked (never of one already under way, whose answer may predate the
 * caller). Callers arriving during a run share the next one.
 */
final class Coalesced<T> {

    private final Supplier<Future<T>> query;
    private CompletableFuture<T> running;
    private CompletableFuture<T> next;

    Coalesced(Supplier<Future<T>> query) {
        this.query = query;
    }

    /** A copy per caller: a caller that gives up (cancels its copy) leaves the shared answer to the others. */
    synchronized CompletionStage<T> fresh() {
        if (running == null) {
            running = new CompletableFuture<>();
            start(running);
            return running.copy();
        }
        if (next == null) {
            next = new CompletableFuture<>();
        }
        return next.copy();
    }

    private void start(CompletableFuture<T> answer) {
        Future<T> run;
        try {
            run = query.get();
        } catch (RuntimeException e) {
            run = Future.failedFuture(e);
        }
        run.onComplete(result -> {
            CompletableFuture<T> waiting;
            synchronized (this) {
                waiting = next;
                next = null;
                running = waiting;
            }
            if (waiting != null) {
                start(waiting);
            }
            if (result.succeeded()) {
                answer.complete(result.result());
            } else {
                answer.completeExceptionally(result.cause());
            }
        });
    }
}
