package payments.bankfile;

import org.junit.jupiter.api.Test;

import java.util.List;

/** What a configured bank file rail must have for a production server to start. */
class BankFilesCheckTest {

    @Test
    void aBankFileRailMustBeCompleteToStart() {
        org.junit.jupiter.api.Assertions.assertEquals(List.of(), BankFilesCheck.problems(bankFiles(null, null, null, null), ach(null, null)),
                "not configured: nothing to check");
        List<String> sftp = BankFilesCheck.problems(bankFiles(BankFilesConfig.Transport.SFTP, null, null, "MD5:ab"), ach(null, null));
        org.junit.jupiter.api.Assertions.assertEquals(5, sftp.size(), sftp.toString());
        org.junit.jupiter.api.Assertions.assertEquals(List.of(), BankFilesCheck.problems(
                bankFiles(BankFilesConfig.Transport.SFTP, "DE89370400440532013000", "bank.example", "SHA256:abc"), ach(null, null)));
        org.junit.jupiter.api.Assertions.assertEquals(1, BankFilesCheck.problems(
                bankFiles(BankFilesConfig.Transport.FOLDER, null, null, null), ach(null, null)).size(), "a folder rail needs the debtor account");
    }

    @Test
    void anAchRailNeedsItsBankAndCompanyAndTheTransportButNoDebtor() {
        org.junit.jupiter.api.Assertions.assertEquals(List.of(), BankFilesCheck.problems(
                bankFiles(BankFilesConfig.Transport.FOLDER, null, null, null), ach("021000021", "1234567890")), "ACH only: no debtor needed");
        List<String> bad = BankFilesCheck.problems(bankFiles(BankFilesConfig.Transport.FOLDER, null, null, null), ach("021000022", "12345678901"));
        org.junit.jupiter.api.Assertions.assertEquals(2, bad.size(), bad.toString());
        org.junit.jupiter.api.Assertions.assertTrue(bad.get(0).startsWith("SVC_ACH_ODFI_ROUTING_NUMBER"), bad.toString());
        org.junit.jupiter.api.Assertions.assertTrue(bad.get(1).startsWith("SVC_ACH_COMPANY_ID"), bad.toString());
        List<String> noTransport = BankFilesCheck.problems(bankFiles(null, null, null, null), ach("021000021", null));
        org.junit.jupiter.api.Assertions.assertEquals(1, noTransport.size(), noTransport.toString());
    }

    @Test
    void directDebitsNeedAValidCreditorIdentifierAndAnIban() {
        org.junit.jupiter.api.Assertions.assertEquals(List.of(), BankFilesCheck.problems(bankFiles(BankFilesConfig.Transport.FOLDER,
                "DE89370400440532013000", null, null, "DE98ZZZ09999999999"), ach(null, null)));
        List<String> badDigits = BankFilesCheck.problems(bankFiles(BankFilesConfig.Transport.FOLDER, "DE89370400440532013000", null, null,
                "DE97ZZZ09999999999"), ach(null, null));
        org.junit.jupiter.api.Assertions.assertEquals(1, badDigits.size(), badDigits.toString());
        org.junit.jupiter.api.Assertions.assertTrue(badDigits.get(0).startsWith("SVC_BANK_FILES_DEBTOR_CREDITOR_ID 'DE97"), badDigits.toString());
        List<String> noIban = BankFilesCheck.problems(bankFiles(BankFilesConfig.Transport.FOLDER, null, null, null, "DE98ZZZ09999999999"),
                ach("021000021", "1234567890"));
        org.junit.jupiter.api.Assertions.assertEquals(1, noIban.size(), noIban.toString());
        org.junit.jupiter.api.Assertions.assertTrue(noIban.get(0).contains("needs SVC_BANK_FILES_DEBTOR_IBAN"), noIban.toString());
    }

    @Test
    void aBanksOwnBai2CodesMustBeReadable() {
        List<String> bad = BankFilesCheck.problems(bankFiles(BankFilesConfig.Transport.FOLDER, null, null, null),
                ach("021000021", "1234567890", "901:CREDIT,165:DEBIT"));
        org.junit.jupiter.api.Assertions.assertEquals(1, bad.size(), bad.toString());
        org.junit.jupiter.api.Assertions.assertTrue(bad.get(0).startsWith("SVC_ACH_BAI2_CUSTOM_CODES: 165 is a standard code"), bad.toString());
        org.junit.jupiter.api.Assertions.assertEquals(List.of(), BankFilesCheck.problems(bankFiles(BankFilesConfig.Transport.FOLDER, null, null, null),
                ach("021000021", "1234567890", "901:CREDIT,950:SKIP")));
    }

    private static AchConfig ach(String odfi, String companyId) {
        return ach(odfi, companyId, null);
    }

    private static AchConfig ach(String odfi, String companyId, String bai2CustomCodes) {
        return new AchConfig() {
            public java.util.Optional<String> bai2CustomCodes() { return java.util.Optional.ofNullable(bai2CustomCodes); }
            public java.util.Optional<String> odfiRoutingNumber() { return java.util.Optional.ofNullable(odfi); }
            public java.util.Optional<String> companyId() { return java.util.Optional.ofNullable(companyId); }
            public String companyName() { return "Platform"; }
            public java.util.Optional<String> immediateOrigin() { return java.util.Optional.empty(); }
            public String odfiName() { return "ODFI"; }
            public String entryDescription() { return "PAYOUT"; }
            public java.util.Optional<java.time.LocalTime> sameDayCutOff() { return java.util.Optional.empty(); }
            public long sameDayLimit() { return 100_000_000L; }
            public String zone() { return "America/New_York"; }
        };
    }

    /** Settings as the mapping would give them; a host set means user and password are set too. */
    private static BankFilesConfig bankFiles(BankFilesConfig.Transport transport, String iban, String host,
                                                    String fingerprint) {
        return bankFiles(transport, iban, host, fingerprint, null);
    }

    private static BankFilesConfig bankFiles(BankFilesConfig.Transport transport, String iban, String host,
                                                    String fingerprint, String creditorId) {
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
            public java.util.Optional<String> creditorId() { return java.util.Optional.ofNullable(creditorId); }
        };
        return new BankFilesConfig() {
            public java.util.Optional<Transport> transport() { return java.util.Optional.ofNullable(transport); }
            public String root() { return "bank-files"; }
            public String outbox() { return "outbox"; }
            public String inbox() { return "inbox"; }
            public String batchEvery() { return "15m"; }
            public String pollEvery() { return "30s"; }
            public long maxFileBytes() { return 1 << 20; }
            public java.util.Optional<java.time.LocalTime> collectionCutOff() { return java.util.Optional.empty(); }
            public Debtor debtor() { return debtor; }
            public Sftp sftp() { return sftp; }
        };
    }
}
