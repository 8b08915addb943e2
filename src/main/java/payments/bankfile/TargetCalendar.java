package payments.bankfile;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.MonthDay;
import java.util.Set;

/**
 * The days SEPA settles on: TARGET2's business days (every weekday except 1 January, Good Friday,
 * Easter Monday, 1 May, 25 and 26 December). A SEPA Core collection must reach the debtor's bank
 * at least one such day before it is due, so a file sent today asks for the next one.
 */
final class TargetCalendar {

    private static final Set<MonthDay> CLOSED = Set.of(MonthDay.of(1, 1), MonthDay.of(5, 1), MonthDay.of(12, 25), MonthDay.of(12, 26));

    private TargetCalendar() {
    }

    static boolean businessDay(LocalDate day) {
        if (day.getDayOfWeek() == DayOfWeek.SATURDAY || day.getDayOfWeek() == DayOfWeek.SUNDAY || CLOSED.contains(MonthDay.from(day))) {
            return false;
        }
        LocalDate easter = easterSunday(day.getYear());
        return !day.equals(easter.minusDays(2)) && !day.equals(easter.plusDays(1));
    }

    /** The collection date of a collection sent on {@code sent}, a business day: the next business day after it. */
    static LocalDate collectionDate(LocalDate sent) {
        return nextBusinessDay(sent);
    }

    /**
     * The collection date of a file sent at {@code now} (in TARGET2's zone): the bank presents it on
     * its next business day, today when today is one and its cut-off ({@code cutOff}, none: the
     * whole day) has not passed, and it is due one business day after that.
     */
    static LocalDate collectionDate(java.time.LocalDateTime now, java.util.Optional<java.time.LocalTime> cutOff) {
        LocalDate today = now.toLocalDate();
        boolean presentedToday = businessDay(today) && cutOff.map(time -> now.toLocalTime().isBefore(time)).orElse(true);
        return nextBusinessDay(presentedToday ? today : nextBusinessDay(today));
    }

    private static LocalDate nextBusinessDay(LocalDate day) {
        LocalDate next = day.plusDays(1);
        while (!businessDay(next)) {
            next = next.plusDays(1);
        }
        return next;
    }

    /** Western Easter Sunday of {@code year} (the Gregorian computus, anonymous algorithm). */
    static LocalDate easterSunday(int year) {
        int a = year % 19;
        int b = year / 100;
        int c = year % 100;
        int d = b / 4;
        int e = b % 4;
        int f = (b + 8) / 25;
        int g = (b - f + 1) / 3;
        int h = (19 * a + b - d - g + 15) % 30;
        int i = c / 4;
        int k = c % 4;
        int l = (32 + 2 * e + 2 * i - h - k) % 7;
        int m = (a + 11 * h + 22 * l) / 451;
        int month = (h + l - 7 * m + 114) / 31;
        int day = (h + l - 7 * m + 114) % 31 + 1;
        return LocalDate.of(year, month, day);
    }
}
