package payments.card;

import java.time.LocalDate;
import payments.common.RunTimeRandom;

/**
 * A provisioned card's number, expiry and CVV (pure): sixteen digits under the brand's test
 * range, the last one the Luhn check digit. Only ever stored sealed (see CardProvisioning).
 */
public record CardNumbers(String pan, int expMonth, int expYear, String cvv) {


    /** A new card of {@code brand} valid for three years from {@code today}. */
    public static CardNumbers generate(String brand, LocalDate today) {
        StringBuilder digits = new StringBuilder("MASTERCARD".equals(brand) ? "555555" : "411111");
        while (digits.length() < 15) {
            digits.append(RunTimeRandom.secure().nextInt(10));
        }
        digits.append(checkDigit(digits));
        String cvv = String.format("%03d", RunTimeRandom.secure().nextInt(1000));
        LocalDate expiry = today.plusYears(3);
        return new CardNumbers(digits.toString(), expiry.getMonthValue(), expiry.getYear(), cvv);
    }

    public String last4() {
        return pan.substring(pan.length() - 4);
    }

    /** The digit that makes {@code payload} followed by it pass the Luhn check. */
    static int checkDigit(CharSequence payload) {
        int sum = 0;
        for (int i = 0; i < payload.length(); i++) {
            int digit = payload.charAt(payload.length() - 1 - i) - '0';
            if (i % 2 == 0) {
                digit *= 2;
                if (digit > 9) {
                    digit -= 9;
                }
            }
            sum += digit;
        }
        return (10 - sum % 10) % 10;
    }

    /** Whether a full number passes the Luhn check. */
    static boolean luhnValid(String number) {
        return number.length() > 1 && checkDigit(number.substring(0, number.length() - 1)) == number.charAt(number.length() - 1) - '0';
    }

    /** No digits in logs: a record's default toString would print them. */
    @Override
    public String toString() {
        return "CardNumbers[****" + last4() + "]";
    }
}
