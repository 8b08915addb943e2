package payments.webhook;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Text messages the server does not send itself (production): one-time codes to phones. */
@ConfigMapping(prefix = "svc.sms")
public interface SmsConfig {
    /**
     * True: a phone's code goes to the platform as a MESSAGE.SMS_REQUESTED webhook event (its
     * text, the number, the code), for the platform's own SMS provider to deliver; the event is
     * sealed at rest. False (default): phone codes answer 501.
     */
    @WithDefault("false")
    boolean viaWebhook();
}
