package payments.db;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A real streaming standby of the tests' embedded PostgreSQL (made after it, by order): a base backup
 * taken with the server's own backup functions (the bundled binaries have no pg_basebackup), a
 * physical replication slot so no WAL it needs goes away, then started as a hot standby. Gives the
 * server {@code svc.read-replica.url}.
 */
public class StreamingStandby implements QuarkusTestResourceLifecycleManager {

    private static final Set<String> NOT_COPIED = Set.of("postmaster.pid", "postmaster.opts");
    private static final Set<String> COPIED_EMPTY = Set.of("pg_wal", "pg_replslot", "pg_stat_tmp");

    private static EmbeddedPostgres standby;
    private static String primaryUrl;
    private static String password;

    @Override
    public int order() {
        return 1;
    }

    @Override
    public Map<String, String> start() {
        if (EmbeddedDatabase.externalConfigured()) {
            return Map.of();
        }
        Map<String, String> primary = EmbeddedDatabase.start(null);
        primaryUrl = primary.get("quarkus.datasource.jdbc.url");
        password = primary.get("quarkus.datasource.password");
        try {
            Path copy = Files.createTempDirectory("standby");
            int primaryPort = Integer.parseInt(primaryUrl.replaceAll("^.*:(\\d+)/.*$", "$1"));
            baseBackup(copy, primaryPort);
            standby = EmbeddedPostgres.builder().setDataDirectory(copy).setCleanDataDirectory(false)
                    .setServerConfig("hot_standby", "on").setConnectConfig("password", password).start();
            return Map.of("svc.read-replica.url", "postgresql://localhost:" + standby.getPort() + "/postgres");
        } catch (IOException | SQLException e) {
            throw new IllegalStateException("cannot start the standby: " + e.getMessage(), e);
        }
    }

    private static void baseBackup(Path copy, int primaryPort) throws SQLException, IOException {
        try (Connection db = primary(); Statement sql = db.createStatement()) {
            sql.execute("SELECT pg_create_physical_replication_slot('test_standby', true) WHERE NOT EXISTS"
                    + " (SELECT 1 FROM pg_replication_slots WHERE slot_name = 'test_standby')");
            String dataDirectory = single(sql, "SHOW data_directory");
            sql.execute("SELECT pg_backup_start('test standby', true)");
            copyTree(Path.of(dataDirectory), copy);
            try (ResultSet stop = sql.executeQuery("SELECT labelfile FROM pg_backup_stop(false)")) {
                stop.next();
                Files.writeString(copy.resolve("backup_label"), stop.getString(1));
            }
        }
        Files.writeString(copy.resolve("standby.signal"), "");
        Files.writeString(copy.resolve("postgresql.auto.conf"), "primary_conninfo = 'host=localhost port=" + primaryPort
                + " user=postgres password=" + password + "'\nprimary_slot_name = 'test_standby'\n",
                java.nio.file.StandardOpenOption.APPEND);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            paths.forEach(path -> {
                Path relative = from.relativize(path);
                if (relative.getNameCount() == 0 || NOT_COPIED.contains(relative.toString())) {
                    return;
                }
                boolean kept = relative.getNameCount() == 1 || !COPIED_EMPTY.contains(relative.getName(0).toString())
                        || relative.equals(Path.of("pg_wal", "archive_status"));
                if (!kept) {
                    return;
                }
                try {
                    if (Files.isDirectory(path)) {
                        Files.createDirectories(to.resolve(relative));
                    } else {
                        Files.copy(path, to.resolve(relative));
                    }
                } catch (NoSuchFileException goneMeanwhile) {
                    // A temporary file removed while copying: the backup does not need it.
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    /** Holds replay on the standby (its reads stay as they are) or lets it go on. */
    public static void pauseReplay(boolean paused) throws SQLException {
        try (Connection db = standby(); Statement sql = db.createStatement()) {
            sql.execute(paused ? "SELECT pg_wal_replay_pause()" : "SELECT pg_wal_replay_resume()");
        }
    }

    public static Connection standby() throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://localhost:" + standby.getPort() + "/postgres", "postgres", password);
    }

    private static Connection primary() throws SQLException {
        return DriverManager.getConnection(primaryUrl, "postgres", password);
    }

    private static String single(Statement sql, String query) throws SQLException {
        try (ResultSet rows = sql.executeQuery(query)) {
            rows.next();
            return rows.getString(1);
        }
    }

    @Override
    public void stop() {
        if (standby != null) {
            try {
                standby.close();
            } catch (IOException e) {
                // The test run ends anyway.
            }
            standby = null;
        }
    }
}
