package payments.bankfile;

import jakarta.enterprise.context.ApplicationScoped;
import payments.common.Placeholders;
import payments.common.ServerConfig;
import payments.common.SettingsCheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A production server with a bank file rail configured but incomplete refuses to start, naming what
 * is missing (with every other setting's problem: common.StartupSettings).
 */
@ApplicationScoped
public class BankFilesCheck implements SettingsCheck {

    private final ServerConfig config;
    private final BankFilesConfig files;

    BankFilesCheck(ServerConfig config, BankFilesConfig files) {
        this.config = config;
        this.files = files;
    }

    @Override
    public List<String> problems() {
        return config.sandbox() ? List.of() : problems(files);
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
            problems.addAll(Placeholders.problems(Map.of("SVC_BANK_FILES_SFTP_PASSWORD", sftp.password())));
            if (sftp.hostKeyFingerprint().filter(print -> print.startsWith("SHA256:")).isEmpty()) {
                problems.add("SVC_BANK_FILES_SFTP_HOST_KEY_FINGERPRINT (SHA256:..., as ssh-keygen -lf prints it) is required");
            }
        }
        return problems;
    }
}
