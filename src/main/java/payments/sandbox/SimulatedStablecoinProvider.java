package payments.sandbox;

import payments.common.ErrorCode;
import payments.common.Sha256;
import payments.stablecoin.StablecoinOperation;
import payments.stablecoin.StablecoinProvider;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The sandbox's stablecoin provider, deterministic and answering from magic values (README,
 * "Stablecoins in the sandbox"): credentials reach one provider account derived from the client id
 * (two when the id ends in 942) unless the secret ends in 941; every token exists, 6 decimals
 * against USD, PROVISIONED unless its identifier ends in _PENDING or _REJECTED; external accounts
 * whose number or address ends in 931-935 cannot be linked, one of the STABLECOIN_EXTERNAL_ACCOUNT_*
 * codes each; an operation whose counterparty ends in 002 fails at the provider (the reference's
 * "002 fails" ending; the others are this server's own, in its 9xx range).
 */
final class SimulatedStablecoinProvider implements StablecoinProvider {

    /** How long the simulated provider takes over each step of an operation. */
    private static final Duration STEP = Duration.ofSeconds(2);
    private static final String REFUSED_SECRET = "941";
    private static final String TWO_ACCOUNTS = "942";
    private static final String FAILS = "002";
    private static final Map<String, ErrorCode> LINK_REFUSALS = Map.of(
            "931", ErrorCode.STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED,
            "932", ErrorCode.STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED,
            "933", ErrorCode.STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED,
            "934", ErrorCode.STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED,
            "935", ErrorCode.STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED);

    @Override
    public String environment() {
        return "SANDBOX";
    }

    @Override
    public List<String> accountsFor(String apiClientId, String apiClientSecret) {
        if (REFUSED_SECRET.equals(MagicValues.suffix(apiClientSecret))) {
            return List.of();
        }
        String first = accountId(apiClientId, 0);
        return TWO_ACCOUNTS.equals(MagicValues.suffix(apiClientId)) ? List.of(first, accountId(apiClientId, 1)) : List.of(first);
    }

    @Override
    public Optional<Token> token(String providerAccountId, String providerTokenIdentifier) {
        String symbol = providerTokenIdentifier.toUpperCase(Locale.ROOT);
        String status = symbol.endsWith("_PENDING") ? "PENDING_REVIEW" : symbol.endsWith("_REJECTED") ? "REJECTED" : "PROVISIONED";
        return Optional.of(new Token(symbol + " Sandbox Dollar", symbol, "USD", 6, status));
    }

    @Override
    public Optional<ErrorCode> linkRefusal(String accountIdentifier) {
        return Optional.ofNullable(LINK_REFUSALS.get(MagicValues.suffix(accountIdentifier)));
    }

    @Override
    public Map<String, Object> fundingInstructions(Funding funding, String valueType, String reference) {
        Map<String, Object> instructions = new LinkedHashMap<>();
        switch (funding) {
            case WIRE -> {
                instructions.put("rail", "WIRE");
                instructions.put("bankName", "Sandbox Issuer Bank");
                instructions.put("beneficiaryName", "Sandbox Stablecoin Provider");
                instructions.put("accountNumber", "900" + digits(reference, 9));
                instructions.put("routingNumber", "021000021");
                instructions.put("reference", reference);
            }
            case SPARK_DEPOSIT -> {
                instructions.put("rail", "SPARK");
                instructions.put("network", "SPARK");
                instructions.put("address", sparkAddress(reference));
                instructions.put("valueType", valueType);
            }
        }
        return instructions;
    }

    /**
     * One step per poll: an operation waiting for the provider has its funds received, one processing
     * completes (or fails, for a counterparty ending in 002).
     */
    @Override
    public Report report(Handed operation) {
        if (StablecoinOperation.PENDING_PROVIDER.equals(operation.status())) {
            return Report.of(Progress.FUNDS_RECEIVED);
        }
        return FAILS.equals(MagicValues.suffix(operation.counterpartyIdentifier())) ? Report.failed("PROVIDER_TRANSFER_FAILED")
                : Report.of(Progress.COMPLETED);
    }

    @Override
    public Duration pollInterval() {
        return STEP;
    }

    /** A provider account id in the shape of Brale's (27 base62 characters), the same for the same credentials. */
    private static String accountId(String apiClientId, int index) {
        String hex = Sha256.hex(apiClientId + "#" + index);
        return "2" + new java.math.BigInteger(hex, 16).toString(36).substring(0, 26);
    }

    private static String digits(String text, int count) {
        String hex = Sha256.hex(text);
        return new java.math.BigInteger(hex, 16).toString().substring(0, count);
    }

    /** A deposit address in Spark's bech32m alphabet, derived from the operation's reference. */
    private static String sparkAddress(String reference) {
        String alphabet = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
        String hex = Sha256.hex(reference);
        StringBuilder address = new StringBuilder("sparkrt1");
        for (int i = 0; i < 58; i++) {
            address.append(alphabet.charAt(Character.digit(hex.charAt(i), 16) + i % 2 * 16));
        }
        return address.toString();
    }
}
