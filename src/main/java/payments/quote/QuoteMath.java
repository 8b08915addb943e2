package payments.quote;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A quote's amounts from its locked side, the rate and the fees. All amounts are integer minor
 * units; {@code rate} is sending major units per one receiving major unit, fee-exclusive.
 *
 * <p>Fees come off the sending side first: fixed fees (service and platform), then the sum of the
 * variable rates on what remains, each component rounded half-up to the minor unit on its own. The
 * remainder converts at the rate. Rounding at the conversion never favours the payer: the receiving
 * amount of a SENDING-locked quote is rounded down, and the sending amount of a RECEIVING-locked quote
 * is the smallest one whose converted remainder covers the locked amount.
 */
public final class QuoteMath {

    /** The largest amount a quote may lock (the interface's bound). */
    public static final long MAX_AMOUNT = payments.common.MinorUnits.MAX_AMOUNT;
    private static final BigDecimal BPS = BigDecimal.valueOf(10_000);

    /** Fee schedule: fixed parts in sending minor units, variable parts in basis points. */
    public record Fees(long serviceFixed, int serviceBps, long platformFixed, int platformBps) {
        public static final Fees NONE = new Fees(0, 0, 0, 0);

        long fixed() {
            return Math.addExact(serviceFixed, platformFixed);
        }

        int bps() {
            return Math.addExact(serviceBps, platformBps);
        }
    }

    /** The currencies' decimals and the rate (sending major units per receiving major unit). */
    public record Conversion(int sendingDecimals, int receivingDecimals, BigDecimal rate) {
    }

    public record Amounts(long totalSending, long totalReceiving, long feesIncluded, long platformFeesIncluded,
                          long serviceVariableFee, long platformVariableFee) {

        /** What converts: the sending total less every fee. */
        public long converted() {
            return totalSending - feesIncluded;
        }
    }

    /** The amounts cannot be quoted: fees eat the whole amount, or a side falls outside the bounds. */
    public static final class Unquotable extends RuntimeException {
        public Unquotable(String message) {
            super(message);
        }
    }

    private QuoteMath() {
    }

    /**
     * The amounts of a quote that locks what the payer sends. Every step is exact: a result that
     * would not fit (or leave the bounds) is {@link Unquotable}, never a wrapped number.
     */
    public static Amounts sendingLocked(long sending, Conversion conversion, Fees fees) {
        requireInRange(sending);
        try {
            Amounts amounts = feesOn(sending, fees);
            long receiving = toReceiving(amounts.converted(), conversion);
            if (receiving <= 0) {
                throw new Unquotable("Nothing is left to deliver after fees and conversion");
            }
            if (receiving > MAX_AMOUNT) {
                throw convertedOutOfRange("receiving");
            }
            return withReceiving(amounts, receiving);
        } catch (ArithmeticException overflow) {
            throw convertedOutOfRange("receiving");
        }
    }

    /** The amounts of a quote that locks what the payee receives; exact like {@link #sendingLocked}. */
    public static Amounts receivingLocked(long receiving, Conversion conversion, Fees fees) {
        requireInRange(receiving);
        try {
            return receivingLockedExactly(receiving, conversion, fees);
        } catch (ArithmeticException overflow) {
            throw convertedOutOfRange("sending");
        }
    }

    private static Amounts receivingLockedExactly(long receiving, Conversion conversion, Fees fees) {
        long net = toSending(receiving, conversion);
        BigDecimal keep = BigDecimal.ONE.subtract(BigDecimal.valueOf(fees.bps()).divide(BPS));
        if (keep.signum() <= 0) {
            throw new Unquotable("Variable fees of 100% or more leave nothing to convert");
        }
        // The closed form (fixed fees first, then the variable rate) lands within a unit or two of the
        // answer; the independent half-up rounding of each variable fee decides the last step.
        long sending = Math.addExact(fees.fixed(), BigDecimal.valueOf(net).divide(keep, 0, RoundingMode.CEILING).longValueExact());
        while (!covers(sending, net, fees)) {
            sending++;
        }
        while (covers(sending - 1, net, fees)) {
            sending--;
        }
        if (sending > MAX_AMOUNT) {
            throw convertedOutOfRange("sending");
        }
        return withReceiving(feesOn(sending, fees), receiving);
    }

    /** Whether sending this much leaves at least {@code net} to convert after fees. */
    private static boolean covers(long sending, long net, Fees fees) {
        try {
            return feesOn(sending, fees).converted() >= net;
        } catch (Unquotable tooSmall) {
            return false;
        }
    }

    private static Amounts feesOn(long sending, Fees fees) {
        long base = Math.subtractExact(sending, fees.fixed());
        if (base <= 0) {
            throw new Unquotable("The fixed fees (" + fees.fixed() + ") take the whole amount");
        }
        long serviceVariable = variable(base, fees.serviceBps());
        long platformVariable = variable(base, fees.platformBps());
        long total = Math.addExact(Math.addExact(fees.fixed(), serviceVariable), platformVariable);
        if (total >= sending) {
            throw new Unquotable("The fees take the whole amount");
        }
        return new Amounts(sending, 0, total, fees.platformFixed() + platformVariable, serviceVariable, platformVariable);
    }

    private static long variable(long base, int bps) {
        return BigDecimal.valueOf(base).multiply(BigDecimal.valueOf(bps)).divide(BPS, 0, RoundingMode.HALF_UP).longValueExact();
    }

    private static long toReceiving(long sendingMinor, Conversion c) {
        return BigDecimal.valueOf(sendingMinor).movePointLeft(c.sendingDecimals())
                .divide(c.rate(), c.receivingDecimals(), RoundingMode.DOWN)
                .movePointRight(c.receivingDecimals()).longValueExact();
    }

    private static long toSending(long receivingMinor, Conversion c) {
        return BigDecimal.valueOf(receivingMinor).movePointLeft(c.receivingDecimals()).multiply(c.rate())
                .setScale(c.sendingDecimals(), RoundingMode.CEILING).movePointRight(c.sendingDecimals()).longValueExact();
    }

    private static Amounts withReceiving(Amounts amounts, long receiving) {
        return new Amounts(amounts.totalSending(), receiving, amounts.feesIncluded(), amounts.platformFeesIncluded(),
                amounts.serviceVariableFee(), amounts.platformVariableFee());
    }

    private static void requireInRange(long amount) {
        if (amount <= 0 || amount > MAX_AMOUNT) {
            throw outOfRange();
        }
    }

    private static Unquotable outOfRange() {
        return new Unquotable("Amounts must be between 1 and " + MAX_AMOUNT + " minor units");
    }

    /** The locked amount is fine; what it converts to on the other side ({@code side}) is not. */
    private static Unquotable convertedOutOfRange(String side) {
        return new Unquotable("The " + side + " amount this converts to would exceed " + MAX_AMOUNT
                + " minor units; lock a smaller amount");
    }
}
