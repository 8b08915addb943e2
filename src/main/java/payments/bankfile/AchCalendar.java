package payments.bankfile;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.Month;
import java.time.MonthDay;
import java.time.ZonedDateTime;
import java.time.temporal.TemporalAdjusters;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * When an ACH entry settles (pure): banking days are weekdays that are not Federal Reserve
 * holidays; a file written before the same-day cut-off of a banking day asks for that day (same-day
 * ACH, for entries up to the same-day limit), any other for the next banking day.
 */
public final class AchCalendar {

    /** Holidays on a fixed date; one falling on a Sunday is observed the Monday after, one on a Saturday is not observed. */
    private static final List<MonthDay> FIXED = List.of(MonthDay.of(Month.JANUARY, 1), MonthDay.of(Month.JUNE, 19),
            MonthDay.of(Month.JULY, 4), MonthDay.of(Month.NOVEMBER, 11), MonthDay.of(Month.DECEMBER, 25));

    /** Holidays on the nth weekday of a month (n = -1: the last): MLK, Presidents, Memorial, Labor, Columbus, Thanksgiving days. */
    private record Nth(Month month, DayOfWeek day, int n) {
        LocalDate in(int year) {
            LocalDate first = LocalDate.of(year, month, 1);
            return n < 0 ? first.with(TemporalAdjusters.lastInMonth(day)) : first.with(TemporalAdjusters.dayOfWeekInMonth(n, day));
        }
    }

    private static final List<Nth> FLOATING = List.of(new Nth(Month.JANUARY, DayOfWeek.MONDAY, 3),
            new Nth(Month.FEBRUARY, DayOfWeek.MONDAY, 3), new Nth(Month.MAY, DayOfWeek.MONDAY, -1),
            new Nth(Month.SEPTEMBER, DayOfWeek.MONDAY, 1), new Nth(Month.OCTOBER, DayOfWeek.MONDAY, 2),
            new Nth(Month.NOVEMBER, DayOfWeek.THURSDAY, 4));

    private AchCalendar() {
    }

    public static boolean bankingDay(LocalDate day) {
        return day.getDayOfWeek() != DayOfWeek.SATURDAY && day.getDayOfWeek() != DayOfWeek.SUNDAY && !holidays(day.getYear()).contains(day);
    }

    public static LocalDate nextBankingDay(LocalDate day) {
        LocalDate next = day.plusDays(1);
        while (!bankingDay(next)) {
            next = next.plusDays(1);
        }
        return next;
    }

    /** The effective date a file written at {@code now} (in the cut-off's zone) asks for an entry of {@code amount} cents. */
    public static LocalDate effectiveDate(ZonedDateTime now, Optional<LocalTime> sameDayCutOff, long amount, long sameDayLimit) {
        LocalDate today = now.toLocalDate();
        boolean sameDay = sameDayCutOff.isPresent() && bankingDay(today) && now.toLocalTime().isBefore(sameDayCutOff.get())
                && amount <= sameDayLimit;
        return sameDay ? today : nextBankingDay(today);
    }

    static Set<LocalDate> holidays(int year) {
        java.util.HashSet<LocalDate> days = new java.util.HashSet<>();
        for (MonthDay fixed : FIXED) {
            LocalDate day = fixed.atYear(year);
            days.add(day.getDayOfWeek() == DayOfWeek.SUNDAY ? day.plusDays(1) : day);
        }
        FLOATING.forEach(nth -> days.add(nth.in(year)));
        return days;
    }
}
