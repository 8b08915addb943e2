package payments.bankfile;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ACH settlement days: weekends and Federal Reserve holidays are skipped, the same-day window closes at its cut-off. */
class AchCalendarTest {

    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
    private static final Optional<LocalTime> CUT_OFF = Optional.of(LocalTime.of(14, 45));

    @Test
    void holidaysAndWeekendsAreNoBankingDays() {
        assertFalse(AchCalendar.bankingDay(LocalDate.of(2026, 11, 26)), "Thanksgiving, the fourth Thursday");
        assertFalse(AchCalendar.bankingDay(LocalDate.of(2026, 12, 25)), "Christmas");
        assertFalse(AchCalendar.bankingDay(LocalDate.of(2027, 7, 5)), "Independence Day on a Sunday is observed the Monday after");
        assertTrue(AchCalendar.bankingDay(LocalDate.of(2026, 7, 3)), "Independence Day on a Saturday is not observed on the Friday");
        assertFalse(AchCalendar.bankingDay(LocalDate.of(2026, 5, 25)), "Memorial Day, the last Monday of May");
        assertFalse(AchCalendar.bankingDay(LocalDate.of(2026, 1, 19)), "Martin Luther King Jr. Day, the third Monday of January");
        assertFalse(AchCalendar.bankingDay(LocalDate.of(2026, 11, 28)), "a Saturday");
        assertTrue(AchCalendar.bankingDay(LocalDate.of(2026, 11, 27)), "the Friday after Thanksgiving");
        assertEquals(LocalDate.of(2026, 11, 30), AchCalendar.nextBankingDay(LocalDate.of(2026, 11, 27)));
        assertEquals(LocalDate.of(2026, 11, 27), AchCalendar.nextBankingDay(LocalDate.of(2026, 11, 25)), "over Thanksgiving");
    }

    @Test
    void aFileBeforeTheSameDayCutOffSettlesTodayOtherwiseTheNextBankingDay() {
        ZonedDateTime morning = ZonedDateTime.of(2026, 11, 24, 9, 0, 0, 0, NEW_YORK);
        long limit = 100_000_000L;
        assertEquals(LocalDate.of(2026, 11, 24), AchCalendar.effectiveDate(morning, CUT_OFF, 5_000, limit));
        assertEquals(LocalDate.of(2026, 11, 25), AchCalendar.effectiveDate(morning, Optional.empty(), 5_000, limit), "no same-day window");
        assertEquals(LocalDate.of(2026, 11, 25), AchCalendar.effectiveDate(morning, CUT_OFF, limit + 1, limit), "over the same-day limit");
        assertEquals(LocalDate.of(2026, 11, 25), AchCalendar.effectiveDate(morning.withHour(14).withMinute(45), CUT_OFF, 5_000, limit),
                "at the cut-off: too late");
        assertEquals(LocalDate.of(2026, 11, 30), AchCalendar.effectiveDate(ZonedDateTime.of(2026, 11, 28, 9, 0, 0, 0, NEW_YORK), CUT_OFF,
                5_000, limit), "a Saturday's file: the Monday");
    }
}
