package payments.codes;

import io.smallrye.mutiny.Uni;
import payments.common.ApiException;
import payments.common.ErrorCode;

import java.time.Instant;

/**
 * The one way a one-time code leaves the server, for wallet sign-ins and customers' contact
 * verification alike: the sender makes the code, sends it and answers it, so that the caller keeps
 * only its MAC. Chosen once by mode: the sandbox's sends nothing and answers its fixed codes; production's
 * ({@link ProductionCodeSender}) sends random codes by e-mail and, for the codes the platform may read,
 * by a text the platform delivers.
 */
public interface CodeSender {

    /** How a code travels and what it is for, which decides who may read it on the way. */
    enum Route {
        /** A wallet's EMAIL_OTP sign-in code, to the credential's address. */
        WALLET_EMAIL(false, false),
        /** A wallet's SMS_OTP sign-in code: never handed to the platform, which could then sign in for the owner. */
        WALLET_SMS(true, false),
        /** A customer's e-mail verification code. */
        CONTACT_EMAIL(false, true),
        /** A customer's phone verification code (through the platform, which delivers the text). */
        CONTACT_PHONE(true, true);

        private final boolean text;
        private final boolean platformMayRead;

        Route(boolean text, boolean platformMayRead) {
            this.text = text;
            this.platformMayRead = platformMayRead;
        }

        /** Whether the code goes by text message (else by e-mail). */
        public boolean text() {
            return text;
        }

        /** Whether the platform may see the code (it may deliver it itself). */
        public boolean platformMayRead() {
            return platformMayRead;
        }
    }

    /**
     * One code to send.
     *
     * @param address   the e-mail address or phone number
     * @param subject   the e-mail's subject
     * @param purpose   a sentence after the code saying what it does and when it expires
     * @param expiresAt when the code expires
     */
    record Message(Route route, String address, String subject, String purpose, Instant expiresAt) {
    }

    /** Whether codes can be sent on this route at all. */
    boolean sends(Route route);

    /** Makes a fresh code, sends it and answers it once sent; 501 on a route that {@link #sends} refuses. */
    Uni<String> send(Message message);

    /** The 501 for a route whose codes this server does not send. */
    static ApiException notSent(Route route) {
        return new ApiException(ErrorCode.NOT_IMPLEMENTED, switch (route) {
            case WALLET_EMAIL -> "No e-mail sender is configured on this server (svc.mail.from), so EMAIL_OTP codes cannot be sent";
            case WALLET_SMS -> "This server sends no SMS_OTP sign-in codes in production: it has no SMS provider of its own, and a sign-in code"
                    + " handed to the platform to text would let the platform sign in to the wallet (svc.sms.via-webhook"
                    + " carries phone verification codes only); use EMAIL_OTP, OAUTH or PASSKEY";
            case CONTACT_EMAIL -> "No email sender is configured on this server (svc.mail.from), so verification codes cannot be sent";
            case CONTACT_PHONE -> "No SMS sender is configured on this server (svc.sms.via-webhook), so phone verification codes cannot be sent";
        });
    }
}
