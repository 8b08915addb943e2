package payments.account;

import java.math.BigInteger;

/** Check-digit rules of bank identifiers: ABA routing numbers, IBANs and Mexican CLABEs. */
public final class BankIdentifiers {

    private static final int[] WEIGHTS_371 = {3, 7, 1};

    private BankIdentifiers() {
    }

    /** ABA routing number: nine digits whose 3-7-1 weighted sum is a multiple of 10. */
    public static boolean isValidRoutingNumber(String routing) {
        if (routing == null || !routing.matches("\\d{9}")) {
            return false;
        }
        int sum = 0;
        for (int i = 0; i < 9; i++) {
            sum += (routing.charAt(i) - '0') * WEIGHTS_371[i % 3];
        }
        return sum % 10 == 0;
    }

    /** IBAN (ISO 13616): the rearranged number, letters as 10..35, is 1 modulo 97. */
    public static boolean isValidIban(String iban) {
        if (iban == null || !iban.matches("[A-Z]{2}\\d{2}[A-Za-z0-9]{11,30}")) {
            return false;
        }
        return mod97(iban.substring(4) + iban.substring(0, 4)) == 1;
    }

    /**
     * A SEPA creditor identifier: country, two check digits, a three-character business code the
     * check leaves out, and the national identifier; checked like an IBAN over the national part.
     */
    public static boolean isValidSepaCreditorId(String id) {
        if (id == null || !id.matches("[A-Z]{2}[0-9]{2}[A-Z0-9]{3}[A-Z0-9]{1,28}")) {
            return false;
        }
        return mod97(id.substring(7) + id.substring(0, 4)) == 1;
    }

    public static String ibanWithCheckDigits(String country, String bban) {
        int check = 98 - mod97(bban + country + "00");
        return country + (check < 10 ? "0" : "") + check + bban;
    }

    /** CLABE: 18 digits, the last a check digit over 3-7-1 weights (each product taken modulo 10). */
    public static boolean isValidClabe(String clabe) {
        return clabe != null && clabe.matches("\\d{18}") && clabeWithCheckDigit(clabe.substring(0, 17)).equals(clabe);
    }

    public static String clabeWithCheckDigit(String first17) {
        int sum = 0;
        for (int i = 0; i < 17; i++) {
            sum += ((first17.charAt(i) - '0') * WEIGHTS_371[i % 3]) % 10;
        }
        return first17 + (10 - sum % 10) % 10;
    }

    private static int mod97(String text) {
        StringBuilder digits = new StringBuilder();
        for (char c : text.toUpperCase().toCharArray()) {
            digits.append(Character.isDigit(c) ? String.valueOf(c) : String.valueOf(c - 'A' + 10));
        }
        return new BigInteger(digits.toString()).mod(BigInteger.valueOf(97)).intValue();
    }
}
