package payments.wallet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.hpke.HPKE;
import org.bouncycastle.crypto.hpke.HPKEContextWithEncapsulation;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The CFRG HPKE known answer for exactly the wallet suite (mode 0 base, KEM 0x0010 DHKEM(P-256,
 * HKDF-SHA256), KDF 0x0001 HKDF-SHA256, AEAD 0x0002 AES-256-GCM), as BoringSSL ships it: the
 * ephemeral key derived from ikmE, sealed to pkRm with info and aad, must give ct byte for byte.
 */
class HpkeVectorsTest {

    private static final HexFormat HEX = HexFormat.of();

    private static JsonNode vector() throws Exception {
        try (InputStream in = HpkeVectorsTest.class.getResourceAsStream("/hpke/cfrg-p256-sha256-aes256gcm-base.json")) {
            return new ObjectMapper().readTree(in);
        }
    }

    private static byte[] hex(JsonNode node, String field) {
        return HEX.parseHex(node.get(field).asText());
    }

    @Test
    void theVectorIsForTheWalletSuite() throws Exception {
        JsonNode v = vector();
        assertEquals(0, v.get("mode").asInt());
        assertEquals(HPKE.kem_P256_SHA256, v.get("kem_id").asInt());
        assertEquals(HPKE.kdf_HKDF_SHA256, v.get("kdf_id").asInt());
        assertEquals(HPKE.aead_AES_GCM256, v.get("aead_id").asInt());
    }

    @Test
    void sealingWithTheDerivedEphemeralKeyGivesTheVectorsCiphertext() throws Exception {
        JsonNode v = vector();
        HPKE suite = Hpke.suite();
        AsymmetricCipherKeyPair ephemeral = suite.deriveKeyPair(hex(v, "ikmE"));
        HPKEContextWithEncapsulation sender = suite.setupBaseS(suite.deserializePublicKey(hex(v, "pkRm")), hex(v, "info"), ephemeral);
        assertArrayEquals(hex(v, "ct"), sender.seal(hex(v, "aad"), hex(v, "pt")));
    }

    @Test
    void ourSealUsesThatSuite() throws Exception {
        // Same suite, our associated data (enc || pkR): a recipient of the vector's key pair shape opens it,
        // and changing one byte of the info-bound context (another recipient) does not.
        AsymmetricCipherKeyPair recipient = Hpke.newKeyPair();
        Hpke.Sealed sealed = Hpke.seal(Hpke.publicKey(recipient), hex(vector(), "pt"));
        assertArrayEquals(hex(vector(), "pt"), Hpke.open(sealed.encapsulatedKey(), sealed.ciphertext(), recipient));
        assertThrows(InvalidCipherTextException.class, () -> Hpke.open(sealed.encapsulatedKey(), sealed.ciphertext(), Hpke.newKeyPair()));
    }
}
