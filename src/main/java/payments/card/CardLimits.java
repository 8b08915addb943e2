package payments.card;

import payments.platform.PlatformConfigRecords.CardSpendLimits;

import java.time.LocalDate;
import java.util.Optional;

/**
 * The caps an authorization must stay within (pure): per transaction, per UTC day in amount and
 * in count, each the lower of the card's and the platform's value (null: no cap). An amount or
 * count exactly at a cap is allowed. The day's usage counts approved debit authorizations; nothing
 * given back later (a return, a reversal, an expiry) restores amount or count.
 */
public record CardLimits(Long perTransaction, Long perDay, Integer countPerDay) {

    public static CardLimits of(Card card, Optional<CardSpendLimits> platform) {
        return new CardLimits(
                lower(card.maxSpendPerTransaction, platform.map(CardSpendLimits::maxSpendPerTransaction).orElse(null)),
                lower(card.maxSpendPerDay, platform.map(CardSpendLimits::maxSpendPerDay).orElse(null)),
                lower(card.maxTransactionsPerDay, platform.map(CardSpendLimits::maxTransactionsPerDay).orElse(null)));
    }

    private static <T extends Comparable<T>> T lower(T a, T b) {
        if (a == null) {
            return b;
        }
        return b == null || a.compareTo(b) <= 0 ? a : b;
    }

    /** What the card has used on {@code day}: nothing when its counters belong to an earlier day. */
    public record Usage(long amount, int count) {
        public static Usage of(Card card, LocalDate day) {
            return day.equals(card.usageDay) ? new Usage(card.usageAmount, card.usageCount) : new Usage(0, 0);
        }
    }

    /** Whether an authorization of {@code amount} on top of {@code today} stays within every cap. */
    public boolean allow(long amount, Usage today) {
        return (perTransaction == null || amount <= perTransaction)
                && (perDay == null || Math.addExact(today.amount(), amount) <= perDay)
                && (countPerDay == null || today.count() + 1L <= countPerDay);
    }

    /** Counts an approved authorization in the card's usage of {@code day}. */
    public static void count(Card card, LocalDate day, long amount) {
        Usage usage = Usage.of(card, day);
        card.usageDay = day;
        card.usageAmount = Math.addExact(usage.amount(), amount);
        card.usageCount = usage.count() + 1;
    }
}
