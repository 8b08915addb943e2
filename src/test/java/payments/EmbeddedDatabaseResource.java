package payments;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import payments.db.EmbeddedDatabase;

import java.util.Map;

/** Gives the tests a fresh embedded PostgreSQL, unless a database is configured through the environment. */
public class EmbeddedDatabaseResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        return EmbeddedDatabase.externalConfigured() ? Map.of() : EmbeddedDatabase.start(null);
    }

    @Override
    public void stop() {
        EmbeddedDatabase.stop();
    }
}
