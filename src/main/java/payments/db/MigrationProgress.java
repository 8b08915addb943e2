package payments.db;

import io.quarkus.flyway.FlywayConfigurationCustomizer;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import org.flywaydb.core.api.callback.Callback;
import org.flywaydb.core.api.callback.Context;
import org.flywaydb.core.api.callback.Event;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.jboss.logging.Logger;

/**
 * One line when the schema starts being updated and one when it is done, in place of Flyway's line
 * per migration (its own logging is at WARN): a first start applies every migration, an upgrade the
 * new ones. Only per-migration events are used: they run on the migration's own connection, where a
 * whole-run event would ask the start-up pool for one more.
 */
@Singleton
public class MigrationProgress implements FlywayConfigurationCustomizer {

    private static final Logger LOG = Logger.getLogger(MigrationProgress.class);

    private final Progress progress = new Progress();

    @Override
    public void customize(FluentConfiguration configuration) {
        configuration.callbacks(progress);
    }

    /** Flyway ran before the application starts: say what it did, if anything. */
    void done(@Observes @Priority(1) StartupEvent event) {
        if (progress.applied > 0) {
            LOG.infof("Database schema updated: %d migrations in %d ms", progress.applied, progress.millis());
        }
    }

    /** Counts the migrations applied. */
    static final class Progress implements Callback {

        private volatile int applied;
        private volatile long startedAt;
        private volatile long endedAt;

        @Override
        public boolean supports(Event event, Context context) {
            return event == Event.BEFORE_EACH_MIGRATE || event == Event.AFTER_EACH_MIGRATE;
        }

        @Override
        public boolean canHandleInTransaction(Event event, Context context) {
            return true;
        }

        @Override
        public void handle(Event event, Context context) {
            if (event == Event.BEFORE_EACH_MIGRATE) {
                if (applied == 0 && startedAt == 0) {
                    startedAt = System.nanoTime();
                    LOG.info("Updating the database schema (a first start, or a new version of the server)...");
                }
            } else {
                applied++;
                endedAt = System.nanoTime();
            }
        }

        long millis() {
            return (endedAt - startedAt) / 1_000_000;
        }

        @Override
        public String getCallbackName() {
            return "progress";
        }
    }
}
