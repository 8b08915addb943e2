package payments.bankfile;

import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.digest.BuiltinDigests;
import org.apache.sshd.common.io.nio2.Nio2ServiceFactoryFactory;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;
import org.apache.sshd.sftp.common.SftpConstants;
import org.apache.sshd.sftp.common.SftpException;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Bank files on the bank's SFTP server. One connection per exchange (a poll, a delivery): bank
 * servers close idle sessions, and files come every few minutes. The server's host key must match
 * the configured fingerprint; nothing is sent to an unknown host.
 */
final class SftpTransport implements BankFileTransport, AutoCloseable {

    private static final Logger LOG = Logger.getLogger(SftpTransport.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final BankFilesConfig.Sftp settings;
    private final String root;
    private final SshClient client;

    SftpTransport(BankFilesConfig settings) {
        this.settings = settings.sftp();
        this.root = settings.root();
        String expected = this.settings.hostKeyFingerprint().orElseThrow(() -> new IllegalStateException(
                "svc.bank-files.sftp.host-key-fingerprint is required (SHA256:... as ssh-keygen -lf prints it)"));
        client = SshClient.setUpDefaultClient();
        // Named here rather than found by class name, which a native image could not do unregistered.
        client.setIoServiceFactoryFactory(new Nio2ServiceFactoryFactory());
        client.setServerKeyVerifier((session, address, key) -> {
            String actual = KeyUtils.getFingerPrint(BuiltinDigests.sha256, key);
            if (!expected.equals(actual)) {
                LOG.errorf("The bank's SFTP server at %s presented host key %s, not the configured %s: not connecting", address, actual, expected);
                return false;
            }
            return true;
        });
        this.settings.privateKeyFile().ifPresent(file -> client.setKeyIdentityProvider(new FileKeyPairProvider(Path.of(file))));
        client.start();
    }

    private interface Exchange<T> {
        T run(SftpClient sftp) throws IOException;
    }

    private <T> T exchange(Exchange<T> exchange) throws IOException {
        String host = settings.host().orElseThrow(() -> new IllegalStateException("svc.bank-files.sftp.host is required"));
        String user = settings.username().orElseThrow(() -> new IllegalStateException("svc.bank-files.sftp.username is required"));
        try (ClientSession session = client.connect(user, host, settings.port()).verify(TIMEOUT).getSession()) {
            settings.password().ifPresent(session::addPasswordIdentity);
            session.auth().verify(TIMEOUT);
            try (SftpClient sftp = SftpClientFactory.instance().createSftpClient(session)) {
                return exchange.run(sftp);
            }
        }
    }

    private String path(String folder) {
        return root + "/" + folder;
    }

    @Override
    public List<String> list(String folder) throws IOException {
        return exchange(sftp -> {
            List<String> names = new ArrayList<>();
            try {
                for (SftpClient.DirEntry entry : sftp.readDir(path(folder))) {
                    if (entry.getAttributes().isRegularFile() && !entry.getFilename().startsWith(".")) {
                        names.add(entry.getFilename());
                    }
                }
            } catch (SftpException e) {
                if (e.getStatus() == SftpConstants.SSH_FX_NO_SUCH_FILE) {
                    return List.of();
                }
                throw e;
            }
            return names.stream().sorted().toList();
        });
    }

    @Override
    public byte[] read(String folder, String name, long maxBytes) throws IOException {
        return exchange(sftp -> {
            String file = path(folder) + "/" + name;
            try {
                SftpClient.Attributes attributes = sftp.lstat(file);
                if (!attributes.isRegularFile()) {
                    throw new Refused(attributes.isSymbolicLink() ? "a symbolic link, not a file" : "not a regular file");
                }
                try (InputStream in = sftp.read(file)) {
                    return BankFileTransport.bounded(in, maxBytes);
                }
            } catch (SftpException e) {
                if (e.getStatus() == SftpConstants.SSH_FX_NO_SUCH_FILE) {
                    return null;
                }
                throw e;
            }
        });
    }

    @Override
    public void write(String folder, String name, byte[] content) throws IOException {
        exchange(sftp -> {
            makeFolder(sftp, path(folder));
            String partial = path(folder) + "/." + name + ".part";
            try (OutputStream out = sftp.write(partial)) {
                out.write(content);
            }
            replace(sftp, partial, path(folder) + "/" + name);
            return null;
        });
    }

    @Override
    public boolean move(String folder, String name, String toFolder, String targetName) throws IOException {
        return exchange(sftp -> {
            makeFolder(sftp, path(toFolder));
            // Claim the file with a rename to a name only this call knows: of two pollers moving the same
            // file, one claims it and the other finds it gone, and neither can replace the other's copy.
            String claimed = path(toFolder) + "/." + targetName + "." + UUID.randomUUID() + ".moving";
            try {
                sftp.rename(path(folder) + "/" + name, claimed);
            } catch (SftpException e) {
                if (e.getStatus() == SftpConstants.SSH_FX_NO_SUCH_FILE) {
                    return false; // another poller or instance moved it first
                }
                throw e;
            }
            replace(sftp, claimed, path(toFolder) + "/" + targetName);
            return true;
        });
    }

    /**
     * Renames over an existing file. Overwriting renames need SFTP version 5, and most servers
     * (OpenSSH among them) speak version 3: so an existing target is removed first. A reader may
     * miss the file between the two steps, never see half of it.
     */
    private static void replace(SftpClient sftp, String from, String to) throws IOException {
        try {
            sftp.remove(to);
        } catch (SftpException e) {
            if (e.getStatus() != SftpConstants.SSH_FX_NO_SUCH_FILE) {
                throw e;
            }
        }
        sftp.rename(from, to);
    }

    private static void makeFolder(SftpClient sftp, String folder) throws IOException {
        StringBuilder at = new StringBuilder(folder.startsWith("/") ? "/" : "");
        for (String part : folder.split("/")) {
            if (part.isEmpty()) {
                continue;
            }
            at.append(part);
            try {
                sftp.stat(at.toString());
            } catch (SftpException e) {
                if (e.getStatus() != SftpConstants.SSH_FX_NO_SUCH_FILE) {
                    throw e;
                }
                sftp.mkdir(at.toString());
            }
            at.append('/');
        }
    }

    @Override
    public void close() throws IOException {
        client.stop();
    }
}
