package payments.codes;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;
import payments.webhook.SmsByWebhook;

/**
 * Production's codes: six random digits, e-mailed over the configured SMTP server ({@link CodeMailer})
 * or, for phone verification only, texted by the platform ({@link SmsByWebhook}, a sealed
 * MESSAGE.SMS_REQUESTED event). A wallet's SMS_OTP code is never sent: the only SMS route goes
 * through the platform.
 */
@ApplicationScoped
@Typed(ProductionCodeSender.class)
public class ProductionCodeSender implements CodeSender {

    private final CodeMailer mailer;
    private final SmsByWebhook sms;
    private final OneTimeCodes codes;

    public ProductionCodeSender(CodeMailer mailer, SmsByWebhook sms, OneTimeCodes codes) {
        this.mailer = mailer;
        this.sms = sms;
        this.codes = codes;
    }

    @Override
    public boolean sends(Route route) {
        // Texts go through the platform, so only codes it may read.
        return route.text() ? route.platformMayRead() && sms.configured() : mailer.configured();
    }

    @Override
    public Uni<String> send(Message message) {
        if (!sends(message.route())) {
            throw CodeSender.notSent(message.route());
        }
        String code = codes.next();
        Uni<Void> sent = message.route().text()
                ? sms.send(message.address(), code, "PHONE_VERIFICATION", message.purpose(), message.expiresAt())
                : mailer.send(message.address(), message.subject(), code, message.purpose());
        return sent.replaceWith(code);
    }
}
