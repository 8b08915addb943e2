package payments.bankfile;

import java.text.Normalizer;
import java.util.Map;

/**
 * Free text (names, remittance) as a bank file may carry it. ISO 20022's text types admit any
 * character XML does, but banks' channels (the EPC's SEPA rulebooks, CBPR+) take only the Latin set
 * {@code a-z A-Z 0-9 / - ? : ( ) . , ' +} and space, and some characters (control characters
 * such as U+000B) make the XML itself invalid. So every text written into a file is mapped to that
 * set: letters lose their accents (NFKD), a few letters are spelt out, whitespace and control
 * characters become one space, anything else becomes a full stop; cut to the field's length.
 * Pure.
 */
public final class BankText {

    private static final Map<Character, String> SPELT_OUT = Map.ofEntries(
            Map.entry('ß', "ss"), Map.entry('Æ', "AE"), Map.entry('æ', "ae"), Map.entry('Œ', "OE"), Map.entry('œ', "oe"),
            Map.entry('Ø', "O"), Map.entry('ø', "o"), Map.entry('Đ', "D"), Map.entry('đ', "d"), Map.entry('Ł', "L"),
            Map.entry('ł', "l"), Map.entry('Þ', "TH"), Map.entry('þ', "th"), Map.entry('&', "+"));

    private BankText() {
    }

    /** {@code text} in the bank Latin set, at most {@code max} characters; {@code fallback} when nothing of it is left. */
    public static String latin(String text, int max, String fallback) {
        if (text == null) {
            return fallback;
        }
        StringBuilder out = new StringBuilder(text.length());
        String decomposed = Normalizer.normalize(text, Normalizer.Form.NFKD);
        for (int i = 0; i < decomposed.length(); i++) {
            char c = decomposed.charAt(i);
            if (Character.getType(c) == Character.NON_SPACING_MARK) {
                continue;
            }
            String spelt = SPELT_OUT.get(c);
            if (spelt != null) {
                out.append(spelt);
            } else if (allowed(c)) {
                out.append(c);
            } else if (Character.isWhitespace(c) || Character.isISOControl(c) || Character.isSpaceChar(c)) {
                out.append(' ');
            } else if (!Character.isLowSurrogate(c)) {
                out.append('.');
            }
        }
        String mapped = out.toString().replaceAll(" {2,}", " ").strip();
        if (mapped.length() > max) {
            mapped = mapped.substring(0, max).strip();
        }
        return mapped.isEmpty() ? fallback : mapped;
    }

    static boolean allowed(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == ' ' || "/-?:().,'+".indexOf(c) >= 0;
    }
}
