package payments.account;

import com.fasterxml.jackson.databind.JsonNode;
import payments.common.Currencies;
import payments.common.FieldError;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules an external account's {@code accountInfo} must meet beyond its schema: check digits,
 * wallet address formats, the currency an account type can hold, and which field identifies it.
 */
public final class AccountInfoRules {

    /** Fields naming the account itself, most specific first; the first present is the primary identifier. */
    private static final List<String> IDENTIFIER_FIELDS = List.of("iban", "clabeNumber", "accountNumber", "pixKey", "vpa",
            "address", "invoice", "bolt12", "lightningAddress", "phoneNumber");
    /** Fields naming the institution or branch, part of an account's identity next to its number. */
    private static final List<String> ROUTING_FIELDS = List.of("routingNumber", "sortCode", "bankCode", "branchCode",
            "ifsc", "swiftCode", "provider");
    private static final Pattern EVM_ADDRESS = Pattern.compile("^0x[0-9a-fA-F]{40}$");
    private static final Pattern SOLANA_ADDRESS = Pattern.compile("^[1-9A-HJ-NP-Za-km-z]{32,44}$");
    private static final Pattern TRON_ADDRESS = Pattern.compile("^T[1-9A-HJ-NP-Za-km-z]{33}$");
    private static final Pattern SPARK_ADDRESS = Pattern.compile("^spark(rt|t)?1[02-9ac-hj-np-z]{20,}$");
    private static final Pattern BOLT11 = Pattern.compile("^ln(bc|tb|bcrt)[0-9a-z]+$", Pattern.CASE_INSENSITIVE);
    private static final Pattern LIGHTNING_ADDRESS = Pattern.compile("^[a-zA-Z0-9._+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$");
    private static final Map<String, Pattern> WALLET_ADDRESSES = Map.of(
            "BASE_WALLET", EVM_ADDRESS, "ETHEREUM_WALLET", EVM_ADDRESS, "POLYGON_WALLET", EVM_ADDRESS,
            "PLASMA_WALLET", EVM_ADDRESS, "SOLANA_WALLET", SOLANA_ADDRESS, "TRON_WALLET", TRON_ADDRESS,
            "SPARK_WALLET", SPARK_ADDRESS);
    private static final Map<String, Set<String>> WALLET_CURRENCIES = Map.of(
            "SPARK_WALLET", Set.of("BTC", "USDB"), "LIGHTNING", Set.of("BTC"),
            "SOLANA_WALLET", Set.of("USDC", "USDT", "SOL"), "TRON_WALLET", Set.of("USDT", "USDC"),
            "BASE_WALLET", Set.of("USDC", "USDT"), "ETHEREUM_WALLET", Set.of("USDC", "USDT"),
            "POLYGON_WALLET", Set.of("USDC", "USDT"), "PLASMA_WALLET", Set.of("USDC", "USDT"));

    private AccountInfoRules() {
    }

    /** The spec's names for types the reference names otherwise: an account answers with the name it was given. */
    private static final Map<String, String> ALIASES = Map.of("CLABE", "MXN_ACCOUNT");

    /** The reference's name of an account type, for the schema and the rules; the type itself when it has no alias. */
    public static String canonicalType(String accountType) {
        return ALIASES.getOrDefault(accountType, accountType);
    }

    public static boolean isWallet(String accountType) {
        return WALLET_CURRENCIES.containsKey(accountType);
    }

    private static final Map<String, String> ON_CHAIN_NETWORKS = Map.of("SOLANA_WALLET", "SOLANA", "ETHEREUM_WALLET", "ETHEREUM",
            "BASE_WALLET", "BASE", "POLYGON_WALLET", "POLYGON", "TRON_WALLET", "TRON", "PLASMA_WALLET", "PLASMA", "SPARK_WALLET", "SPARK");

    /** The wire's CryptoNetwork a wallet type settles on; empty for bank accounts and Lightning (no on-chain transaction). */
    public static java.util.Optional<String> onChainNetwork(String accountType) {
        return java.util.Optional.ofNullable(ON_CHAIN_NETWORKS.get(accountType));
    }

    /** Errors of a schema-valid accountInfo, with paths under {@code accountInfo}. */
    public static List<FieldError> check(JsonNode info, String currency) {
        String type = canonicalType(info.get("accountType").asText());
        List<FieldError> errors = new java.util.ArrayList<>();
        checkCurrency(type, currency, errors);
        for (String field : List.of("routingNumber", "intermediaryRoutingNumber")) {
            if (info.has(field) && !BankIdentifiers.isValidRoutingNumber(info.get(field).asText())) {
                errors.add(new FieldError("accountInfo." + field, FieldError.Constraint.format("aba-routing-number"),
                        "Not a valid ABA routing number (check digit)"));
            }
        }
        if (info.has("iban") && !BankIdentifiers.isValidIban(info.get("iban").asText())) {
            errors.add(new FieldError("accountInfo.iban", FieldError.Constraint.format("iban"), "Not a valid IBAN (check digits)"));
        }
        if (info.has("clabeNumber") && !BankIdentifiers.isValidClabe(info.get("clabeNumber").asText())) {
            errors.add(new FieldError("accountInfo.clabeNumber", FieldError.Constraint.format("clabe"), "Not a valid CLABE (check digit)"));
        }
        Pattern address = WALLET_ADDRESSES.get(type);
        if (address != null && info.has("address") && !address.matcher(info.get("address").asText()).matches()) {
            errors.add(new FieldError("accountInfo.address", FieldError.Constraint.pattern(address.pattern()),
                    "Not a valid " + type + " address"));
        }
        if ("LIGHTNING".equals(type)) {
            checkLightning(info, errors);
        }
        return errors;
    }

    /** The identifier whose last characters pick sandbox outcomes. */
    public static String primaryIdentifier(JsonNode info) {
        return IDENTIFIER_FIELDS.stream().filter(info::hasNonNull).map(f -> info.get(f).asText()).findFirst().orElse("");
    }

    /** Type, routing fields and primary identifier, normalised: the same account gives the same key. */
    public static String identityKey(JsonNode info) {
        StringBuilder key = new StringBuilder(canonicalType(info.get("accountType").asText()));
        ROUTING_FIELDS.stream().filter(info::hasNonNull).forEach(f -> key.append('|').append(normalise(info.get(f).asText())));
        return key.append('|').append(normalise(primaryIdentifier(info))).toString();
    }

    private static String normalise(String value) {
        return value.replaceAll("[\\s-]", "").toUpperCase();
    }

    private static void checkCurrency(String type, String currency, List<FieldError> errors) {
        Set<String> allowed;
        if (WALLET_CURRENCIES.containsKey(type)) {
            allowed = WALLET_CURRENCIES.get(type);
        } else if ("SWIFT_ACCOUNT".equals(type)) {
            allowed = Currencies.isCrypto(currency) ? Set.of() : Set.of(currency);
        } else if ("SLV_ACCOUNT".equals(type)) {
            allowed = Set.of("USD");
        } else {
            allowed = Set.of(type.substring(0, type.indexOf('_')));
        }
        if (!allowed.contains(currency)) {
            errors.add(new FieldError("currency", FieldError.Constraint.oneOf(List.copyOf(new java.util.TreeSet<>(allowed))),
                    "A " + type + " cannot hold " + currency));
        }
    }

    private static void checkLightning(JsonNode info, List<FieldError> errors) {
        long given = List.of("invoice", "bolt12", "lightningAddress").stream().filter(info::hasNonNull).count();
        if (given != 1) {
            errors.add(FieldError.of("accountInfo", "Exactly one of invoice, bolt12 or lightningAddress is required"));
        }
        if (info.has("invoice") && !BOLT11.matcher(info.get("invoice").asText()).matches()) {
            errors.add(new FieldError("accountInfo.invoice", FieldError.Constraint.pattern(BOLT11.pattern()), "Not a BOLT11 invoice"));
        }
        if (info.has("lightningAddress") && !LIGHTNING_ADDRESS.matcher(info.get("lightningAddress").asText()).matches()) {
            errors.add(new FieldError("accountInfo.lightningAddress", FieldError.Constraint.pattern(LIGHTNING_ADDRESS.pattern()),
                    "Not a lightning address (user@domain)"));
        }
    }
}
