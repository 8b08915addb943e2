package payments.context;

import io.smallrye.mutiny.infrastructure.CallbackDecorator;
import io.smallrye.mutiny.tuples.Functions;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import org.jboss.logging.Logger;

import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Every test's guard against a callback running in somebody else's Vert.x context. A Mutiny callback
 * put together on a Vert.x context must run on that same context: the request scope, the Hibernate
 * session and the read-replica flag live in the context's locals, so a callback that runs on another
 * context (a job's, a batch's, a timer thread's) would see another request's state, or none. The
 * server runs without SmallRye context propagation, which used to paper over such hops; this
 * decorator (loaded by the tests' ServiceLoader file) fails the callback instead, so the test that
 * reaches it fails.
 */
public class ContextHopGuard implements CallbackDecorator {

    private static final Logger LOG = Logger.getLogger(ContextHopGuard.class);
    /** Each offending callback class once, for tests that look at what was caught. */
    public static final Set<String> CAUGHT = ConcurrentHashMap.newKeySet();

    @Override
    public int ordinal() {
        return 0;
    }

    private static void check(Context assembled, Object callback) {
        Context running = Vertx.currentContext();
        if (running != assembled) {
            String name = callback.getClass().getName();
            CAUGHT.add(name);
            LOG.errorf(new Throwable("where it ran"), "callback %s put together on context %s ran on %s",
                    name, describe(assembled), describe(running));
            if (Boolean.getBoolean("context-hops.log-only")) {
                return;
            }
            throw new ForeignContextException(name, assembled, running);
        }
    }

    private static String describe(Context context) {
        return context == null ? "none" : context.getClass().getSimpleName() + "@" + Integer.toHexString(System.identityHashCode(context));
    }

    /** Only this server's callbacks: the frameworks' own hops (SmallRye Health's checks) are theirs to keep. */
    private static Context contextFor(Object callback) {
        return callback.getClass().getName().startsWith("payments.") ? Vertx.currentContext() : null;
    }

    /** Thrown in place of the callback that would have run on the wrong context. */
    public static final class ForeignContextException extends IllegalStateException {
        ForeignContextException(String callback, Context assembled, Context running) {
            super("callback " + callback + " ran on " + running + ", not on " + assembled + " where it was put together");
        }
    }

    @Override
    public <T> Supplier<T> decorate(Supplier<T> supplier) {
        Context at = contextFor(supplier);
        return at == null ? supplier : () -> {
            check(at, supplier);
            return supplier.get();
        };
    }

    @Override
    public <T> Consumer<T> decorate(Consumer<T> consumer) {
        Context at = contextFor(consumer);
        return at == null ? consumer : item -> {
            check(at, consumer);
            consumer.accept(item);
        };
    }

    @Override
    public Runnable decorate(Runnable runnable) {
        Context at = contextFor(runnable);
        return at == null ? runnable : () -> {
            check(at, runnable);
            runnable.run();
        };
    }

    @Override
    public <V> Callable<V> decorate(Callable<V> callable) {
        Context at = contextFor(callable);
        return at == null ? callable : () -> {
            check(at, callable);
            return callable.call();
        };
    }

    @Override
    public <T1, T2> BiConsumer<T1, T2> decorate(BiConsumer<T1, T2> consumer) {
        Context at = contextFor(consumer);
        return at == null ? consumer : (a, b) -> {
            check(at, consumer);
            consumer.accept(a, b);
        };
    }

    @Override
    public <I, O> Function<I, O> decorate(Function<I, O> function) {
        Context at = contextFor(function);
        return at == null ? function : input -> {
            check(at, function);
            return function.apply(input);
        };
    }

    @Override
    public <I1, I2, O> BiFunction<I1, I2, O> decorate(BiFunction<I1, I2, O> function) {
        Context at = contextFor(function);
        return at == null ? function : (a, b) -> {
            check(at, function);
            return function.apply(a, b);
        };
    }

    @Override
    public <T1, T2, T3> Functions.TriConsumer<T1, T2, T3> decorate(Functions.TriConsumer<T1, T2, T3> consumer) {
        Context at = contextFor(consumer);
        return at == null ? consumer : (a, b, c) -> {
            check(at, consumer);
            consumer.accept(a, b, c);
        };
    }

    @Override
    public BooleanSupplier decorate(BooleanSupplier supplier) {
        Context at = contextFor(supplier);
        return at == null ? supplier : () -> {
            check(at, supplier);
            return supplier.getAsBoolean();
        };
    }

    @Override
    public <T> Predicate<T> decorate(Predicate<T> predicate) {
        Context at = contextFor(predicate);
        return at == null ? predicate : item -> {
            check(at, predicate);
            return predicate.test(item);
        };
    }
}
