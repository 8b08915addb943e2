package payments.webhook;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class SigningProvidersTest {

    private static final byte[] BODY = "{\"id\":\"Webhook:1\",\"type\":\"TEST\",\"timestamp\":\"2026-11-27T00:00:00Z\",\"data\":{}}"
            .getBytes(StandardCharsets.UTF_8);

    @Test
    void theNativeProviderSignsOnLinuxX8664() {
        assumeTrue(System.getProperty("os.name").startsWith("Linux") && System.getProperty("os.arch").equals("amd64"));
        assertEquals("AmazonCorrettoCryptoProvider", SigningProviders.fastest().getName());
    }

    /** Whichever provider signs, the JDK verifies the signature with the public key alone, and a changed body fails. */
    @Test
    void signaturesOfEitherProviderVerifyWithTheJdk() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair pair = generator.generateKeyPair();
        for (Provider provider : new Provider[] {SigningProviders.fastest(), SigningProviders.portable()}) {
            PrivateKey key = KeyFactory.getInstance("EC", provider).generatePrivate(new PKCS8EncodedKeySpec(pair.getPrivate().getEncoded()));
            Signature signer = Signature.getInstance("SHA256withECDSA", provider);
            signer.initSign(key);
            signer.update(BODY);
            byte[] signature = signer.sign();
            assertTrue(verifies(pair, BODY, signature), provider.getName());
            byte[] changed = BODY.clone();
            changed[2] = 'j';
            assertFalse(verifies(pair, changed, signature), provider.getName());
        }
    }

    private static boolean verifies(KeyPair pair, byte[] body, byte[] signature) throws Exception {
        Signature verifier = Signature.getInstance("SHA256withECDSA");
        verifier.initVerify(pair.getPublic());
        verifier.update(body);
        return verifier.verify(signature);
    }
}
