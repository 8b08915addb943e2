package payments.account;

import java.time.LocalDate;

/**
 * The SEPA rulebook's terms for a mandate, as arithmetic: a mandate lapses 36 months after its
 * last collection (after its signature when none was collected yet); the first collection under
 * it is FRST, every later one RCUR.
 */
public final class MandateTerms {

    static final int LAPSES_AFTER_MONTHS = 36;
    public static final String FIRST = "FRST";
    public static final String RECURRING = "RCUR";

    private MandateTerms() {
    }

    /** Whether a mandate signed on {@code signedOn}, last collected on {@code lastCollected} (null: never), has lapsed by {@code today}. */
    public static boolean lapsed(LocalDate signedOn, LocalDate lastCollected, LocalDate today) {
        LocalDate since = lastCollected != null && lastCollected.isAfter(signedOn) ? lastCollected : signedOn;
        return today.isAfter(since.plusMonths(LAPSES_AFTER_MONTHS));
    }

    /** The sequence type of the next collection under a mandate. */
    public static String sequenceType(boolean collectedBefore) {
        return collectedBefore ? RECURRING : FIRST;
    }
}
