package payments.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Starts a PostgreSQL server from the bundled binaries when no database is configured, and gives
 * the datasource settings that point at it. With a data directory it keeps its state across
 * restarts; without one (tests) it starts empty.
 *
 * <p>It runs like a server that holds money: durable (fsync and synchronous commit on; the library
 * turns synchronous commit off by default, which loses acknowledged commits in a crash), listening
 * on loopback only, and asking every connection for the superuser's password (SCRAM), a random one
 * generated on first start and kept in {@value #PASSWORD_FILE} beside the data directory.
 */
public final class EmbeddedDatabase {

    static final String PASSWORD_FILE = "postgres-password";
    /** The file the library locks in the data directory while a server runs on it. */
    static final String LOCK_FILE = "epg-lock";
    /** Set by Main when production was started without a database (it never starts this one). */
    public static final String MISSING = "payments.production-database-missing";
    private static final String USER = "postgres";
    private static final String PASSWORD_AUTH = "scram-sha-256";
    /** How long the database waits for the application to stop (its graceful shutdown is 20 s) before stopping anyway. */
    private static final java.time.Duration APPLICATION_STOP_WAIT = java.time.Duration.ofSeconds(40);

    /** A running server and the superuser's password. */
    record Running(EmbeddedPostgres server, String password) {
    }

    private static Running running;

    private EmbeddedDatabase() {
    }

    /** True when the operator configured a database through the standard Quarkus settings. */
    public static boolean externalConfigured() {
        return present(System.getenv("QUARKUS_DATASOURCE_REACTIVE_URL"))
                || present(System.getProperty("quarkus.datasource.reactive.url"));
    }

    /** Another process (a server already running) holds this data directory: this one cannot start on it. */
    public static final class DataDirectoryInUse extends RuntimeException {
        DataDirectoryInUse(Path dataDirectory) {
            super("Another server is already running on " + dataDirectory + " (its embedded database is locked). Stop it first, or"
                    + " start this one with SVC_EMBEDDED_DB_DIR set to another folder and QUARKUS_HTTP_PORT to another port.");
        }
    }

    /**
     * Fails with {@link DataDirectoryInUse} when another process holds the data directory's lock:
     * the same lock file and kind of lock the library takes, tried and released at once, before
     * the library starts (and logs) anything.
     */
    static void requireFree(Path dataDirectory) throws IOException {
        Path lockFile = dataDirectory.resolve(LOCK_FILE);
        if (!Files.exists(lockFile)) {
            return;
        }
        try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(lockFile, java.nio.file.StandardOpenOption.WRITE);
             java.nio.channels.FileLock lock = channel.tryLock()) {
            if (lock == null) {
                throw new DataDirectoryInUse(dataDirectory);
            }
        } catch (java.nio.channels.OverlappingFileLockException heldHere) {
            throw new DataDirectoryInUse(dataDirectory);
        }
    }

    public static synchronized Map<String, String> start(Path dataDirectory) {
        if (running == null) {
            try {
                running = open(dataDirectory);
                boolean last = dataDirectory != null && LibraryHook.disarm(running.server());
                Runtime.getRuntime().addShutdownHook(new Thread(last ? EmbeddedDatabase::stopAfterApplication : EmbeddedDatabase::stop,
                        "embedded-postgres-stop"));
            } catch (IOException | SQLException e) {
                throw new IllegalStateException("Cannot start the embedded PostgreSQL server: " + e.getMessage(), e);
            }
        }
        int port = running.server().getPort();
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("quarkus.datasource.reactive.url", "postgresql://localhost:" + port + "/postgres");
        settings.put("quarkus.datasource.jdbc.url", "jdbc:postgresql://localhost:" + port + "/postgres");
        settings.put("quarkus.datasource.username", USER);
        settings.put("quarkus.datasource.password", running.password());
        return settings;
    }

    /** Starts a server on the data directory (a new empty one when null), with its password. */
    static Running open(Path dataDirectory) throws IOException, SQLException {
        if (dataDirectory == null) {
            Path passwordFile = Files.createTempFile("embedded-postgres", ".pw");
            passwordFile.toFile().deleteOnExit();
            String password = newPassword(passwordFile);
            return new Running(builder(null, passwordFile, password).start(), password);
        }
        Files.createDirectories(dataDirectory);
        requireFree(dataDirectory);
        Path passwordFile = dataDirectory.toAbsolutePath().getParent().resolve(PASSWORD_FILE);
        boolean initialized = Files.exists(dataDirectory.resolve("PG_VERSION"));
        String password;
        if (Files.isRegularFile(passwordFile)) {
            password = Files.readString(passwordFile).trim();
        } else {
            password = newPassword(passwordFile);
            if (initialized) {
                protectClusterMadeWithoutPassword(dataDirectory, password);
            }
        }
        return new Running(builder(dataDirectory, passwordFile, password).start(), password);
    }

    private static EmbeddedPostgres.Builder builder(Path dataDirectory, Path passwordFile, String password) {
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setServerConfig("max_connections", "200")
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("full_page_writes", "on")
                .setServerConfig("listen_addresses", "localhost")
                .setServerConfig("password_encryption", PASSWORD_AUTH)
                // initdb arguments, after the library's own "-A trust": these win for a new cluster.
                .setLocaleConfig("pwfile", passwordFile.toAbsolutePath().toString())
                .setLocaleConfig("auth-local", PASSWORD_AUTH)
                .setLocaleConfig("auth-host", PASSWORD_AUTH)
                .setConnectConfig("password", password);
        if (dataDirectory != null) {
            builder.setDataDirectory(dataDirectory.toAbsolutePath()).setCleanDataDirectory(false);
        }
        return builder;
    }

    /**
     * A data directory from before passwords were required trusts every local connection: start it
     * as it is once, give the superuser the new password, and make its client rules ask for it.
     */
    private static void protectClusterMadeWithoutPassword(Path dataDirectory, String password) throws IOException, SQLException {
        try (EmbeddedPostgres trusting = EmbeddedPostgres.builder().setDataDirectory(dataDirectory.toAbsolutePath())
                .setCleanDataDirectory(false).start();
             Connection connection = trusting.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("SET password_encryption = '" + PASSWORD_AUTH + "'");
            statement.execute("ALTER USER " + USER + " PASSWORD '" + password + "'");
        }
        Files.writeString(dataDirectory.resolve("pg_hba.conf"), """
                # Written by the payments server: every connection gives the superuser's password.
                local all all %1$s
                host all all 127.0.0.1/32 %1$s
                host all all ::1/128 %1$s
                """.formatted(PASSWORD_AUTH));
    }

    /** A random password (hex, so it needs no quoting anywhere), saved readable by this user only. */
    private static String newPassword(Path file) throws IOException {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        String generated = HexFormat.of().formatHex(bytes);
        Files.writeString(file, generated + "\n");
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException notPosix) {
            // A file system without POSIX permissions keeps its own access rules.
        }
        return generated;
    }

    /**
     * The JVM runs every shutdown hook at once, Quarkus's (which stops the application: its
     * schedulers, pollers and jobs in flight) among them: the server's database stops once the
     * application has (bounded, in case it never does).
     */
    private static void stopAfterApplication() {
        io.quarkus.runtime.Application application = io.quarkus.runtime.Application.currentApplication();
        if (application != null) {
            Thread waiting = new Thread(application::awaitShutdown, "embedded-postgres-waits-for-the-application");
            waiting.setDaemon(true);
            waiting.start();
            try {
                waiting.join(APPLICATION_STOP_WAIT.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        stop();
    }

    public static synchronized void stop() {
        if (running != null) {
            try {
                LibraryHook.rearm(running.server());
                running.server().close();
            } catch (IOException e) {
                // The server is going away with the JVM either way.
            }
            running = null;
        }
    }

    /**
     * The library stops its server from a JVM shutdown hook of its own, at once: while it is
     * marked closed that hook does nothing, and {@link #stop} marks it open again to close it.
     * Should the library change (no such flag), its own hook stays in charge.
     */
    static final class LibraryHook {

        private LibraryHook() {
        }

        static boolean disarm(EmbeddedPostgres server) {
            return flag(server).map(closed -> {
                closed.set(true);
                return true;
            }).orElse(false);
        }

        static void rearm(EmbeddedPostgres server) {
            flag(server).ifPresent(closed -> closed.set(false));
        }

        private static java.util.Optional<java.util.concurrent.atomic.AtomicBoolean> flag(EmbeddedPostgres server) {
            try {
                java.lang.reflect.Field field = EmbeddedPostgres.class.getDeclaredField("closed");
                field.setAccessible(true);
                return field.get(server) instanceof java.util.concurrent.atomic.AtomicBoolean closed ? java.util.Optional.of(closed)
                        : java.util.Optional.empty();
            } catch (ReflectiveOperationException | RuntimeException e) {
                return java.util.Optional.empty();
            }
        }
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }
}
