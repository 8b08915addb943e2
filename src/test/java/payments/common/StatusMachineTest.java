package payments.common;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The status machine kernel every entity's machine is built with. */
class StatusMachineTest {

    static final class Door {
        String status;
        boolean locked;
    }

    private static final StatusMachine<Door> DOORS = StatusMachine.<Door>of("Door", d -> "door", d -> d.status, (d, s) -> d.status = s)
            .move(StatusMachine.NEW, "built", "CLOSED")
            .move("CLOSED", "opened by a visitor", "OPEN")
            .guarded("CLOSED", "opened by its owner", "OPEN", d -> !d.locked, d -> new IllegalArgumentException("locked"))
            .move("OPEN", "closed by its owner", "CLOSED")
            .refusing((d, from, to) -> new UnsupportedOperationException(from + " to " + to))
            .build();

    @Test
    void movesOnlyAlongItsRows() {
        Door door = new Door();
        DOORS.move(door, "CLOSED");
        assertEquals("CLOSED", door.status, "a new entity's first status is a move from NEW");
        DOORS.move(door, "OPEN");
        IllegalStateException bug = assertThrows(IllegalStateException.class, () -> DOORS.move(door, "BROKEN"));
        assertEquals("Door door cannot move from OPEN to BROKEN", bug.getMessage());
        assertEquals("OPEN", door.status, "a refused move writes nothing");
        assertEquals(Set.of("CLOSED"), DOORS.targets("OPEN"));
        assertTrue(DOORS.allows(null, "CLOSED"));
        assertFalse(DOORS.allows("OPEN", "OPEN"));
    }

    @Test
    void aRequestedMoveCountsOnlyItsEventsRowsAndItsGuard() {
        Door door = new Door();
        door.status = "OPEN";
        assertThrows(UnsupportedOperationException.class, () -> DOORS.request(door, "OPEN", "opened by its owner", "OPEN"),
                "the caller's mistake: the machine's refusal, not a bug");
        door.status = "CLOSED";
        assertThrows(UnsupportedOperationException.class, () -> DOORS.request(door, "CLOSED", "closed by its owner", "OPEN"),
                "another event's row does not count");
        door.locked = true;
        assertThrows(IllegalArgumentException.class, () -> DOORS.request(door, "CLOSED", "opened by its owner", "OPEN"));
        assertEquals("CLOSED", door.status);
        door.locked = false;
        DOORS.request(door, "CLOSED", "opened by its owner", "OPEN");
        assertEquals("OPEN", door.status);
        assertTrue(DOORS.allows("CLOSED", "opened by a visitor", "OPEN"));
        assertFalse(DOORS.allows("CLOSED", "closed by its owner", "OPEN"));
    }

    @Test
    void stayingPutIsNoMoveOnlyWhereTheMachineSaysSo() {
        StatusMachine<Door> lenient = StatusMachine.<Door>of("Door", d -> "door", d -> d.status, (d, s) -> d.status = s)
                .move("OPEN", "closed", "CLOSED").stayingIsNoMove().build();
        Door door = new Door();
        door.status = "OPEN";
        lenient.move(door, "OPEN");
        assertEquals("OPEN", door.status);
        assertThrows(IllegalStateException.class, () -> DOORS.move(door, "OPEN"));
        Door fresh = new Door();
        assertThrows(IllegalStateException.class, () -> lenient.move(fresh, "OPEN"), "no row from NEW");
        assertNull(fresh.status);
    }
}
