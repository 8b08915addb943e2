package payments;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import payments.db.EmbeddedDatabase;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Entry point: without a configured database the sandbox starts the embedded PostgreSQL (data under
 * `SVC_EMBEDDED_DB_DIR`, default `./data/postgres`) before Quarkus reads its datasource settings;
 * production never does.
 * A native image cannot (the bundled PostgreSQL binaries are not in it), so there it stops at once,
 * saying what to set.
 */
@QuarkusMain
public class Main {

    public static void main(String... args) {
        if (!EmbeddedDatabase.externalConfigured()) {
            if (production()) {
                startWithoutDatabase();
            } else if ("runtime".equals(System.getProperty("org.graalvm.nativeimage.imagecode"))) {
                System.err.println("The native image has no embedded PostgreSQL: set QUARKUS_DATASOURCE_REACTIVE_URL "
                        + "(postgresql://host:5432/db), QUARKUS_DATASOURCE_JDBC_URL (jdbc:postgresql://host:5432/db), "
                        + "QUARKUS_DATASOURCE_USERNAME and QUARKUS_DATASOURCE_PASSWORD to your PostgreSQL.");
                System.exit(2);
            } else {
                Path dir = Path.of(System.getenv().getOrDefault("SVC_EMBEDDED_DB_DIR", "data/postgres"));
                sandboxFilesBeside(dir, java.nio.file.Files::exists).forEach(System::setProperty);
                try {
                    EmbeddedDatabase.start(dir).forEach(System::setProperty);
                } catch (EmbeddedDatabase.DataDirectoryInUse inUse) {
                    System.err.println(inUse.getMessage());
                    System.exit(1);
                }
            }
        }
        Quarkus.run(args);
    }

    /**
     * The embedded server is the sandbox's; production's database is the operator's. Production
     * without one starts only as far as the start-up check (common.StartupSettings), which names this
     * with every other missing setting; nothing may reach for the database before it: no migration,
     * schema check, version probe or scheduled task, and addresses that resolve nowhere.
     */
    private static void startWithoutDatabase() {
        System.setProperty(EmbeddedDatabase.MISSING, "true");
        System.setProperty("quarkus.flyway.migrate-at-start", "false");
        System.setProperty("quarkus.hibernate-orm.schema-management.strategy", "none");
        System.setProperty("quarkus.hibernate-orm.database.version-check.enabled", "false");
        System.setProperty("quarkus.hibernate-orm.database.start-offline", "true");
        System.setProperty("quarkus.scheduler.enabled", "false");
        // The one line the scheduler would log about being off stays out of the message the operator reads.
        System.setProperty("quarkus.log.category.\"io.quarkus.scheduler\".level", "WARN");
        System.setProperty("quarkus.datasource.jdbc.url", "jdbc:postgresql://database-not-configured.invalid/none");
        System.setProperty("quarkus.datasource.reactive.url", "postgresql://database-not-configured.invalid/none");
    }

    /**
     * Where the sandbox keeps the secrets key and the credentials it generates, unless the operator
     * names them: beside its embedded database (data/ by default), so a second server on another
     * folder keeps its own instead of rewriting the first's credentials file. Given as the defaults
     * of svc.sandbox-secrets-key-file and svc.sandbox-credentials-file (ServerConfig), so a value set
     * anywhere (environment, .env, a properties file) still wins.
     */
    static Map<String, String> sandboxFilesBeside(Path databaseDir, Predicate<Path> exists) {
        Path folder = databaseDir.getParent() == null ? Path.of("") : databaseDir.getParent();
        Path key = folder.resolve("secrets.key");
        // A database an earlier version ran on another folder had its secrets sealed under data/secrets.key: that key stays its.
        Path earlier = Path.of("data", "secrets.key");
        if (!key.equals(earlier) && !exists.test(key) && exists.test(databaseDir.resolve("PG_VERSION")) && exists.test(earlier)) {
            key = earlier;
        }
        Map<String, String> defaults = new LinkedHashMap<>();
        defaults.put("sandbox-files.credentials", folder.resolve("sandbox-credentials.env").toString());
        defaults.put("sandbox-files.secrets-key", key.toString());
        return defaults;
    }

    /** SVC_MODE (or -Dsvc.mode) as the server's settings will read it. */
    private static boolean production() {
        String mode = System.getProperty("svc.mode", System.getenv("SVC_MODE"));
        return mode != null && mode.trim().equalsIgnoreCase("production");
    }
}
