package payments;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import payments.db.EmbeddedDatabase;

import java.nio.file.Path;

/**
 * Entry point: without a configured database it starts the embedded PostgreSQL (data under
 * `SVC_EMBEDDED_DB_DIR`, default `./data/postgres`) before Quarkus reads its datasource settings.
 * A native image cannot (the bundled PostgreSQL binaries are not in it), so there it stops at once,
 * saying what to set.
 */
@QuarkusMain
public class Main {

    public static void main(String... args) {
        if (!EmbeddedDatabase.externalConfigured()) {
            if ("runtime".equals(System.getProperty("org.graalvm.nativeimage.imagecode"))) {
                System.err.println("The native image has no embedded PostgreSQL: set QUARKUS_DATASOURCE_REACTIVE_URL "
                        + "(postgresql://host:5432/db), QUARKUS_DATASOURCE_JDBC_URL (jdbc:postgresql://host:5432/db), "
                        + "QUARKUS_DATASOURCE_USERNAME and QUARKUS_DATASOURCE_PASSWORD to your PostgreSQL.");
                System.exit(2);
            }
            String dir = System.getenv().getOrDefault("SVC_EMBEDDED_DB_DIR", "data/postgres");
            EmbeddedDatabase.start(Path.of(dir)).forEach(System::setProperty);
        }
        Quarkus.run(args);
    }
}
