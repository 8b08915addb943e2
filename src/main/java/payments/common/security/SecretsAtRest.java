package payments.common.security;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import payments.common.RunTimeRandom;
import payments.common.ServerConfig;

import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;

/**
 * Seals secrets this server keeps in its database (the generated webhook signing key) with
 * AES-256-GCM under a key from configuration ({@code SVC_SECRETS_KEY}, 32 bytes in base64), so a
 * copy of the database alone does not give them away. Each sealed value is bound to its name
 * (the GCM associated data), so one cannot be swapped for another. The sandbox generates the key
 * on first use and keeps it in {@code svc.sandbox-secrets-key-file}; production must be given one.
 */
@ApplicationScoped
public class SecretsAtRest {

    static final String PREFIX = "v1:";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    private final ServerConfig config;
    private final SecureRandom random = RunTimeRandom.secure();
    private volatile SecretKeySpec key;
    private volatile SecretKeySpec macKey;

    @Inject
    public SecretsAtRest(ServerConfig config) {
        this.config = config;
    }

    /** With a key of its own (tests). */
    SecretsAtRest(byte[] key) {
        this.config = null;
        this.key = new SecretKeySpec(key, "AES");
    }

    /** Whether a stored value is sealed (values stored by earlier versions are plain). */
    public static boolean isSealed(String stored) {
        return stored != null && stored.startsWith(PREFIX);
    }

    /** The same for stored bytes, without decoding them. */
    public static boolean isSealed(byte[] stored) {
        byte[] prefix = PREFIX.getBytes(StandardCharsets.US_ASCII);
        return stored != null && stored.length >= prefix.length && Arrays.equals(stored, 0, prefix.length, prefix, 0, prefix.length);
    }

    public String seal(String name, String plaintext) {
        try {
            byte[] nonce = new byte[NONCE_BYTES];
            random.nextBytes(nonce);
            Cipher cipher = cipher(Cipher.ENCRYPT_MODE, nonce, name);
            byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            byte[] stored = Arrays.copyOf(nonce, NONCE_BYTES + sealed.length);
            System.arraycopy(sealed, 0, stored, NONCE_BYTES, sealed.length);
            return PREFIX + Base64.getEncoder().encodeToString(stored);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot seal " + name, e);
        }
    }

    public String open(String name, String sealed) {
        try {
            byte[] stored = Base64.getDecoder().decode(sealed.substring(PREFIX.length()));
            Cipher cipher = cipher(Cipher.DECRYPT_MODE, Arrays.copyOf(stored, NONCE_BYTES), name);
            return new String(cipher.doFinal(stored, NONCE_BYTES, stored.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException("The stored " + name + " cannot be opened with the configured secrets key"
                    + " (SVC_SECRETS_KEY, or the sandbox's key file); was the key changed?", e);
        }
    }

    /**
     * A keyed digest of a low-entropy secret (a one-time code), bound to its name: HMAC-SHA256
     * under a key derived from the secrets key, so a copy of the database alone cannot test
     * guesses against it. Hex.
     */
    public String mac(String name, String secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(macKey());
            mac.update(name.getBytes(StandardCharsets.UTF_8));
            mac.update((byte) 0);
            return java.util.HexFormat.of().formatHex(mac.doFinal(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot digest " + name, e);
        }
    }

    /** The MAC key: HMAC-SHA256 of a fixed label under the secrets key, so the sealing key itself is never a MAC key. */
    private SecretKeySpec macKey() throws GeneralSecurityException {
        if (macKey == null) {
            Mac derive = Mac.getInstance("HmacSHA256");
            derive.init(new SecretKeySpec(key().getEncoded(), "HmacSHA256"));
            macKey = new SecretKeySpec(derive.doFinal("payments secrets: mac key v1".getBytes(StandardCharsets.US_ASCII)), "HmacSHA256");
        }
        return macKey;
    }

    private Cipher cipher(int mode, byte[] nonce, String name) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, key(), new GCMParameterSpec(TAG_BITS, nonce));
        cipher.updateAAD(name.getBytes(StandardCharsets.UTF_8));
        return cipher;
    }

    private SecretKeySpec key() {
        if (key == null) {
            synchronized (this) {
                if (key == null) {
                    key = new SecretKeySpec(keyBytes(), "AES");
                }
            }
        }
        return key;
    }

    private byte[] keyBytes() {
        return keyBytes(config.secretsKey(), config.sandbox(), Path.of(config.sandboxSecretsKeyFile()), random);
    }

    /** The configured key; without one the sandbox's, generated into {@code sandboxFile} on first use. */
    static byte[] keyBytes(Optional<String> configured, boolean sandbox, Path sandboxFile, SecureRandom random) {
        if (configured.isPresent()) {
            return decode(configured.get(), "SVC_SECRETS_KEY");
        }
        if (!sandbox) {
            throw new IllegalStateException("Set SVC_SECRETS_KEY (32 random bytes, base64): production seals the secrets it"
                    + " stores with it");
        }
        try {
            if (Files.isRegularFile(sandboxFile)) {
                return decode(Files.readString(sandboxFile).trim(), sandboxFile.toString());
            }
            byte[] generated = new byte[32];
            random.nextBytes(generated);
            if (sandboxFile.getParent() != null) {
                Files.createDirectories(sandboxFile.getParent());
            }
            Files.writeString(sandboxFile, Base64.getEncoder().encodeToString(generated) + "\n");
            try {
                Files.setPosixFilePermissions(sandboxFile, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException notPosix) {
                // A file system without POSIX permissions keeps its own access rules.
            }
            return generated;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read or create the sandbox secrets key " + sandboxFile, e);
        }
    }

    private static byte[] decode(String base64, String source) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(source + " must be 32 bytes in base64");
        }
        if (bytes.length != 32) {
            throw new IllegalStateException(source + " must be 32 bytes in base64, not " + bytes.length);
        }
        return bytes;
    }
}
