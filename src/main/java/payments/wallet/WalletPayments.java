package payments.wallet;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.InternalAccount;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.Sha256;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Payments out of an embedded wallet: the quote carries, in its paymentInstructions, a transaction-
 * signing activity that binds the quote's terms; its execution must carry the stamp of an active
 * session of that wallet over exactly that payload.
 */
@ApplicationScoped
public class WalletPayments {

    public static final String ACCOUNT_TYPE = "EMBEDDED_WALLET";

    private final WalletEnclave enclave;
    private final ServerClock clock;

    public WalletPayments(WalletEnclave enclave, ServerClock clock) {
        this.enclave = enclave;
        this.clock = clock;
    }

    /** The terms a wallet payment's signature covers. */
    public record Terms(String quoteId, InternalAccount source, String destination, long sendingAmount, String sendingCurrency,
                        long receivingAmount, String receivingCurrency) {
        String digest() {
            return Sha256.hex(String.join("|", quoteId, source.id.toString(), destination, Long.toString(sendingAmount),
                    sendingCurrency, Long.toString(receivingAmount), receivingCurrency));
        }

        /** The terms as the owner's signing device can show them: who pays whom, how much in each currency. */
        Map<String, Object> readable() {
            return Map.of("quoteId", quoteId, "sourceAccountId", source.wireId(),
                    "destination", destination.startsWith("{") ? JsonText.parse(destination) : destination,
                    "sendingAmount", Map.of("amount", sendingAmount, "currency", sendingCurrency),
                    "receivingAmount", Map.of("amount", receivingAmount, "currency", receivingCurrency));
        }
    }

    /** The quote's paymentInstructions: one EMBEDDED_WALLET entry holding the payload to sign. */
    public List<Map<String, Object>> paymentInstructions(Terms terms) {
        String payload = enclave.activity("ACTIVITY_TYPE_SIGN_TRANSACTION_V2", Map.of(
                "signWith", "wallet_" + terms.source().id.toString().replace("-", ""),
                "type", "TRANSACTION_TYPE_SPARK",
                "unsignedTransaction", terms.digest(),
                // Signed with the rest, so a signing device can show the amount and the payee, not only a hash.
                "paymentTerms", terms.readable()), clock.now());
        return List.of(Map.of("accountOrWalletInfo", Map.of("accountType", ACCOUNT_TYPE, "payloadToSign", payload)));
    }

    /**
     * Passes for any other source; for an embedded wallet, the stamp must be made over the quote's
     * payloadToSign by the key of an active session of that wallet (401 WALLET_SIGNATURE_MISSING,
     * _MALFORMED or _INVALID otherwise).
     */
    public Uni<Void> requireSigned(InternalAccount source, String paymentInstructions, String signature) {
        if (!InternalAccount.EMBEDDED_WALLET.equals(source.type)) {
            return Uni.createFrom().voidItem();
        }
        Stamp stamp = Stamp.parse(signature);
        String payload = payloadToSign(paymentInstructions);
        Instant now = clock.now();
        return AuthSessions.activeByKey(source.id, stamp.publicKey(), now).map(session -> {
            if (session == null) {
                throw SignedRetries.invalid("is not made with the key of an active session of wallet " + source.wireId());
            }
            if (payload == null || !stamp.verifies(payload)) {
                throw SignedRetries.invalid("does not verify over the quote's payloadToSign");
            }
            return null;
        });
    }

    private static String payloadToSign(String paymentInstructions) {
        if (paymentInstructions == null) {
            return null;
        }
        for (JsonNode entry : JsonText.parse(paymentInstructions)) {
            JsonNode info = entry.path("accountOrWalletInfo");
            if (ACCOUNT_TYPE.equals(info.path("accountType").asText())) {
                return info.path("payloadToSign").asText();
            }
        }
        return null;
    }
}
