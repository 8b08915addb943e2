package payments.common.web;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.Priority;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;

/**
 * Keeps a client's disconnect from cancelling the work behind its request. A cancelled reactive
 * pipeline can stop halfway through a database transaction and never return its connection to the
 * pool (Quarkus issue 51576); under load a few hundred dropped requests then leave no connection
 * at all. The work is subscribed to on its own, so it commits or rolls back and releases its
 * connection; the answer is dropped if nobody waits for it any more.
 */
@RunsToCompletion
@Interceptor
@Priority(Interceptor.Priority.APPLICATION)
public class CompletionShield {

    @AroundInvoke
    Object shield(InvocationContext context) throws Exception {
        Object result = context.proceed();
        return result instanceof Uni<?> work ? shielded(work) : result;
    }

    static <T> Uni<T> shielded(Uni<T> work) {
        return Uni.createFrom().emitter(emitter -> work.subscribe().with(emitter::complete, emitter::fail));
    }
}
