package payments.account;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sandbox's deterministic funding instructions for an internal account: bank details for fiat,
 * a deposit address for crypto, all derived from the account id so they are stable and unique.
 */
public final class FundingInstructions {

    /** A routing number with a valid ABA checksum, used for every sandbox USD account. */
    static final String SANDBOX_ROUTING_NUMBER = "021000021";
    private static final String BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
    private static final String BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

    private FundingInstructions() {
    }

    private static final Pattern REFERENCE = Pattern.compile("SVC-([0-9A-F]{12})");

    /** The reference a payment names an account (or quote) by: SVC- and the id's last twelve hex digits. */
    public static String reference(UUID id) {
        return "SVC-" + id.toString().substring(24).toUpperCase();
    }

    /** The id digits (lower case, as in the id) of the first {@link #reference} in a payment's free text, if any. */
    public static Optional<String> referenceIn(String text) {
        Matcher found = text == null ? null : REFERENCE.matcher(text);
        return found != null && found.find() ? Optional.of(found.group(1).toLowerCase()) : Optional.empty();
    }

    /** Instructions naming one bank account, with the notes every account's instructions carry. */
    public static List<Map<String, Object>> of(Map<String, Object> info) {
        Map<String, Object> instructions = new LinkedHashMap<>();
        instructions.put("accountOrWalletInfo", info);
        instructions.put("instructionsNotes", info.containsKey("reference")
                ? "Include the reference in the payment so it is credited to this account" : "Sandbox deposit address");
        return List.of(instructions);
    }

    public static List<Map<String, Object>> forAccount(UUID accountId, String currency, String holderName) {
        String digits = digits(accountId);
        String reference = reference(accountId);
        Map<String, Object> info = new LinkedHashMap<>();
        switch (currency) {
            case "USD" -> {
                info.put("accountType", "USD_ACCOUNT");
                info.put("accountNumber", digits.substring(0, 12));
                info.put("routingNumber", SANDBOX_ROUTING_NUMBER);
                info.put("bankName", "Sandbox Bank");
                info.put("accountHolderName", holderName);
                info.put("paymentRails", List.of("ACH", "WIRE", "RTP", "FEDNOW"));
                info.put("reference", reference);
            }
            case "EUR" -> {
                info.put("accountType", "EUR_ACCOUNT");
                info.put("iban", BankIdentifiers.ibanWithCheckDigits("DE", "50010517" + digits.substring(0, 10)));
                info.put("swiftCode", "SVCXDEFF");
                info.put("accountHolderName", holderName);
                info.put("paymentRails", List.of("SEPA", "SEPA_INSTANT"));
                info.put("reference", reference);
            }
            case "MXN" -> {
                info.put("accountType", "MXN_ACCOUNT");
                info.put("clabeNumber", BankIdentifiers.clabeWithCheckDigit("646180" + digits.substring(0, 11)));
                info.put("accountHolderName", holderName);
                info.put("paymentRails", List.of("SPEI"));
                info.put("reference", reference);
            }
            case "GBP" -> {
                info.put("accountType", "GBP_ACCOUNT");
                info.put("sortCode", "040004");
                info.put("accountNumber", digits.substring(0, 8));
                info.put("accountHolderName", holderName);
                info.put("paymentRails", List.of("FASTER_PAYMENTS"));
                info.put("reference", reference);
            }
            case "BTC", "USDB" -> {
                info.put("accountType", "SPARK_WALLET");
                info.put("address", "sparkrt1" + encode(accountId, BECH32, 58));
                info.put("assetType", currency);
            }
            case "USDC", "USDT", "SOL" -> {
                info.put("accountType", "SOLANA_WALLET");
                info.put("address", encode(accountId, BASE58, 44));
                info.put("assetType", currency);
            }
            default -> {
                return List.of();
            }
        }
        return of(info);
    }

    /** The network crypto deposited to this account's sandbox address settles on; empty for fiat. */
    public static Optional<String> depositNetwork(UUID accountId, String currency) {
        return forAccount(accountId, currency, null).stream().findFirst()
                .map(instructions -> String.valueOf(((Map<?, ?>) instructions.get("accountOrWalletInfo")).get("accountType")))
                .flatMap(AccountInfoRules::onChainNetwork);
    }

    /** Decimal digits drawn from the id's random bits (at least 19). */
    private static String digits(UUID id) {
        String low = Long.toUnsignedString(id.getLeastSignificantBits() & Long.MAX_VALUE);
        String high = Long.toUnsignedString(id.getMostSignificantBits() & 0xFFFFFFFFFL);
        return (low + high + "0000000000000000000000").substring(0, 22);
    }

    private static String encode(UUID id, String alphabet, int length) {
        byte[] bytes = ByteBuffer.allocate(16).putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits()).array();
        StringBuilder out = new StringBuilder();
        for (int i = 0; out.length() < length; i++) {
            int b = bytes[(i * 7) % 16] & 0xFF;
            out.append(alphabet.charAt((b + i * 31) % alphabet.length()));
        }
        return out.toString();
    }
}
