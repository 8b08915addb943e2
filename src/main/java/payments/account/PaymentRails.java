package payments.account;

import com.fasterxml.jackson.databind.JsonNode;
import payments.common.FieldError;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The payment rails each bank account type can be paid over (the reference's per-type
 * {@code paymentRails} lists). An account answers with the rails it was registered for, all of its
 * type's rails when the request named none; wallets have no rails.
 */
public final class PaymentRails {

    private static final List<String> BANK_TRANSFER = List.of("BANK_TRANSFER");
    private static final List<String> MOBILE_MONEY = List.of("MOBILE_MONEY");
    private static final List<String> BANK_OR_MOBILE = List.of("BANK_TRANSFER", "MOBILE_MONEY");
    private static final Map<String, List<String>> BY_TYPE = Map.ofEntries(
            Map.entry("USD_ACCOUNT", List.of("ACH", "WIRE", "RTP", "FEDNOW")),
            Map.entry("MXN_ACCOUNT", List.of("SPEI")),
            Map.entry("DKK_ACCOUNT", List.of("SEPA", "SEPA_INSTANT")),
            Map.entry("EUR_ACCOUNT", List.of("SEPA", "SEPA_INSTANT")),
            Map.entry("INR_ACCOUNT", List.of("UPI", "NEFT", "RTGS")),
            Map.entry("GBP_ACCOUNT", List.of("FASTER_PAYMENTS")),
            Map.entry("SGD_ACCOUNT", List.of("PAYNOW", "FAST", "BANK_TRANSFER")),
            Map.entry("BRL_ACCOUNT", List.of("PIX")),
            Map.entry("SWIFT_ACCOUNT", List.of("SWIFT")),
            Map.entry("NGN_ACCOUNT", BANK_TRANSFER), Map.entry("CAD_ACCOUNT", BANK_TRANSFER),
            Map.entry("HKD_ACCOUNT", BANK_TRANSFER), Map.entry("IDR_ACCOUNT", BANK_TRANSFER),
            Map.entry("MYR_ACCOUNT", BANK_TRANSFER), Map.entry("PHP_ACCOUNT", BANK_TRANSFER),
            Map.entry("THB_ACCOUNT", BANK_TRANSFER), Map.entry("VND_ACCOUNT", BANK_TRANSFER),
            Map.entry("AED_ACCOUNT", BANK_TRANSFER), Map.entry("ZAR_ACCOUNT", BANK_TRANSFER),
            Map.entry("GTQ_ACCOUNT", BANK_TRANSFER), Map.entry("JMD_ACCOUNT", BANK_TRANSFER),
            Map.entry("KES_ACCOUNT", MOBILE_MONEY), Map.entry("MWK_ACCOUNT", MOBILE_MONEY),
            Map.entry("RWF_ACCOUNT", MOBILE_MONEY), Map.entry("TZS_ACCOUNT", MOBILE_MONEY),
            Map.entry("UGX_ACCOUNT", MOBILE_MONEY), Map.entry("XOF_ACCOUNT", MOBILE_MONEY),
            Map.entry("ZMW_ACCOUNT", MOBILE_MONEY), Map.entry("BWP_ACCOUNT", MOBILE_MONEY),
            Map.entry("XAF_ACCOUNT", MOBILE_MONEY), Map.entry("HTG_ACCOUNT", MOBILE_MONEY),
            Map.entry("BDT_ACCOUNT", BANK_OR_MOBILE), Map.entry("EGP_ACCOUNT", BANK_OR_MOBILE),
            Map.entry("GHS_ACCOUNT", BANK_OR_MOBILE), Map.entry("PKR_ACCOUNT", BANK_OR_MOBILE),
            Map.entry("SLV_ACCOUNT", BANK_OR_MOBILE), Map.entry("CNY_ACCOUNT", BANK_OR_MOBILE),
            Map.entry("COP_ACCOUNT", BANK_OR_MOBILE));

    /**
     * The rail a pull from a bank account of this type takes: an ACH debit of a US account, a SEPA
     * direct debit of a EUR account (under the holder's mandate); null for any other.
     */
    public static String pullRail(String accountType) {
        return switch (String.valueOf(AccountInfoRules.canonicalType(accountType))) {
            case "USD_ACCOUNT" -> "ACH";
            case "EUR_ACCOUNT" -> "SEPA";
            default -> null;
        };
    }

    private PaymentRails() {
    }

    /** Every rail of the interface. */
    public static java.util.Set<String> all() {
        java.util.Set<String> rails = new java.util.TreeSet<>();
        BY_TYPE.values().forEach(rails::addAll);
        return rails;
    }

    /**
     * The rail a payout to this account travels: the one the payer asked for (already checked to be
     * one of the account's), else the first the account was registered for; null for wallets.
     */
    public static String resolved(String requested, String accountType, JsonNode accountInfo) {
        if (requested != null) {
            return requested;
        }
        List<String> registered = registered(accountType, accountInfo);
        return registered.isEmpty() ? null : registered.get(0);
    }

    /** Every rail an account type can be paid over; empty for wallets. */
    public static List<String> of(String accountType) {
        return BY_TYPE.getOrDefault(AccountInfoRules.canonicalType(accountType), List.of());
    }

    /** The rails an account was registered for (its accountInfo's paymentRails, else all of its type's). */
    public static List<String> registered(String accountType, JsonNode accountInfo) {
        JsonNode rails = accountInfo == null ? null : accountInfo.get("paymentRails");
        if (rails == null || !rails.isArray() || rails.isEmpty()) {
            return of(accountType);
        }
        List<String> registered = new ArrayList<>();
        rails.forEach(rail -> registered.add(rail.asText()));
        return registered;
    }

    /**
     * The rails a request registers: the ones it names (each once, each one its type offers), or
     * all of the type's when it names none. Problems go to {@code errors}; wallets get none.
     */
    static List<String> chosen(String accountType, JsonNode requested, List<FieldError> errors) {
        List<String> offered = of(accountType);
        if (requested == null || requested.isNull() || offered.isEmpty()) {
            return offered;
        }
        if (!requested.isArray() || requested.isEmpty()) {
            errors.add(FieldError.of("accountInfo.paymentRails", "Must be a non-empty array of the account type's rails"));
            return offered;
        }
        List<String> chosen = new ArrayList<>();
        for (int i = 0; i < requested.size(); i++) {
            JsonNode rail = requested.get(i);
            if (!rail.isTextual() || !offered.contains(rail.asText())) {
                errors.add(new FieldError("accountInfo.paymentRails[" + i + "]", FieldError.Constraint.oneOf(offered),
                        "Not a rail of " + accountType));
            } else if (!chosen.contains(rail.asText())) {
                chosen.add(rail.asText());
            }
        }
        return chosen;
    }
}
