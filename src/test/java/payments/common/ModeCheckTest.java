package payments.common;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which settings make a production server refuse to start. */
class ModeCheckTest {

    @Test
    void sandboxOnlySettingsAreFoundInTheEnvironmentAndSystemProperties() {
        assertEquals(List.of("SVC_SANDBOX_CREDENTIALS_FILE", "svc.sandbox-secrets-key-file"), ModeCheck.sandboxSettings(
                Map.of("SVC_SANDBOX_CREDENTIALS_FILE", "x", "SVC_MODE", "production", "PATH", "/bin"),
                Map.of("svc.sandbox-secrets-key-file", "y", "svc.mode", "production")));
        assertEquals(List.of(), ModeCheck.sandboxSettings(Map.of("SVC_SECRETS_KEY", "k"), Map.of()));
    }

    @Test
    void productionNeedsASecretsKey() {
        org.junit.jupiter.api.Assertions.assertNotNull(ModeCheck.secretsKeyProblem(java.util.Optional.empty()));
        org.junit.jupiter.api.Assertions.assertNotNull(ModeCheck.secretsKeyProblem(java.util.Optional.of(" ")));
        org.junit.jupiter.api.Assertions.assertNull(ModeCheck.secretsKeyProblem(java.util.Optional.of("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")));
    }

    @Test
    void productionNeedsTheBootstrapCredentialsGiven() {
        org.junit.jupiter.api.Assertions.assertNotNull(ModeCheck.apiCredentialsProblem(java.util.Optional.empty(), java.util.Optional.empty()));
        org.junit.jupiter.api.Assertions.assertNotNull(ModeCheck.apiCredentialsProblem(java.util.Optional.of("platform"), java.util.Optional.empty()));
        org.junit.jupiter.api.Assertions.assertNotNull(ModeCheck.apiCredentialsProblem(java.util.Optional.of("platform"), java.util.Optional.of(" ")));
        org.junit.jupiter.api.Assertions.assertNull(ModeCheck.apiCredentialsProblem(java.util.Optional.of("platform"), java.util.Optional.of("s3cret")));
    }

    @Test
    void aBankFileRailMustBeCompleteToStart() {
        org.junit.jupiter.api.Assertions.assertEquals(List.of(), ModeCheck.bankFileProblems(bankFiles(null, null, null, null)),
                "not configured: nothing to check");
        List<String> sftp = ModeCheck.bankFileProblems(bankFiles(ServerConfig.BankFiles.Transport.SFTP, null, null, "MD5:ab"));
        org.junit.jupiter.api.Assertions.assertEquals(6, sftp.size(), sftp.toString());
        org.junit.jupiter.api.Assertions.assertEquals(List.of(), ModeCheck.bankFileProblems(
                bankFiles(ServerConfig.BankFiles.Transport.SFTP, "DE89370400440532013000", "bank.example", "SHA256:abc")));
        org.junit.jupiter.api.Assertions.assertEquals(2, ModeCheck.bankFileProblems(
                bankFiles(ServerConfig.BankFiles.Transport.FOLDER, null, null, null)).size(), "a folder rail needs the debtor account and its currency");
    }

    /** Settings as the mapping would give them; a host set means user and password are set too. */
    private static ServerConfig.BankFiles bankFiles(ServerConfig.BankFiles.Transport transport, String iban, String host,
                                                    String fingerprint) {
        java.util.Optional<String> user = java.util.Optional.ofNullable(host).map(ignored -> "platform");
        ServerConfig.BankFiles.Sftp sftp = new ServerConfig.BankFiles.Sftp() {
            public java.util.Optional<String> host() { return java.util.Optional.ofNullable(host); }
            public int port() { return 22; }
            public java.util.Optional<String> username() { return user; }
            public java.util.Optional<String> password() { return user; }
            public java.util.Optional<String> privateKeyFile() { return java.util.Optional.empty(); }
            public java.util.Optional<String> hostKeyFingerprint() { return java.util.Optional.ofNullable(fingerprint); }
        };
        ServerConfig.BankFiles.Debtor debtor = new ServerConfig.BankFiles.Debtor() {
            public String name() { return "Platform"; }
            public java.util.Optional<String> iban() { return java.util.Optional.ofNullable(iban); }
            public java.util.Optional<String> accountNumber() { return java.util.Optional.empty(); }
            public java.util.Optional<String> bic() { return java.util.Optional.empty(); }
            public java.util.Optional<String> currency() { return java.util.Optional.ofNullable(iban).map(ignored -> "EUR"); }
            public java.util.Optional<String> routingNumber() { return java.util.Optional.empty(); }
            public java.util.Optional<String> bankName() { return java.util.Optional.empty(); }
        };
        return new ServerConfig.BankFiles() {
            public java.util.Optional<Transport> transport() { return java.util.Optional.ofNullable(transport); }
            public String root() { return "bank-files"; }
            public String outbox() { return "outbox"; }
            public String inbox() { return "inbox"; }
            public String batchEvery() { return "15m"; }
            public String pollEvery() { return "30s"; }
            public Debtor debtor() { return debtor; }
            public Sftp sftp() { return sftp; }
        };
    }
}
