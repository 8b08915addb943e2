package payments.quote;

import org.junit.jupiter.api.Test;
import payments.quote.QuoteMath.Amounts;
import payments.quote.QuoteMath.Conversion;
import payments.quote.QuoteMath.Fees;

import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QuoteMathTest {

    static final Conversion USD_TO_MXN = new Conversion(2, 2, new BigDecimal("0.05"));
    static final Fees GUIDE_FEES = new Fees(150, 100, 50, 50);

    /** A locked amount in range whose conversion overflows names the converted side, not the locked one. */
    @Test
    void anOverflowingConversionNamesTheConvertedSide() {
        Fees none = new Fees(0, 0, 0, 0);
        QuoteMath.Unquotable receiving = assertThrows(QuoteMath.Unquotable.class,
                () -> QuoteMath.sendingLocked(QuoteMath.MAX_AMOUNT, USD_TO_MXN, none));
        org.junit.jupiter.api.Assertions.assertTrue(receiving.getMessage().startsWith("The receiving amount"), receiving.getMessage());
        QuoteMath.Unquotable sending = assertThrows(QuoteMath.Unquotable.class,
                () -> QuoteMath.receivingLocked(QuoteMath.MAX_AMOUNT, new Conversion(2, 2, new BigDecimal("20")), none));
        org.junit.jupiter.api.Assertions.assertTrue(sending.getMessage().startsWith("The sending amount"), sending.getMessage());
        QuoteMath.Unquotable locked = assertThrows(QuoteMath.Unquotable.class,
                () -> QuoteMath.sendingLocked(QuoteMath.MAX_AMOUNT + 1, USD_TO_MXN, none));
        org.junit.jupiter.api.Assertions.assertTrue(locked.getMessage().startsWith("Amounts must be"), locked.getMessage());
    }

    @Test
    void guideExampleSendingLocked() {
        Amounts amounts = QuoteMath.sendingLocked(10_000, USD_TO_MXN, GUIDE_FEES);
        assertEquals(347, amounts.feesIncluded());
        assertEquals(99, amounts.platformFeesIncluded());
        assertEquals(98, amounts.serviceVariableFee());
        assertEquals(49, amounts.platformVariableFee());
        assertEquals(9_653, amounts.converted());
        assertEquals(193_060, amounts.totalReceiving());
    }

    @Test
    void guideExampleReceivingLockedGivesTheSameQuote() {
        Amounts amounts = QuoteMath.receivingLocked(193_060, USD_TO_MXN, GUIDE_FEES);
        assertEquals(10_000, amounts.totalSending());
        assertEquals(347, amounts.feesIncluded());
        assertEquals(193_060, amounts.totalReceiving());
    }

    @Test
    void variableFeesRoundHalfUpEachOnItsOwn() {
        // 285 at 100 bps is 2.85 -> 3; at 50 bps 1.425 -> 1.
        Amounts amounts = QuoteMath.sendingLocked(285, new Conversion(2, 2, BigDecimal.ONE), new Fees(0, 100, 0, 50));
        assertEquals(3, amounts.serviceVariableFee());
        assertEquals(1, amounts.platformVariableFee());
        assertEquals(281, amounts.totalReceiving());
    }

    @Test
    void usdToBitcoinInSatoshis() {
        Conversion usdToBtc = new Conversion(2, 8, new BigDecimal("60000"));
        // $100 at 60,000 USD per BTC is 0.001666666.. BTC: rounded down to 166,666 sats.
        assertEquals(166_666, QuoteMath.sendingLocked(10_000, usdToBtc, Fees.NONE).totalReceiving());
        // 166,666 sats cost $99.9996: the payer covers it with $100.00.
        Amounts receiving = QuoteMath.receivingLocked(166_666, usdToBtc, Fees.NONE);
        assertEquals(10_000, receiving.totalSending());
        assertEquals(166_666, receiving.totalReceiving());
    }

    @Test
    void usdcToUsdAcrossDecimals() {
        Conversion usdcToUsd = new Conversion(6, 2, new BigDecimal("1.0002"));
        Amounts amounts = QuoteMath.sendingLocked(50_000_000, usdcToUsd, new Fees(10_000, 30, 0, 0));
        // 50 USDC less 0.01 fixed = 49.99; 30 bps of it = 0.14997 -> 149,970 micro-units.
        assertEquals(159_970, amounts.feesIncluded());
        assertEquals(4_983, amounts.totalReceiving()); // 49.84003 USDC / 1.0002 = 49.8300... USD, rounded down
        Amounts back = QuoteMath.receivingLocked(4_983, usdcToUsd, new Fees(10_000, 30, 0, 0));
        assertEquals(4_983, back.totalReceiving());
        assertEquals(49_839_966, back.converted()); // 49.83 USD x 1.0002 = 49.839966 USDC exactly
        assertTrue(back.totalSending() <= amounts.totalSending(), "never more than the SENDING-locked quote for the same delivery");
    }

    @Test
    void receivingLockedNeverLeavesTheReceiverShort() {
        Conversion awkward = new Conversion(2, 2, new BigDecimal("0.0537"));
        Fees fees = new Fees(37, 73, 11, 29);
        for (long receiving = 1_000; receiving < 3_000; receiving += 7) {
            Amounts amounts = QuoteMath.receivingLocked(receiving, awkward, fees);
            BigDecimal needed = BigDecimal.valueOf(receiving).multiply(awkward.rate());
            assertTrue(BigDecimal.valueOf(amounts.converted()).compareTo(needed) >= 0, "covers " + receiving);
            Amounts oneLess = amounts.totalSending() - 1 > fees.fixed()
                    ? QuoteMath.sendingLocked(amounts.totalSending() - 1, awkward, fees) : null;
            assertTrue(oneLess == null || oneLess.totalReceiving() < receiving, "smallest sending amount for " + receiving);
        }
    }

    @Test
    void refusesWhatCannotBeQuoted() {
        assertThrows(QuoteMath.Unquotable.class, () -> QuoteMath.sendingLocked(200, USD_TO_MXN, GUIDE_FEES));
        assertThrows(QuoteMath.Unquotable.class, () -> QuoteMath.sendingLocked(0, USD_TO_MXN, Fees.NONE));
        assertThrows(QuoteMath.Unquotable.class, () -> QuoteMath.sendingLocked(QuoteMath.MAX_AMOUNT + 1, USD_TO_MXN, Fees.NONE));
        assertThrows(QuoteMath.Unquotable.class, () -> QuoteMath.receivingLocked(100, USD_TO_MXN, new Fees(0, 6000, 0, 4000)));
        assertEquals(QuoteMath.MAX_AMOUNT, QuoteMath.sendingLocked(QuoteMath.MAX_AMOUNT, new Conversion(2, 2, BigDecimal.ONE),
                Fees.NONE).totalReceiving());
    }

    /** Fees or conversions that would not fit in a long are refused; nothing wraps to a small or negative number. */
    @Test
    void refusesInsteadOfOverflowing() {
        Fees hugeFixedFee = new Fees(10, 30, Long.MAX_VALUE - 5, 0);
        assertThrows(QuoteMath.Unquotable.class, () -> QuoteMath.sendingLocked(10_000, USD_TO_MXN, hugeFixedFee));
        assertThrows(QuoteMath.Unquotable.class, () -> QuoteMath.receivingLocked(10_000, USD_TO_MXN, hugeFixedFee));
        // 9e15 US cents at 20 MXN per USD is 1.8e17 centavos: beyond the bound on the receiving side.
        assertThrows(QuoteMath.Unquotable.class, () -> QuoteMath.sendingLocked(QuoteMath.MAX_AMOUNT, USD_TO_MXN, Fees.NONE));
        Conversion toTinyUnits = new Conversion(2, 8, new BigDecimal("0.0000000001"));
        assertThrows(QuoteMath.Unquotable.class, () -> QuoteMath.sendingLocked(QuoteMath.MAX_AMOUNT, toTinyUnits, Fees.NONE));
    }
}
