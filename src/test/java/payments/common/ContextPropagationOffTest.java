package payments.common;

import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import org.junit.jupiter.api.Test;

import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * application.properties removes Mutiny's context-propagation decorator: every callback of every
 * Uni would otherwise capture and restore SmallRye's thread contexts, which nothing here needs. The
 * tests' own decorator (ContextHopGuard) leaves a callback put together off any Vert.x context alone,
 * as this one is, so any wrapping seen here is context propagation's.
 */
@QuarkusTest
class ContextPropagationOffTest {

    @Test
    void mutinyCallbacksRunUndecorated() {
        Function<String, String> callback = text -> text;
        assertSame(callback, Infrastructure.decorate(callback));
    }
}
