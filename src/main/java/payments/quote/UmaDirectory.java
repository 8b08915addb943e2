package payments.quote;

import payments.transaction.RailOutcome;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The UMA receivers the sandbox knows: the reference sandbox's addresses on its own domain. Any
 * other address there does not exist; this server reaches no other UMA domain.
 */
public final class UmaDirectory {

    public static final String SANDBOX_DOMAIN = "sandbox.uma.money";
    private static final Pattern ADDRESS = Pattern.compile("^\\$[A-Za-z0-9._+-]{1,64}@[a-z0-9-]+(\\.[a-z0-9-]+)+$");

    /** A receiver: the currencies it takes and how payments to it end. */
    public record UmaReceiver(String address, List<String> currencies, RailOutcome outcome) {
    }

    private static final Map<String, UmaReceiver> SANDBOX = Map.of(
            "$success.usd", new UmaReceiver("$success.usd@" + SANDBOX_DOMAIN, List.of("USD"), RailOutcome.SUCCESS),
            "$success.eur", new UmaReceiver("$success.eur@" + SANDBOX_DOMAIN, List.of("EUR"), RailOutcome.SUCCESS),
            "$success.mxn", new UmaReceiver("$success.mxn@" + SANDBOX_DOMAIN, List.of("MXN"), RailOutcome.SUCCESS),
            "$pending.long.usd", new UmaReceiver("$pending.long.usd@" + SANDBOX_DOMAIN, List.of("USD"), RailOutcome.UMA_PENDING_LONG),
            "$fail.compliance.usd", new UmaReceiver("$fail.compliance.usd@" + SANDBOX_DOMAIN, List.of("USD"),
                    RailOutcome.UMA_COMPLIANCE_REJECTED));

    private UmaDirectory() {
    }

    public static boolean wellFormed(String address) {
        return address != null && ADDRESS.matcher(address).matches();
    }

    public static Optional<UmaReceiver> find(String address) {
        if (!wellFormed(address) || !address.endsWith("@" + SANDBOX_DOMAIN)) {
            return Optional.empty();
        }
        return Optional.ofNullable(SANDBOX.get(address.substring(0, address.indexOf('@'))));
    }
}
