package payments.bankfile;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How a BAI2 detail's type code reads: the standard ranges (100-399 credits, 400-699 debits, 890
 * information without money) and the bank's own codes (700-999) as the operator maps them
 * ({@code SVC_ACH_BAI2_CUSTOM_CODES}, "901:CREDIT,902:DEBIT,950:SKIP"). A code neither covers
 * refuses the file: read as the wrong direction it would book money the wrong way. Pure.
 */
record Bai2Codes(Map<Integer, Kind> custom) {

    enum Kind { CREDIT, DEBIT, SKIP }

    static final Bai2Codes STANDARD = new Bai2Codes(Map.of());

    private static final int NON_MONETARY = 890;

    /** The mapping a setting names; an unreadable part, or a code outside 700-999 (or 890), is an IllegalArgumentException naming it. */
    static Bai2Codes parse(String setting) {
        Map<Integer, Kind> custom = new HashMap<>();
        for (String part : setting.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            String[] codeAndKind = part.strip().split(":", -1);
            if (codeAndKind.length != 2 || !codeAndKind[0].strip().matches("\\d{3}")) {
                throw new IllegalArgumentException("'" + part.strip() + "' is not a code and its reading (901:CREDIT)");
            }
            int code = Integer.parseInt(codeAndKind[0].strip());
            if (code < 700 || code == NON_MONETARY) {
                throw new IllegalArgumentException(code + " is a standard code: only a bank's own codes (700-999, not 890) are mapped");
            }
            Kind kind;
            try {
                kind = Kind.valueOf(codeAndKind[1].strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException unknown) {
                throw new IllegalArgumentException("'" + codeAndKind[1].strip() + "' for " + code + " is not CREDIT, DEBIT or SKIP");
            }
            if (custom.put(code, kind) != null) {
                throw new IllegalArgumentException(code + " is mapped twice");
            }
        }
        return new Bai2Codes(Map.copyOf(custom));
    }

    /** How {@code code} reads, or null when neither the standard nor the bank's mapping covers it. */
    Kind kindOf(int code) {
        if (code >= 100 && code <= 399) {
            return Kind.CREDIT;
        }
        if (code >= 400 && code <= 699) {
            return Kind.DEBIT;
        }
        return code == NON_MONETARY ? Kind.SKIP : custom.get(code);
    }
}
