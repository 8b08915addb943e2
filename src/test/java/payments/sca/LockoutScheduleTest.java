package payments.sca;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LockoutScheduleTest {

    @Test
    void theReferenceEscalation() {
        assertEquals(Optional.empty(), LockoutSchedule.lockAfter(4));
        assertEquals(Optional.of(Duration.ofMinutes(15)), LockoutSchedule.lockAfter(5));
        assertEquals(Optional.of(Duration.ofMinutes(30)), LockoutSchedule.lockAfter(6));
        assertEquals(Optional.of(Duration.ofHours(1)), LockoutSchedule.lockAfter(7));
        assertEquals(Optional.of(Duration.ofHours(24)), LockoutSchedule.lockAfter(8));
        assertEquals(Optional.empty(), LockoutSchedule.lockAfter(9));
        assertFalse(LockoutSchedule.suspends(8));
        assertTrue(LockoutSchedule.suspends(9));
        assertTrue(LockoutSchedule.suspends(12));
    }
}
