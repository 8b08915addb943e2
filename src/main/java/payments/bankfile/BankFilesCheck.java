package payments.bankfile;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import payments.common.ServerConfig;

import java.util.ArrayList;
import java.util.List;

/**
 * A production server with a bank file rail configured but incomplete refuses to start, naming what
 * is missing (after {@code common.ModeCheck}: its problems are named first).
 */
@ApplicationScoped
public class BankFilesCheck {

    void check(@Observes @Priority(2) StartupEvent event, ServerConfig config, BankFilesConfig files) {
        List<String> problems = config.sandbox() ? List.of() : problems(files);
        if (!problems.isEmpty()) {
            throw new IllegalStateException("The bank file rail is configured but incomplete: " + String.join("; ", problems));
        }
    }

    /**
     * What a configured bank file rail lacks (none when it is not configured): a debtor account, and
     * for SFTP the server, the user, a credential and the host key to trust. Found at start, not at
     * the first cut-off.
     */
    static List<String> problems(BankFilesConfig files) {
        if (files.transport().isEmpty()) {
            return List.of();
        }
        List<String> problems = new ArrayList<>();
        if (files.debtor().iban().isEmpty() && files.debtor().accountNumber().isEmpty()) {
            problems.add("SVC_BANK_FILES_DEBTOR_IBAN or SVC_BANK_FILES_DEBTOR_ACCOUNT_NUMBER (the platform's account at the bank) is required");
        }
        if (files.debtor().currency().isEmpty()) {
            problems.add("SVC_BANK_FILES_DEBTOR_CURRENCY (the bank account's currency) is required");
        }
        if (files.transport().get() == BankFilesConfig.Transport.SFTP) {
            BankFilesConfig.Sftp sftp = files.sftp();
            if (sftp.host().isEmpty()) {
                problems.add("SVC_BANK_FILES_SFTP_HOST is required");
            }
            if (sftp.username().isEmpty()) {
                problems.add("SVC_BANK_FILES_SFTP_USERNAME is required");
            }
            if (sftp.password().isEmpty() && sftp.privateKeyFile().isEmpty()) {
                problems.add("SVC_BANK_FILES_SFTP_PASSWORD or SVC_BANK_FILES_SFTP_PRIVATE_KEY_FILE is required");
            }
            if (sftp.hostKeyFingerprint().filter(print -> print.startsWith("SHA256:")).isEmpty()) {
                problems.add("SVC_BANK_FILES_SFTP_HOST_KEY_FINGERPRINT (SHA256:..., as ssh-keygen -lf prints it) is required");
            }
        }
        return problems;
    }
}
