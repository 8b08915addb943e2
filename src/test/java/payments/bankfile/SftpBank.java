package payments.bankfile;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.digest.BuiltinDigests;
import org.apache.sshd.common.file.virtualfs.VirtualFileSystemFactory;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.List;
import java.util.Map;

/**
 * The bank's SFTP server, in process (Apache MINA SSHD): one user, a password, a host key made at
 * start, the files under a temporary folder. Its folder is told to tests through a system property
 * (text only: objects there break later Quarkus starts).
 */
public class SftpBank implements QuarkusTestResourceLifecycleManager {

    static final String ACH_ODFI = "021000021";
    static final String USER = "platform";
    static final String PASSWORD = "bank-secret";
    /** The largest inbox file the server reads in these tests: far above any sample, far below the default. */
    static final int MAX_FILE_BYTES = 200_000;
    static final String ROOT_PROPERTY = "bank.sftp.folder";

    private SshServer server;

    @Override
    public Map<String, String> start() {
        try {
            Path folder = Files.createTempDirectory("sftp-bank");
            server = SshServer.setUpDefaultServer();
            server.setHost("127.0.0.1");
            server.setPort(0);
            server.setKeyPairProvider(new SimpleGeneratorHostKeyProvider(folder.resolve("host-key.ser")));
            server.setPasswordAuthenticator((user, password, session) -> USER.equals(user) && PASSWORD.equals(password));
            server.setSubsystemFactories(List.of(new SftpSubsystemFactory()));
            // Version 3, as OpenSSH and most bank servers speak it (no overwriting rename).
            org.apache.sshd.sftp.SftpModuleProperties.SFTP_VERSION.set(server, 3);
            Path files = Files.createDirectories(folder.resolve("files"));
            server.setFileSystemFactory(new VirtualFileSystemFactory(files));
            server.start();
            KeyPair hostKey = server.getKeyPairProvider().loadKeys(null).iterator().next();
            System.setProperty(ROOT_PROPERTY, files.toString());
            return Map.ofEntries(
                    Map.entry("svc.mode", "production"),
                    Map.entry("svc.uma-domain", "payments.example.test"),
                    // An https endpoint on this machine (nothing answers there): the outbox keeps the events the tests read.
                    Map.entry("svc.webhooks.allowed-hosts", "localhost"),
                    Map.entry("svc.rails.routes", "SEPA=iso20022-files,SEPA_INSTANT=iso20022-files,ACH=nacha-files"),
                    // The NACHA rail (AchRailTest) through the same transport; no same-day window: every file settles the next banking day.
                    Map.entry("svc.ach.odfi-routing-number", ACH_ODFI),
                    Map.entry("svc.ach.company-id", "1234567890"),
                    // The bank's own code for its fees (AchRailTest's BAI2 report books one).
                    Map.entry("svc.ach.bai2-custom-codes", "901:DEBIT"),
                    Map.entry("svc.ach.company-name", "Example Platform"),
                    Map.entry("svc.ach.odfi-name", "Example Bank"),
                    Map.entry("svc.bank-files.transport", "SFTP"),
                    Map.entry("svc.bank-files.root", "/exchange"),
                    Map.entry("svc.bank-files.sftp.host", "127.0.0.1"),
                    Map.entry("svc.bank-files.sftp.port", Integer.toString(server.getPort())),
                    Map.entry("svc.bank-files.sftp.username", USER),
                    Map.entry("svc.bank-files.sftp.password", PASSWORD),
                    Map.entry("svc.bank-files.sftp.host-key-fingerprint", KeyUtils.getFingerPrint(BuiltinDigests.sha256, hostKey.getPublic())),
                    Map.entry("svc.bank-files.debtor.name", "Example Platform Ltd"),
                    Map.entry("svc.bank-files.debtor.iban", "DE89370400440532013000"),
                    Map.entry("svc.bank-files.debtor.bic", "COBADEFFXXX"),
                    Map.entry("svc.bank-files.debtor.currency", "EUR"),
                    Map.entry("svc.bank-files.debtor.bank-name", "Commerzbank"),
                    Map.entry("svc.bank-files.debtor.creditor-id", "DE98ZZZ09999999999"),
                    // The tests run cut-offs and polls themselves.
                    Map.entry("svc.bank-files.batch-every", "off"),
                    Map.entry("svc.bank-files.poll-every", "off"),
                    Map.entry("svc.bank-files.max-file-bytes", Integer.toString(MAX_FILE_BYTES)));
        } catch (IOException | java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void stop() {
        try {
            if (server != null) {
                server.stop(true);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The server's folder behind the SFTP root, as the bank sees its own disk. */
    static Path folder() {
        return Path.of(System.getProperty(ROOT_PROPERTY));
    }
}
