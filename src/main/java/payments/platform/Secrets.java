package payments.platform;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import payments.common.RunTimeRandom;

/**
 * Token secrets: 256 random bits, stored as SHA-256. A fast hash is enough here because the
 * secrets are random and long (nothing to brute-force from a dictionary), and it keeps the check
 * cheap on every request. Comparison is constant-time.
 */
final class Secrets {


    private Secrets() {
    }

    static String newSecret() {
        byte[] bytes = new byte[32];
        RunTimeRandom.secure().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    static byte[] hash(String secret) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static boolean matches(String secret, byte[] expectedHash) {
        return MessageDigest.isEqual(hash(secret), expectedHash);
    }
}
