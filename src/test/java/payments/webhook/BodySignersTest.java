package payments.webhook;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class BodySignersTest {

    private static final byte[] BODY = "{\"id\":\"Webhook:1\",\"type\":\"TEST\",\"timestamp\":\"2026-11-27T00:00:00Z\",\"data\":{}}"
            .getBytes(StandardCharsets.UTF_8);

    @Test
    void theNativeProviderSignsOnLinuxX8664() throws Exception {
        assumeTrue(System.getProperty("os.name").startsWith("Linux") && System.getProperty("os.arch").equals("amd64"));
        BodySigner signer = BodySigners.fastest(newKeyPair().getPrivate());
        assertEquals("AmazonCorrettoCryptoProvider", assertInstanceOf(BodySigners.JcaBodySigner.class, signer).provider().getName());
    }

    /** Whichever way signs, the JDK verifies the signature with the public key alone, and a changed body fails. */
    @Test
    void signaturesOfEitherSignerVerifyWithTheJdk() throws Exception {
        KeyPair pair = newKeyPair();
        for (BodySigner signer : new BodySigner[] {BodySigners.fastest(pair.getPrivate()), BodySigners.portable(pair.getPrivate())}) {
            byte[] signature = signer.sign(BODY);
            assertTrue(verifies(pair, BODY, signature), signer.getClass().getSimpleName());
            byte[] changed = BODY.clone();
            changed[2] = 'j';
            assertFalse(verifies(pair, changed, signature), signer.getClass().getSimpleName());
        }
    }

    /** RFC 6979: the portable signer draws no random nonce, so one body and one key always sign the same. */
    @Test
    void thePortableSignerNeedsNoRandomSource() throws Exception {
        KeyPair pair = newKeyPair();
        BodySigner signer = BodySigners.portable(pair.getPrivate());
        assertArrayEquals(signer.sign(BODY), signer.sign(BODY));
        assertFalse(java.util.Arrays.equals(signer.sign(BODY), signer.sign("{}".getBytes(StandardCharsets.UTF_8))));
    }

    private static KeyPair newKeyPair() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    private static boolean verifies(KeyPair pair, byte[] body, byte[] signature) throws Exception {
        Signature verifier = Signature.getInstance("SHA256withECDSA");
        verifier.initVerify(pair.getPublic());
        verifier.update(body);
        return verifier.verify(signature);
    }
}
