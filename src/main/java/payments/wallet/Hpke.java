package payments.wallet;

import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.hpke.HPKE;
import org.bouncycastle.crypto.hpke.HPKEContext;
import org.bouncycastle.crypto.hpke.HPKEContextWithEncapsulation;
import org.bouncycastle.crypto.params.AsymmetricKeyParameter;
import org.bouncycastle.util.Arrays;

import java.nio.charset.StandardCharsets;

/**
 * HPKE as the wallet flows use it (RFC 9180 base mode, single shot): DHKEM(P-256, HKDF-SHA256),
 * HKDF-SHA256, AES-256-GCM, info {@code turnkey_hpke}, and as associated data the encapsulated key
 * followed by the recipient's key, both uncompressed. BouncyCastle does the cryptography.
 */
public final class Hpke {

    public static final byte[] INFO = "turnkey_hpke".getBytes(StandardCharsets.US_ASCII);

    private Hpke() {
    }

    /** Encapsulated key (65 bytes, uncompressed) and ciphertext with its 16-byte tag. */
    public record Sealed(byte[] encapsulatedKey, byte[] ciphertext) {
    }

    static HPKE suite() {
        return new HPKE(HPKE.mode_base, HPKE.kem_P256_SHA256, HPKE.kdf_HKDF_SHA256, HPKE.aead_AES_GCM256);
    }

    /** A fresh recipient key pair (the service's side of an OTP bundle, the legacy session key). */
    public static AsymmetricCipherKeyPair newKeyPair() {
        return suite().generatePrivateKey();
    }

    public static byte[] publicKey(AsymmetricCipherKeyPair pair) {
        return suite().serializePublicKey(pair.getPublic());
    }

    public static byte[] privateKey(AsymmetricCipherKeyPair pair) {
        return suite().serializePrivateKey(pair.getPrivate());
    }

    /** The pair of a stored 32-byte scalar. */
    public static AsymmetricCipherKeyPair keyPair(byte[] privateKey) {
        byte[] publicKey = P256.uncompressed(P256.publicPoint(new java.math.BigInteger(1, privateKey)));
        return suite().deserializePrivateKey(privateKey, publicKey);
    }

    /** Seals {@code plaintext} to a P-256 key given in SEC1 (either form). */
    public static Sealed seal(byte[] recipientKey, byte[] plaintext) {
        return seal(recipientKey, plaintext, null);
    }

    /** As {@link #seal(byte[], byte[])}, with a chosen ephemeral key pair (test vectors); null for a fresh one. */
    static Sealed seal(byte[] recipientKey, byte[] plaintext, AsymmetricCipherKeyPair ephemeral) {
        HPKE hpke = suite();
        byte[] recipient = P256.uncompressed(P256.point(recipientKey));
        AsymmetricKeyParameter pkR = hpke.deserializePublicKey(recipient);
        HPKEContextWithEncapsulation context = ephemeral == null ? hpke.setupBaseS(pkR, INFO)
                : hpke.setupBaseS(pkR, INFO, ephemeral);
        byte[] enc = context.getEncapsulation();
        try {
            return new Sealed(enc, context.seal(Arrays.concatenate(enc, recipient), plaintext));
        } catch (InvalidCipherTextException e) {
            throw new IllegalStateException("HPKE seal failed", e);
        }
    }

    /**
     * Opens what was sealed to {@code recipient}; InvalidCipherTextException when it was not, was
     * altered, or the encapsulated key is not an uncompressed P-256 point (RFC 9180's encoding).
     */
    public static byte[] open(byte[] encapsulatedKey, byte[] ciphertext, AsymmetricCipherKeyPair recipient)
            throws InvalidCipherTextException {
        if (encapsulatedKey.length != 65) {
            throw new InvalidCipherTextException("The encapsulated key must be an uncompressed P-256 point");
        }
        try {
            P256.point(encapsulatedKey);
        } catch (IllegalArgumentException e) {
            throw new InvalidCipherTextException("The encapsulated key is not a P-256 point");
        }
        HPKE hpke = suite();
        byte[] recipientKey = hpke.serializePublicKey(recipient.getPublic());
        HPKEContext context = hpke.setupBaseR(encapsulatedKey, recipient, INFO);
        return context.open(Arrays.concatenate(encapsulatedKey, recipientKey), ciphertext);
    }
}
