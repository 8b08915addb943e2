package payments.wallet;

import io.quarkus.mailer.Mail;
import io.quarkus.mailer.reactive.ReactiveMailer;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;
import org.jboss.logging.Logger;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.ServerConfig;

import java.security.SecureRandom;
import java.util.Optional;

/**
 * Production's code sender: a fresh six-digit code e-mailed to an EMAIL_OTP credential's address
 * over the SMTP server of the {@code quarkus.mailer.*} settings, from {@code svc.wallets.otp-email-from}.
 * SMS codes need a sender this server does not have yet: 501.
 */
@ApplicationScoped
@Typed(SmtpOtpDelivery.class)
public class SmtpOtpDelivery implements OtpDelivery {

    private static final Logger LOG = Logger.getLogger(SmtpOtpDelivery.class);

    private final ReactiveMailer mailer;
    private final Optional<String> from;
    private final long lifetimeMinutes;
    private final SecureRandom random = new SecureRandom();

    public SmtpOtpDelivery(ReactiveMailer mailer, ServerConfig config) {
        this.mailer = mailer;
        this.from = config.wallets().otpEmailFrom();
        this.lifetimeMinutes = Math.max(1, config.wallets().otpLifetime().toMinutes());
    }

    /** Whether a sender address is configured (otherwise production sends no codes). */
    public boolean configured() {
        return from.isPresent();
    }

    @Override
    public Uni<String> send(AuthCredential credential) {
        if (!AuthCredential.EMAIL_OTP.equals(credential.type)) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "No SMS sender is configured on this server: " + credential.type
                    + " codes cannot be sent; use an EMAIL_OTP credential");
        }
        String code = String.format("%06d", random.nextInt(1_000_000));
        Mail mail = Mail.withText(credential.nickname, "Your sign-in code",
                        "Your one-time sign-in code is " + code + ". It expires in " + lifetimeMinutes + " minutes.\n"
                                + "If you did not ask for it, ignore this message.")
                .setFrom(from.orElseThrow());
        return mailer.send(mail).replaceWith(code).onFailure().transform(failure -> {
            LOG.warnf("One-time code for credential %s not e-mailed: %s", credential.id, failure.getMessage());
            return new ApiException(ErrorCode.SERVICE_UNAVAILABLE, "The one-time code could not be e-mailed; try again later");
        });
    }
}
