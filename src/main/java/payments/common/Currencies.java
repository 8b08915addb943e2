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

    public static List<String> codes() {
        return ALL.stream().map(Currency::code).toList();
    }
}
