package payments.common;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The currencies this server knows, with the number of decimals of their smallest unit. */
public final class Currencies {

    /** The wire's Currency object. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Currency(String code, String name, String symbol, int decimals) {
    }

    private static final List<Currency> ALL = List.of(
            new Currency("USD", "United States Dollar", "$", 2),
            new Currency("EUR", "Euro", "€", 2),
            new Currency("GBP", "British Pound", "£", 2),
            new Currency("MXN", "Mexican Peso", "$", 2),
            new Currency("BRL", "Brazilian Real", "R$", 2),
            new Currency("CAD", "Canadian Dollar", "$", 2),
            new Currency("INR", "Indian Rupee", "₹", 2),
            new Currency("NGN", "Nigerian Naira", "₦", 2),
            new Currency("KES", "Kenyan Shilling", "KSh", 2),
            new Currency("PHP", "Philippine Peso", "₱", 2),
            new Currency("AED", "UAE Dirham", "د.إ", 2),
            new Currency("COP", "Colombian Peso", "$", 2),
            new Currency("GTQ", "Guatemalan Quetzal", "Q", 2),
            new Currency("HKD", "Hong Kong Dollar", "$", 2),
            new Currency("SGD", "Singapore Dollar", "$", 2),
            new Currency("ZAR", "South African Rand", "R", 2),
            new Currency("DKK", "Danish Krone", "kr", 2),
            new Currency("THB", "Thai Baht", "฿", 2),
            new Currency("VND", "Vietnamese Dong", "₫", 0),
            new Currency("JPY", "Japanese Yen", "¥", 0),
            new Currency("BDT", "Bangladeshi Taka", "৳", 2),
            new Currency("BWP", "Botswana Pula", "P", 2),
            new Currency("CNY", "Chinese Yuan", "¥", 2),
            new Currency("EGP", "Egyptian Pound", "E£", 2),
            new Currency("GHS", "Ghanaian Cedi", "₵", 2),
            new Currency("HTG", "Haitian Gourde", "G", 2),
            new Currency("IDR", "Indonesian Rupiah", "Rp", 2),
            new Currency("JMD", "Jamaican Dollar", "$", 2),
            new Currency("MWK", "Malawian Kwacha", "MK", 2),
            new Currency("MYR", "Malaysian Ringgit", "RM", 2),
            new Currency("PKR", "Pakistani Rupee", "₨", 2),
            new Currency("RWF", "Rwandan Franc", "FRw", 0),
            new Currency("TZS", "Tanzanian Shilling", "TSh", 2),
            new Currency("UGX", "Ugandan Shilling", "USh", 0),
            new Currency("XAF", "Central African CFA Franc", "FCFA", 0),
            new Currency("XOF", "West African CFA Franc", "CFA", 0),
            new Currency("ZMW", "Zambian Kwacha", "ZK", 2),
            new Currency("BTC", "Bitcoin", "₿", 8),
            new Currency("USDC", "USD Coin", "USDC", 6),
            new Currency("USDT", "Tether", "USDT", 6),
            new Currency("USDB", "USDB", "USDB", 6),
            new Currency("SOL", "Solana", "SOL", 9));

    private static final Map<String, Currency> BY_CODE =
            ALL.stream().collect(Collectors.toUnmodifiableMap(Currency::code, Function.identity()));

    private Currencies() {
    }

    public static Optional<Currency> find(String code) {
        return Optional.ofNullable(code == null ? null : BY_CODE.get(code));
    }

    public static boolean isKnown(String code) {
        return code != null && BY_CODE.containsKey(code);
    }

    private static final java.util.Set<String> CRYPTO = java.util.Set.of("BTC", "USDC", "USDT", "USDB", "SOL");

    /** Crypto assets (tickers), as opposed to ISO 4217 fiat currencies. */
    public static boolean isCrypto(String code) {
        return CRYPTO.contains(code);
    }

    public static Currency require(String code) {
        return find(code).orElseThrow(() -> new IllegalArgumentException("Unknown currency " + code));
    }

    public static List<String> codes() {
        return ALL.stream().map(Currency::code).toList();
    }
}
