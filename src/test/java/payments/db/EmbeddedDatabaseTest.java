package payments.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The embedded PostgreSQL runs durable, on loopback, and asks for its generated password. */
class EmbeddedDatabaseTest {

    @Test
    void aNewClusterIsDurableAndAsksForItsPasswordWhichSurvivesRestarts(@TempDir Path data) throws Exception {
        Path directory = data.resolve("postgres");
        String password;
        try (EmbeddedPostgres server = EmbeddedDatabase.open(directory).server()) {
            password = Files.readString(data.resolve(EmbeddedDatabase.PASSWORD_FILE)).trim();
            assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                    Files.getPosixFilePermissions(data.resolve(EmbeddedDatabase.PASSWORD_FILE))));
            try (Connection connection = connect(server.getPort(), password)) {
                assertEquals("on", show(connection, "synchronous_commit"));
                assertEquals("on", show(connection, "fsync"));
                assertEquals("localhost", show(connection, "listen_addresses"));
            }
            assertThrows(SQLException.class, () -> connect(server.getPort(), null).close());
            assertThrows(SQLException.class, () -> connect(server.getPort(), "wrong").close());
        }
        try (EmbeddedPostgres restarted = EmbeddedDatabase.open(directory).server();
             Connection connection = connect(restarted.getPort(), password)) {
            assertEquals("on", show(connection, "synchronous_commit"));
        }
    }

    /** A second server on a data directory in use is refused with one sentence saying what to do, before the library starts. */
    @Test
    void aDataDirectoryInUseIsRefusedPlainly(@TempDir Path data) throws Exception {
        Path directory = data.resolve("postgres");
        try (EmbeddedPostgres first = EmbeddedDatabase.open(directory).server()) {
            EmbeddedDatabase.DataDirectoryInUse refused = assertThrows(EmbeddedDatabase.DataDirectoryInUse.class,
                    () -> EmbeddedDatabase.open(directory));
            org.junit.jupiter.api.Assertions.assertTrue(refused.getMessage().contains("SVC_EMBEDDED_DB_DIR"), refused.getMessage());
        }
        try (EmbeddedPostgres again = EmbeddedDatabase.open(directory).server()) {
            assertEquals(true, again.getPort() > 0, "free again once the first stopped");
        }
    }

    /**
     * The library's own shutdown hook can be held off (so the server's database stops after the
     * application, not with it): while disarmed its close does nothing; rearmed, it stops the server.
     */
    @Test
    void theLibrarysOwnStopCanBeHeldOffAndThenDone(@TempDir Path data) throws Exception {
        EmbeddedDatabase.Running running = EmbeddedDatabase.open(data.resolve("postgres"));
        EmbeddedPostgres server = running.server();
        org.junit.jupiter.api.Assertions.assertTrue(EmbeddedDatabase.LibraryHook.disarm(server), "the library still has its flag");
        server.close();
        try (Connection connection = connect(server.getPort(), running.password())) {
            assertEquals("on", show(connection, "fsync"), "still running: the library's close did nothing");
        }
        EmbeddedDatabase.LibraryHook.rearm(server);
        server.close();
        assertThrows(SQLException.class, () -> connect(server.getPort(), running.password()).close(), "stopped once rearmed");
    }

    /** A data directory made before passwords were required (trust for everyone) is given one at its next start. */
    @Test
    void aClusterMadeWithoutAPasswordGetsOne(@TempDir Path data) throws Exception {
        Path directory = data.resolve("postgres");
        try (EmbeddedPostgres old = EmbeddedPostgres.builder().setDataDirectory(directory).setCleanDataDirectory(false).start();
             Connection trusted = connect(old.getPort(), null)) {
            assertEquals("off", show(trusted, "synchronous_commit"));
        }

        EmbeddedDatabase.Running running = EmbeddedDatabase.open(directory);

        try (EmbeddedPostgres server = running.server()) {
            assertThrows(SQLException.class, () -> connect(server.getPort(), null).close());
            try (Connection connection = connect(server.getPort(), running.password())) {
                assertEquals("on", show(connection, "synchronous_commit"));
            }
        }
    }

    private static Connection connect(int port, String password) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", "postgres");
        if (password != null) {
            properties.setProperty("password", password);
        }
        return DriverManager.getConnection("jdbc:postgresql://localhost:" + port + "/postgres", properties);
    }

    private static String show(Connection connection, String setting) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery("SHOW " + setting)) {
            rows.next();
            return rows.getString(1);
        }
    }
}
