package payments.codes;

import io.quarkus.mailer.Mail;
import io.quarkus.mailer.reactive.ReactiveMailer;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.ServerConfig;
import payments.common.schema.SchemaValidator;

import java.util.Optional;

/**
 * One-time codes by e-mail (production), sent over the SMTP server of the {@code quarkus.mailer.*}
 * settings, from {@code svc.mail.from}.
 */
@ApplicationScoped
public class CodeMailer {

    private static final Logger LOG = Logger.getLogger(CodeMailer.class);

    private final ReactiveMailer mailer;
    private final Optional<String> from;

    public CodeMailer(ReactiveMailer mailer, ServerConfig config) {
        this.mailer = mailer;
        this.from = config.mail().from();
    }

    /** Whether a sender address is configured. */
    public boolean configured() {
        return from.isPresent();
    }

    /**
     * Mails {@code code} to {@code to}; 409 for an address on file the mailer would not take as one
     * recipient (stored before addresses were checked as it reads them), 503 when the SMTP server
     * does not take it.
     */
    public Uni<Void> send(String to, String subject, String code, String purpose) {
        if (to == null || !SchemaValidator.matchesFormat("email", to)) {
            throw new ApiException(ErrorCode.CONFLICT, "The customer's email on file is not one address codes can be mailed to;"
                    + " correct it with PATCH /customers/{customerId}");
        }
        Mail mail = Mail.withText(to, subject, "Your one-time code is " + code + ". " + purpose + "\n"
                + "If you did not ask for it, ignore this message.").setFrom(from.orElseThrow());
        // The mailer checks addresses before it returns its Uni: a refusal there must be a 503 too, never a 500.
        return Uni.createFrom().deferred(() -> mailer.send(mail)).onFailure().transform(failure -> {
            LOG.warnf("A one-time code was not e-mailed: %s", failure.getMessage());
            return new ApiException(ErrorCode.SERVICE_UNAVAILABLE, "The one-time code could not be e-mailed; try again later");
        });
    }
}
