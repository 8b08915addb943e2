package payments.common.security;

import org.junit.jupiter.api.Test;

import java.security.KeyPair;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ServiceKeysTest {

    /** A PKCS#8 PEM carries no public key: parse derives it, and it must be the generated key's own. */
    @Test
    void aPkcs8PemParsesToItsOwnKeyPair() {
        KeyPair generated = ServiceKeys.generate();
        KeyPair parsed = ServiceKeys.parse(ServiceKeys.toPem("PRIVATE KEY", generated.getPrivate().getEncoded()));
        assertArrayEquals(generated.getPublic().getEncoded(), parsed.getPublic().getEncoded());
        assertArrayEquals(generated.getPrivate().getEncoded(), parsed.getPrivate().getEncoded());
        assertEquals("EC", parsed.getPublic().getAlgorithm());
    }
}
