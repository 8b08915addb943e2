package payments.db;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The SQL stays within what PostgreSQL-compatible distributed engines (CockroachDB, YugabyteDB)
 * accept, except where listed here with what such an engine would need instead (docs/scaling.md).
 * A new use of a PostgreSQL-only feature fails this test until it is listed and its way out written.
 */
class PortableSqlTest {

    /** PostgreSQL-only features a distributed engine lacks or treats differently. */
    private static final Map<String, Pattern> PG_ONLY = Map.of(
            "advisory lock", Pattern.compile("pg_(try_)?advisory"),
            "LISTEN/NOTIFY", Pattern.compile("\\b(LISTEN|NOTIFY|pg_notify)\\b"),
            "ctid", Pattern.compile("\\bctid\\b"),
            "system catalog", Pattern.compile("\\bpg_(tables|catalog|class|namespace|stat_[a-z_]+)\\b"),
            "transaction id", Pattern.compile("\\btxid_current|pg_current_xact_id\\b"),
            "sleep", Pattern.compile("\\bpg_sleep\\b"),
            "WAL position", Pattern.compile("\\bpg_(current_wal|last_wal_replay)_lsn\\b"));

    /** Where they are used today, and why that is acceptable (or what it would take). */
    private static final Map<String, String> KNOWN = Map.of(
            "src/main/java/payments/card/CardService.java advisory lock",
            "serializes card issuance against the platform's card limit; a distributed engine would lock one counter row (SELECT ... FOR UPDATE) instead",
            "src/main/java/payments/db/ReadReplica.java WAL position",
            "only with SVC_READ_REPLICA_URL (a PostgreSQL streaming standby): a distributed engine serves follower reads its own way and needs no read replica setting",
            "src/main/java/payments/sandbox/SandboxReset.java system catalog",
            "sandbox only: lists the schema's tables to empty them; information_schema.tables would do on any engine");

    @Test
    void postgresOnlyFeaturesAreOnlyWhereListed() throws IOException {
        Map<String, String> found = new TreeMap<>();
        for (Path root : List.of(Path.of("src/main/java"), Path.of("src/main/resources/db/migration"))) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    String text = Files.readString(file);
                    PG_ONLY.forEach((feature, pattern) -> {
                        if (pattern.matcher(text).find()) {
                            String place = file.toString().replace('\\', '/') + " " + feature;
                            found.put(place, KNOWN.getOrDefault(place, "NOT LISTED: say why, or use a portable form"));
                        }
                    });
                }
            }
        }
        assertEquals(new TreeMap<>(KNOWN), found);
    }
}
