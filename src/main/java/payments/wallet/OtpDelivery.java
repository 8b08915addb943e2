package payments.wallet;

import io.smallrye.mutiny.Uni;
import payments.common.ApiException;
import payments.common.ErrorCode;

/**
 * Sends one-time sign-in codes. The sandbox sends nothing and its code is always {@code 000000};
 * production e-mails EMAIL_OTP codes when a sender is configured ({@link ProductionOtpDelivery}) and
 * sends no SMS_OTP codes; without a sender ({@link #NONE}) no code can be sent.
 */
public interface OtpDelivery {

    /** Sends a fresh code to the credential's address (its nickname) and answers it once sent. */
    Uni<String> send(AuthCredential credential);

    /** Whether codes of this credential type (EMAIL_OTP, SMS_OTP) can be sent at all. */
    default boolean sends(String type) {
        return true;
    }

    /** 501 for a credential type whose codes this server does not send. */
    static ApiException notSent(String type) {
        return new ApiException(ErrorCode.NOT_IMPLEMENTED, AuthCredential.SMS_OTP.equals(type)
                ? "This server sends no SMS_OTP sign-in codes in production: it has no SMS provider of its own, and a sign-in code"
                        + " handed to the platform to text would let the platform sign in to the wallet (svc.sms.via-webhook"
                        + " carries phone verification codes only); use EMAIL_OTP, OAUTH or PASSKEY"
                : "No e-mail sender is configured on this server (svc.mail.from), so " + type + " codes cannot be sent");
    }

    OtpDelivery NONE = new OtpDelivery() {
        @Override
        public Uni<String> send(AuthCredential credential) {
            throw OtpDelivery.notSent(credential.type);
        }

        @Override
        public boolean sends(String type) {
            return false;
        }
    };
}
