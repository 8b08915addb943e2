package payments.db;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Tells the embedded database when the application has started and, at shutdown, when every other
 * shutdown observer (the job runner, the webhook dispatcher) has stopped: it stops only then.
 */
@ApplicationScoped
public class EmbeddedDatabaseOrder {

    void started(@Observes StartupEvent event) {
        EmbeddedDatabase.applicationStarted();
    }

    void stopped(@Observes @Priority(Integer.MAX_VALUE) ShutdownEvent event) {
        EmbeddedDatabase.applicationStopped();
    }
}
