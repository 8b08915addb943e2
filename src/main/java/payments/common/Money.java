package payments.common;

/** The wire's CurrencyAmount: an integer amount in the currency's smallest unit, and the currency. */
public record Money(long amount, Currencies.Currency currency) {

    public static Money of(long amount, String currencyCode) {
        return new Money(amount, Currencies.require(currencyCode));
    }
}
