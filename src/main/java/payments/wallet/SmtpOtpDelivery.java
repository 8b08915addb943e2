package payments.wallet;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;
import payments.common.ApiException;
import payments.common.CodeMailer;
import payments.common.ErrorCode;
import payments.common.ServerConfig;

/**
 * Production's wallet code sender: a fresh code e-mailed to an EMAIL_OTP credential's address
 * ({@link CodeMailer}). SMS codes need a sender this server does not have yet: 501.
 */
@ApplicationScoped
@Typed(SmtpOtpDelivery.class)
public class SmtpOtpDelivery implements OtpDelivery {

    private final CodeMailer mailer;
    private final long lifetimeMinutes;

    public SmtpOtpDelivery(CodeMailer mailer, ServerConfig config) {
        this.mailer = mailer;
        this.lifetimeMinutes = Math.max(1, config.wallets().otpLifetime().toMinutes());
    }

    /** Whether codes can be mailed (otherwise production sends no codes). */
    public boolean configured() {
        return mailer.configured();
    }

    @Override
    public Uni<String> send(AuthCredential credential) {
        if (!AuthCredential.EMAIL_OTP.equals(credential.type)) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "No SMS sender is configured on this server: " + credential.type
                    + " codes cannot be sent; use an EMAIL_OTP credential");
        }
        String code = mailer.newCode();
        return mailer.send(credential.nickname, "Your sign-in code", code, "It signs you in and expires in " + lifetimeMinutes + " minutes.")
                .replaceWith(code);
    }
}
