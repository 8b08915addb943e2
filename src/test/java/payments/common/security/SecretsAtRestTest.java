package payments.common.security;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sealing secrets stored in the database, and where the sealing key comes from in each mode. */
class SecretsAtRestTest {

    private static final String KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

    @Test
    void aSealedValueOpensOnlyWithItsKeyAndUnderItsName() {
        SecretsAtRest secrets = new SecretsAtRest(java.util.Base64.getDecoder().decode(KEY));
        String sealed = secrets.seal("webhook.signing-key", "-----BEGIN PRIVATE KEY-----");

        assertTrue(SecretsAtRest.isSealed(sealed));
        assertTrue(!sealed.contains("PRIVATE"));
        assertEquals("-----BEGIN PRIVATE KEY-----", secrets.open("webhook.signing-key", sealed));
        assertTrue(!sealed.equals(secrets.seal("webhook.signing-key", "-----BEGIN PRIVATE KEY-----")), "a fresh nonce each time");
        assertThrows(IllegalStateException.class, () -> secrets.open("another.secret", sealed));
        assertThrows(IllegalStateException.class, () -> new SecretsAtRest(new byte[32]).open("webhook.signing-key", sealed));
        char[] tampered = sealed.toCharArray();
        tampered[10] = tampered[10] == 'A' ? 'B' : 'A';
        assertThrows(IllegalStateException.class, () -> secrets.open("webhook.signing-key", new String(tampered)));
    }

    /** A one-time code's MAC: not its plain SHA-256, different under another key or name, and computed independently here. */
    @Test
    void aCodesMacNeedsTheKeyAndIsBoundToItsName() throws Exception {
        SecretsAtRest secrets = new SecretsAtRest(java.util.Base64.getDecoder().decode(KEY));
        String mac = secrets.mac("otp-code:1", "123456");
        javax.crypto.Mac hmac = javax.crypto.Mac.getInstance("HmacSHA256");
        hmac.init(new javax.crypto.spec.SecretKeySpec(java.util.Base64.getDecoder().decode(KEY), "HmacSHA256"));
        byte[] macKey = hmac.doFinal("payments secrets: mac key v1".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        hmac.init(new javax.crypto.spec.SecretKeySpec(macKey, "HmacSHA256"));
        byte[] expected = hmac.doFinal("otp-code:1\u0000123456".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(java.util.HexFormat.of().formatHex(expected), mac);
        assertTrue(!mac.equals(payments.common.Sha256.hex("123456")));
        assertTrue(!mac.equals(secrets.mac("otp-code:2", "123456")));
        assertTrue(!mac.equals(new SecretsAtRest(new byte[32]).mac("otp-code:1", "123456")));
    }

    @Test
    void theSandboxGeneratesItsKeyOnceAndKeepsIt(@TempDir Path data) throws Exception {
        Path file = data.resolve("secrets.key");
        byte[] first = SecretsAtRest.keyBytes(Optional.empty(), true, file, new SecureRandom());
        byte[] again = SecretsAtRest.keyBytes(Optional.empty(), true, file, new SecureRandom());
        assertEquals(32, first.length);
        assertArrayEquals(first, again);
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    @Test
    void productionNeedsAConfiguredKeyOfThirtyTwoBytes(@TempDir Path data) {
        Path file = data.resolve("secrets.key");
        IllegalStateException missing = assertThrows(IllegalStateException.class,
                () -> SecretsAtRest.keyBytes(Optional.empty(), false, file, new SecureRandom()));
        assertTrue(missing.getMessage().contains("SVC_SECRETS_KEY"));
        assertTrue(Files.notExists(file));
        assertThrows(IllegalStateException.class, () -> SecretsAtRest.keyBytes(Optional.of("c2hvcnQ="), false, file, new SecureRandom()));
        assertEquals(32, SecretsAtRest.keyBytes(Optional.of(KEY), false, file, new SecureRandom()).length);
    }
}
