package payments.wallet;

import com.google.crypto.tink.InsecureSecretKeyAccess;
import com.google.crypto.tink.hybrid.HpkeParameters;
import com.google.crypto.tink.hybrid.HpkePrivateKey;
import com.google.crypto.tink.hybrid.HpkePublicKey;
import com.google.crypto.tink.hybrid.internal.HpkeContext;
import com.google.crypto.tink.hybrid.internal.HpkeEncrypt;
import com.google.crypto.tink.hybrid.internal.HpkeKemKeyFactory;
import com.google.crypto.tink.hybrid.internal.HpkePrimitiveFactory;
import com.google.crypto.tink.util.Bytes;
import com.google.crypto.tink.util.SecretBytes;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.hpke.HPKEContext;
import org.bouncycastle.util.Arrays;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Our HPKE against Google Tink, an implementation this project did not write: what we seal, Tink
 * opens (same suite, info and associated data); what Tink seals, the BouncyCastle suite we use opens.
 */
class HpkeInteropTest {

    private static final HpkeParameters SUITE = suite();

    @Test
    void tinkOpensWhatWeSeal() throws GeneralSecurityException {
        AsymmetricCipherKeyPair recipient = Hpke.newKeyPair();
        byte[] recipientKey = Hpke.publicKey(recipient);
        byte[] message = "{\"otp_code\":\"000000\",\"public_key\":\"02ab\"}".getBytes(StandardCharsets.UTF_8);

        Hpke.Sealed sealed = Hpke.seal(recipientKey, message);

        HpkePrivateKey tinkKey = tinkPrivateKey(recipient);
        HpkeContext tink = HpkeContext.createRecipientContext(sealed.encapsulatedKey(), HpkeKemKeyFactory.createPrivate(tinkKey),
                HpkePrimitiveFactory.createKem(SUITE.getKemId()), HpkePrimitiveFactory.createKdf(SUITE.getKdfId()),
                HpkePrimitiveFactory.createAead(SUITE.getAeadId()), Hpke.INFO);
        assertArrayEquals(message, tink.open(sealed.ciphertext(), Arrays.concatenate(sealed.encapsulatedKey(), recipientKey)));
        assertEquals(65, sealed.encapsulatedKey().length);
        assertEquals(message.length + 16, sealed.ciphertext().length);
    }

    @Test
    void weOpenWhatTinkSeals() throws Exception {
        AsymmetricCipherKeyPair recipient = Hpke.newKeyPair();
        byte[] message = "a mnemonic of twelve words".getBytes(StandardCharsets.UTF_8);
        // Tink's hybrid encryption: HPKE info = context info, empty associated data, output enc || ciphertext.
        byte[] output = HpkeEncrypt.create(tinkPrivateKey(recipient).getPublicKey()).encrypt(message, Hpke.INFO);
        byte[] enc = java.util.Arrays.copyOf(output, 65);
        byte[] ciphertext = java.util.Arrays.copyOfRange(output, 65, output.length);

        HPKEContext ours = Hpke.suite().setupBaseR(enc, recipient, Hpke.INFO);
        assertArrayEquals(message, ours.open(new byte[0], ciphertext));
    }

    @Test
    void alteredCiphertextOrOtherRecipientIsRefused() {
        AsymmetricCipherKeyPair recipient = Hpke.newKeyPair();
        Hpke.Sealed sealed = Hpke.seal(Hpke.publicKey(recipient), new byte[]{1, 2, 3});
        byte[] altered = sealed.ciphertext().clone();
        altered[0] ^= 1;
        assertThrows(InvalidCipherTextException.class, () -> Hpke.open(sealed.encapsulatedKey(), altered, recipient));
        assertThrows(InvalidCipherTextException.class, () -> Hpke.open(sealed.encapsulatedKey(), sealed.ciphertext(), Hpke.newKeyPair()));
    }

    private static HpkePrivateKey tinkPrivateKey(AsymmetricCipherKeyPair pair) throws GeneralSecurityException {
        HpkePublicKey publicKey = HpkePublicKey.create(SUITE, Bytes.copyFrom(Hpke.publicKey(pair)), null);
        return HpkePrivateKey.create(publicKey, SecretBytes.copyFrom(Hpke.privateKey(pair), InsecureSecretKeyAccess.get()));
    }

    private static HpkeParameters suite() {
        try {
            return HpkeParameters.builder()
                    .setKemId(HpkeParameters.KemId.DHKEM_P256_HKDF_SHA256)
                    .setKdfId(HpkeParameters.KdfId.HKDF_SHA256)
                    .setAeadId(HpkeParameters.AeadId.AES_256_GCM)
                    .setVariant(HpkeParameters.Variant.NO_PREFIX)
                    .build();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
