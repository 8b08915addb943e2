package payments.wallet;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;
import payments.common.ApiException;
import payments.common.CodeMailer;
import payments.common.ErrorCode;
import payments.common.OneTimeCodes;
import payments.common.ServerClock;
import payments.webhook.SmsByWebhook;

import java.time.Duration;

/**
 * Production's wallet code sender: a fresh code e-mailed to an EMAIL_OTP credential's address
 * ({@link CodeMailer}), or handed to the platform for an SMS_OTP credential's phone
 * ({@link SmsByWebhook}); a channel with no sender configured answers 501.
 */
@ApplicationScoped
@Typed(ProductionOtpDelivery.class)
public class ProductionOtpDelivery implements OtpDelivery {

    private final CodeMailer mailer;
    private final SmsByWebhook sms;
    private final OneTimeCodes codes;
    private final ServerClock clock;
    private final Duration lifetime;

    public ProductionOtpDelivery(CodeMailer mailer, SmsByWebhook sms, OneTimeCodes codes, ServerClock clock, WalletsConfig config) {
        this.mailer = mailer;
        this.sms = sms;
        this.codes = codes;
        this.clock = clock;
        this.lifetime = config.otpLifetime();
    }

    /** Whether any channel can send codes (otherwise production sends none). */
    public boolean configured() {
        return mailer.configured() || sms.configured();
    }

    @Override
    public Uni<String> send(AuthCredential credential) {
        String code = codes.next();
        String purpose = "It signs you in and expires in " + Math.max(1, lifetime.toMinutes()) + " minutes.";
        if (AuthCredential.EMAIL_OTP.equals(credential.type) && mailer.configured()) {
            return mailer.send(credential.nickname, "Your sign-in code", code, purpose).replaceWith(code);
        }
        if (AuthCredential.SMS_OTP.equals(credential.type) && sms.configured()) {
            return sms.send(credential.nickname, code, "WALLET_SIGN_IN", purpose, clock.now().plus(lifetime)).replaceWith(code);
        }
        throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "No sender for " + credential.type + " codes is configured on this server ("
                + (AuthCredential.EMAIL_OTP.equals(credential.type) ? "svc.mail.from" : "svc.sms.via-webhook") + ")");
    }
}
