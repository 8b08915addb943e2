package payments.account;

import payments.common.ApiException;
import payments.common.ErrorCode;

/**
 * The owner's consent to a debit of an EMBEDDED_WALLET account: the request's
 * {@value #HEADER} header, stamped by the key of one of the wallet's active sessions. This
 * server has no wallet sessions yet, so no stamp can be valid and every debit of an embedded
 * wallet is refused (401) before anything is held; the wallet-authentication work replaces
 * {@link #requireSigned} with the real check.
 */
public final class WalletAuthorization {

    public static final String HEADER = "Svc-Wallet-Signature";

    private WalletAuthorization() {
    }

    /** Passes for any other account type; for an embedded wallet, 401 WALLET_SIGNATURE_MISSING or WALLET_SIGNATURE_INVALID. */
    public static void requireSigned(InternalAccount source, String signature) {
        if (!InternalAccount.EMBEDDED_WALLET.equals(source.type)) {
            return;
        }
        if (signature == null || signature.isBlank()) {
            throw new ApiException(ErrorCode.WALLET_SIGNATURE_MISSING, "Debiting embedded wallet " + source.wireId()
                    + " needs its owner's " + HEADER + " header");
        }
        throw new ApiException(ErrorCode.WALLET_SIGNATURE_INVALID, "The " + HEADER
                + " is not bound to an active session of embedded wallet " + source.wireId());
    }
}
