package payments.bankfile;

import jakarta.enterprise.context.ApplicationScoped;
import payments.account.BankIdentifiers;
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
    private final AchConfig ach;

    BankFilesCheck(ServerConfig config, BankFilesConfig files, AchConfig ach) {
        this.config = config;
        this.files = files;
        this.ach = ach;
    }

    @Override
    public List<String> problems() {
        return config.sandbox() ? List.of() : problems(files, ach);
    }

    /**
     * What a configured bank file rail lacks (none when it is not configured): the platform's
     * account at the bank for ISO 20022 files (unless only the ACH rail is set up), the originating
     * bank and company id for ACH files, and for SFTP the server, the user, a credential and the
     * host key to trust. Found at start, not at the first cut-off.
     */
    static List<String> problems(BankFilesConfig files, AchConfig ach) {
        boolean achRequested = ach.odfiRoutingNumber().isPresent() || ach.companyId().isPresent();
        if (files.transport().isEmpty()) {
            return achRequested ? List.of("SVC_ACH_* is set but SVC_BANK_FILES_TRANSPORT is not: ACH files travel through the bank file"
                    + " transport (FOLDER or SFTP)") : List.of();
        }
        List<String> problems = new ArrayList<>();
        boolean debtorGiven = files.debtor().iban().isPresent() || files.debtor().accountNumber().isPresent();
        if (!debtorGiven && !achRequested) {
            problems.add("SVC_BANK_FILES_DEBTOR_IBAN or SVC_BANK_FILES_DEBTOR_ACCOUNT_NUMBER (the platform's account at the bank) is required");
        }
        if (debtorGiven && files.debtor().currency().isEmpty()) {
            problems.add("SVC_BANK_FILES_DEBTOR_CURRENCY (the bank account's currency) is required");
        }
        files.debtor().creditorId().ifPresent(creditorId -> {
            if (!BankIdentifiers.isValidSepaCreditorId(creditorId)) {
                problems.add("SVC_BANK_FILES_DEBTOR_CREDITOR_ID '" + creditorId + "' is not a SEPA creditor identifier (DE98ZZZ09999999999:"
                        + " country, check digits, business code, national id)");
            }
            if (files.debtor().iban().isEmpty()) {
                problems.add("SVC_BANK_FILES_DEBTOR_CREDITOR_ID needs SVC_BANK_FILES_DEBTOR_IBAN: direct debits are collected to an IBAN");
            }
        });
        if (achRequested) {
            if (!ach.odfiRoutingNumber().filter(BankIdentifiers::isValidRoutingNumber).isPresent()) {
                problems.add("SVC_ACH_ODFI_ROUTING_NUMBER (your bank's 9-digit ABA routing number, check digit included) is required for ACH files");
            }
            if (!ach.companyId().filter(id -> id.matches("[0-9A-Za-z ]{1,10}")).isPresent()) {
                problems.add("SVC_ACH_COMPANY_ID (the company identification your bank assigned, up to 10 letters or digits) is required for ACH files");
            }
            if (ach.immediateOrigin().filter(origin -> origin.length() > 10).isPresent()) {
                problems.add("SVC_ACH_IMMEDIATE_ORIGIN is at most 10 characters");
            }
            try {
                java.time.ZoneId.of(ach.zone());
            } catch (java.time.DateTimeException unknown) {
                problems.add("SVC_ACH_ZONE '" + ach.zone() + "' is not a time zone (America/New_York)");
            }
        }
        ach.bai2CustomCodes().ifPresent(codes -> {
            try {
                Bai2Codes.parse(codes);
            } catch (IllegalArgumentException unreadable) {
                problems.add("SVC_ACH_BAI2_CUSTOM_CODES: " + unreadable.getMessage());
            }
        });
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
