package payments.bankfile;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.util.Optional;

/**
 * The ISO 20022 file rail (production): payouts leave as pain.001 files in an outbox folder, the
 * bank's pain.002 and camt.054 files are read from an inbox folder, on this machine or over SFTP.
 */
@ConfigMapping(prefix = "svc.bank-files")
public interface BankFilesConfig {
    enum Transport { FOLDER, SFTP }

    /** FOLDER or SFTP; unset: no bank file rail (production answers 501 to bank payouts). */
    Optional<Transport> transport();

    /** The folder holding outbox and inbox: a local path (FOLDER) or a path on the SFTP server. */
    @WithDefault("bank-files")
    String root();

    /** Where pain.001 files are put for the bank, under the root. */
    @WithDefault("outbox")
    String outbox();

    /** Where the bank puts pain.002 and camt.054 files, under the root; read files move to its "processed" and "quarantine" subfolders. */
    @WithDefault("inbox")
    String inbox();

    /** The cut-off: how often queued payouts leave in a pain.001 file (a duration such as 15m, or "off"). */
    @WithDefault("15m")
    String batchEvery();

    /** How often the inbox is read (a duration, or "off"). */
    @WithDefault("30s")
    String pollEvery();

    /** The largest file read from the inbox, in bytes; a larger one is quarantined unread. */
    @WithDefault("67108864")
    long maxFileBytes();

    /**
     * The bank's daily cut-off for direct debit files, in Frankfurt's time: a file built after it is
     * presented the next business day (unset: the whole day counts).
     */
    Optional<java.time.LocalTime> collectionCutOff();

    /** The platform's own account at the bank, debited by every payout and credited by every direct debit. */
    Debtor debtor();

    interface Debtor {
        @WithDefault("Payments Platform")
        String name();

        Optional<String> iban();

        /** Used when there is no IBAN (a US account number, say). */
        Optional<String> accountNumber();

        Optional<String> bic();

        /** The account's currency: internal accounts in it show this account as where to send money (with their reference). */
        Optional<String> currency();

        /** A US account's routing number, shown with its account number. */
        Optional<String> routingNumber();

        Optional<String> bankName();

        /**
         * The platform's SEPA creditor identifier (DE98ZZZ09999999999): with it, pulls from customers'
         * EUR bank accounts leave as SEPA Core direct debits (pain.008) credited to this account.
         */
        Optional<String> creditorId();
    }

    Sftp sftp();

    interface Sftp {
        Optional<String> host();

        @WithDefault("22")
        int port();

        Optional<String> username();

        Optional<String> password();

        /** A private key file (OpenSSH or PEM format) instead of, or besides, the password. */
        Optional<String> privateKeyFile();

        /**
         * The server's host key fingerprint as OpenSSH prints it ({@code SHA256:...}); required:
         * a bank connection never trusts an unknown host.
         */
        Optional<String> hostKeyFingerprint();
    }
}
