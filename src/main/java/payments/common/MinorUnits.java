package payments.common;

/** Amounts are whole minor units of their currency (cents for USD), carried as {@code long}. */
public final class MinorUnits {

    /** The largest amount any request may carry: the interface's bound, far enough from overflow to add fees to. */
    public static final long MAX_AMOUNT = 9_000_000_000_000_000L;

    private MinorUnits() {
    }
}
