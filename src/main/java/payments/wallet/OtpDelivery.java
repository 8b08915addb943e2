package payments.wallet;

import io.smallrye.mutiny.Uni;
import payments.common.ApiException;
import payments.common.ErrorCode;

/**
 * Sends one-time codes by e-mail or SMS. The sandbox sends nothing and its code is always
 * {@code 000000}; production e-mails them, or hands SMS codes to the platform, when configured ({@link ProductionOtpDelivery});
 * without a sender ({@link #NONE}) codes cannot be sent.
 */
public interface OtpDelivery {

    /** Sends a fresh code to the credential's address (its nickname) and answers it once sent. */
    Uni<String> send(AuthCredential credential);

    OtpDelivery NONE = credential -> {
        throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "No e-mail or SMS provider is configured to send one-time codes");
    };
}
