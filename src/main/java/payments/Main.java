package payments;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import payments.db.EmbeddedDatabase;

import java.nio.file.Path;

/**
 * Entry point: without a configured database it starts the embedded PostgreSQL (data under
 * `SVC_EMBEDDED_DB_DIR`, default `./data/postgres`) before Quarkus reads its datasource settings.
 */
@QuarkusMain
public class Main {

    public static void main(String... args) {
        if (!EmbeddedDatabase.externalConfigured()) {
            String dir = System.getenv().getOrDefault("SVC_EMBEDDED_DB_DIR", "data/postgres");
            EmbeddedDatabase.start(Path.of(dir)).forEach(System::setProperty);
        }
        Quarkus.run(args);
    }
}
