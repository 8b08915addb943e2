package payments.common;

import io.smallrye.mutiny.Uni;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Changes that an embedded wallet's owner must sign (the signed retry), asked for by features below
 * the wallet-authentication one: a wallet's settings, and a customer's e-mail or phone number while
 * OTP credentials are tied to them. Implemented by {@code payments.wallet}.
 */
public interface WalletOwnerConsent {

    /** The header carrying the owner's stamp. */
    String SIGNATURE_HEADER = "Svc-Wallet-Signature";
    /** The header naming the challenge a signed retry answers. */
    String REQUEST_ID_HEADER = "Request-Id";

    /** The two headers of a signed retry as received (null when absent). */
    record Signature(String stamp, String requestId) {
    }

    /**
     * In the caller's transaction: empty once the owner's stamped retry of this very change was
     * accepted (its challenge spent), else the 202 challenge body to answer. Refusals are 401s.
     */
    Uni<Optional<Object>> require(UUID walletId, String operation, Object body, String activity, Map<String, Object> parameters,
                                  Signature signature);

    /** The customer's wallets with a live credential of one of {@code credentialTypes} (EMAIL_OTP, SMS_OTP), oldest first. */
    Uni<List<UUID>> walletsTiedTo(UUID customerId, java.util.Collection<String> credentialTypes);

    /** Renames those credentials after the contact they send to changed. */
    Uni<Void> contactChanged(UUID customerId, String credentialType, String value);
}
