package payments.webhook;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Text messages the server does not send itself (production): customers' phone verification codes. */
@ConfigMapping(prefix = "svc.sms")
public interface SmsConfig {
    /**
     * True: a customer's verify-phone code goes to the platform as a MESSAGE.SMS_REQUESTED webhook
     * event (its text, the number, the code), for the platform's own SMS provider to deliver; the
     * event is sealed at rest. False (default): verify-phone answers 501. Wallet SMS_OTP sign-in
     * codes never go this way (501 either way): the platform would hold the wallet's sign-in.
     */
    @WithDefault("false")
    boolean viaWebhook();
}
