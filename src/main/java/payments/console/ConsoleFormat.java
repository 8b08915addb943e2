package payments.console;

import java.math.BigDecimal;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** How the console shows what the API answers: amounts in major units beside their minor-unit value. */
public final class ConsoleFormat {

    private ConsoleFormat() {
    }

    /** 123456 minor units of a 2-decimal currency: "1,234.56 USD". */
    static String money(long minorUnits, int decimals, String code) {
        DecimalFormat format = new DecimalFormat(decimals == 0 ? "#,##0" : "#,##0." + "0".repeat(decimals),
                DecimalFormatSymbols.getInstance(Locale.ROOT));
        return format.format(BigDecimal.valueOf(minorUnits, decimals)) + " " + code;
    }

    /**
     * What a person typed as an amount in major units ("1,250.5", "25"), in minor units of a
     * currency with {@code decimals}; anything else is a 400 naming {@code field}, with an example.
     */
    /** {@link #minorUnits(String, int, String, String)} in a currency known by its code (a form's hidden field; unknown: 400 too). */
    public static long minorUnits(String typed, String code, String field) {
        payments.common.Currencies.Currency currency = payments.common.Currencies.find(code == null ? "" : code)
                .orElseThrow(() -> payments.common.ApiException.invalidField("currency", null, "Not a currency this server knows"));
        return minorUnits(typed, currency.decimals(), currency.code(), field);
    }

        static long minorUnits(String typed, int decimals, String code, String field) {
        String text = typed == null ? "" : typed.strip().replace(",", "");
        try {
            if (!text.matches("\\d{1,15}(\\.\\d+)?")) {
                throw new NumberFormatException(text);
            }
            return new BigDecimal(text).movePointRight(decimals).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            String example = money(2500L * (long) Math.pow(10, decimals), decimals, code).replace(",", "");
            throw payments.common.ApiException.invalidField(field, null, "Must be an amount in " + code + " with at most " + decimals
                    + " decimals, e.g. " + example.substring(0, example.indexOf(' ')));
        }
    }

    /**
     * Adds "text" (the amount as {@link #money}) to every object of the tree shaped like the API's
     * amounts ({"amount": n, "currency": {"code", "decimals"}}), wherever the answer has one.
     */
    @SuppressWarnings("unchecked")
    static Object withMoneyText(Object tree) {
        if (tree instanceof Map<?, ?> map) {
            Map<String, Object> object = (Map<String, Object>) map;
            object.values().forEach(ConsoleFormat::withMoneyText);
            if (object.get("amount") instanceof Number amount && object.get("currency") instanceof Map<?, ?> currency
                    && currency.get("decimals") instanceof Number decimals && currency.get("code") instanceof String code) {
                object.put("text", money(amount.longValue(), decimals.intValue(), code));
            }
        } else if (tree instanceof List<?> list) {
            list.forEach(ConsoleFormat::withMoneyText);
        }
        return tree;
    }
}
