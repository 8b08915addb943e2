package payments.common.security;

import org.junit.jupiter.api.Test;

import java.security.KeyPair;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ServiceKeysTest {

    /** A PKCS#8 PEM carries no public key: parse derives it, and it must be the generated key's own. */
    @Test
    void aPkcs8PemParsesToItsOwnKeyPair() {
        KeyPair generated = ServiceKeys.generate();
        KeyPair parsed = ServiceKeys.parse(ServiceKeys.toPem("PRIVATE KEY", generated.getPrivate().getEncoded()));
        // Compared by value: providers encode the same private key differently (with or without its public half).
        assertEquals(((ECPublicKey) generated.getPublic()).getW(), ((ECPublicKey) parsed.getPublic()).getW());
        assertEquals(((ECPrivateKey) generated.getPrivate()).getS(), ((ECPrivateKey) parsed.getPrivate()).getS());
        assertArrayEquals(generated.getPublic().getEncoded(), parsed.getPublic().getEncoded());
    }
}
