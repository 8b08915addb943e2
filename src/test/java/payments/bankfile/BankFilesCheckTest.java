package payments.bankfile;

import org.junit.jupiter.api.Test;

import java.util.List;

/** What a configured bank file rail must have for a production server to start. */
class BankFilesCheckTest {

    @Test
    void aBankFileRailMustBeCompleteToStart() {
        org.junit.jupiter.api.Assertions.assertEquals(List.of(), BankFilesCheck.problems(bankFiles(null, null, null, null)),
                "not configured: nothing to check");
        List<String> sftp = BankFilesCheck.problems(bankFiles(BankFilesConfig.Transport.SFTP, null, null, "MD5:ab"));
        org.junit.jupiter.api.Assertions.assertEquals(6, sftp.size(), sftp.toString());
        org.junit.jupiter.api.Assertions.assertEquals(List.of(), BankFilesCheck.problems(
                bankFiles(BankFilesConfig.Transport.SFTP, "DE89370400440532013000", "bank.example", "SHA256:abc")));
        org.junit.jupiter.api.Assertions.assertEquals(2, BankFilesCheck.problems(
                bankFiles(BankFilesConfig.Transport.FOLDER, null, null, null)).size(), "a folder rail needs the debtor account and its currency");
    }

    /** Settings as the mapping would give them; a host set means user and password are set too. */
    private static BankFilesConfig bankFiles(BankFilesConfig.Transport transport, String iban, String host,
                                                    String fingerprint) {
        java.util.Optional<String> user = java.util.Optional.ofNullable(host).map(ignored -> "platform");
        BankFilesConfig.Sftp sftp = new BankFilesConfig.Sftp() {
            public java.util.Optional<String> host() { return java.util.Optional.ofNullable(host); }
            public int port() { return 22; }
            public java.util.Optional<String> username() { return user; }
            public java.util.Optional<String> password() { return user; }
            public java.util.Optional<String> privateKeyFile() { return java.util.Optional.empty(); }
            public java.util.Optional<String> hostKeyFingerprint() { return java.util.Optional.ofNullable(fingerprint); }
        };
        BankFilesConfig.Debtor debtor = new BankFilesConfig.Debtor() {
            public String name() { return "Platform"; }
            public java.util.Optional<String> iban() { return java.util.Optional.ofNullable(iban); }
            public java.util.Optional<String> accountNumber() { return java.util.Optional.empty(); }
            public java.util.Optional<String> bic() { return java.util.Optional.empty(); }
            public java.util.Optional<String> currency() { return java.util.Optional.ofNullable(iban).map(ignored -> "EUR"); }
            public java.util.Optional<String> routingNumber() { return java.util.Optional.empty(); }
            public java.util.Optional<String> bankName() { return java.util.Optional.empty(); }
        };
        return new BankFilesConfig() {
            public java.util.Optional<Transport> transport() { return java.util.Optional.ofNullable(transport); }
            public String root() { return "bank-files"; }
            public String outbox() { return "outbox"; }
            public String inbox() { return "inbox"; }
            public String batchEvery() { return "15m"; }
            public String pollEvery() { return "30s"; }
            public long maxFileBytes() { return 1 << 20; }
            public Debtor debtor() { return debtor; }
            public Sftp sftp() { return sftp; }
        };
    }
}
