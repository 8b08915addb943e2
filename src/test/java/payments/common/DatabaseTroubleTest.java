package payments.common;

import io.vertx.core.VertxException;
import io.vertx.pgclient.PgException;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which failures mean "the database cannot take this now" (503, retry later) and which are the server's own (500). */
class DatabaseTroubleTest {

    private static PgException pg(String state) {
        return new PgException("message", "ERROR", state, null);
    }

    @Test
    void aFullVolumeAShortageARestartOrALostConnectionIsTheDatabasesNotTheRequests() {
        assertEquals("The database has no disk space left for this change",
                DatabaseTrouble.reasonOf(new CompletionException(pg("53100"))).orElseThrow());
        assertTrue(DatabaseTrouble.reasonOf(pg("53300")).isPresent(), "too many connections");
        assertTrue(DatabaseTrouble.reasonOf(pg("57P01")).isPresent(), "admin shutdown");
        assertTrue(DatabaseTrouble.reasonOf(pg("08006")).isPresent(), "connection failure");
        assertTrue(DatabaseTrouble.reasonOf(pg("25006")).isPresent(), "a standby refusing a write, as during a failover");
        assertTrue(DatabaseTrouble.reasonOf(new IllegalStateException(new java.net.ConnectException("refused"))).isPresent());
        assertTrue(DatabaseTrouble.reasonOf(new VertxException("Connection is closed")).isPresent());
    }

    @Test
    void otherFailuresStayTheServers() {
        assertTrue(DatabaseTrouble.reasonOf(pg("23505")).isEmpty(), "a unique violation is handled where it happens");
        assertTrue(DatabaseTrouble.reasonOf(pg("42P01")).isEmpty(), "a missing table is a server fault");
        assertTrue(DatabaseTrouble.reasonOf(new VertxException("something else")).isEmpty());
        assertTrue(DatabaseTrouble.reasonOf(new NullPointerException()).isEmpty());
    }

    @Test
    void whatPassesWithTimeIsTheDatabasesTroubleOrALostRaceNotABrokenRule() {
        assertTrue(DatabaseTrouble.passes(new CompletionException(pg("40P01"))), "a deadlock lost");
        assertTrue(DatabaseTrouble.passes(pg("40001")), "a serialization failure");
        assertTrue(DatabaseTrouble.passes(pg("57P01")), "what reasonOf names");
        assertFalse(DatabaseTrouble.passes(pg("23505")), "a unique violation comes again");
        assertFalse(DatabaseTrouble.passes(pg("P0001")), "a raised exception comes again");
        assertFalse(DatabaseTrouble.passes(new IllegalStateException("a bug")));
    }
}
