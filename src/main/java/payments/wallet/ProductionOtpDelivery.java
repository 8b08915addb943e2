package payments.wallet;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;
import payments.common.CodeMailer;
import payments.common.OneTimeCodes;

import java.time.Duration;

/**
 * Production's wallet code sender: a fresh code e-mailed to an EMAIL_OTP credential's address
 * ({@link CodeMailer}). SMS_OTP codes are not sent: the only SMS route is through the platform
 * (svc.sms.via-webhook), and a sign-in code the platform reads lets it alone sign in to the wallet
 * and sign the owner's consents, such as moving the wallet's e-mail credential to another address.
 */
@ApplicationScoped
@Typed(ProductionOtpDelivery.class)
public class ProductionOtpDelivery implements OtpDelivery {

    private final CodeMailer mailer;
    private final OneTimeCodes codes;
    private final Duration lifetime;

    public ProductionOtpDelivery(CodeMailer mailer, OneTimeCodes codes, WalletsConfig config) {
        this.mailer = mailer;
        this.codes = codes;
        this.lifetime = config.otpLifetime();
    }

    /** Whether codes can be sent at all (otherwise production sends none). */
    public boolean configured() {
        return mailer.configured();
    }

    @Override
    public boolean sends(String type) {
        return AuthCredential.EMAIL_OTP.equals(type) && mailer.configured();
    }

    @Override
    public Uni<String> send(AuthCredential credential) {
        if (!sends(credential.type)) {
            throw OtpDelivery.notSent(credential.type);
        }
        String code = codes.next();
        String purpose = "It signs you in and expires in " + Math.max(1, lifetime.toMinutes()) + " minutes.";
        return mailer.send(credential.nickname, "Your sign-in code", code, purpose).replaceWith(code);
    }
}
