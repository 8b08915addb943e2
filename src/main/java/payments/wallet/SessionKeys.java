package payments.wallet;

import io.github.novacrypto.base58.Base58;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.util.Arrays;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The deprecated session-key model: the service makes the session's P-256 key and seals its 32-byte
 * private scalar to the client's uncompressed key with {@link Hpke}; the client gets base58check of
 * the compressed encapsulated key (33 bytes) followed by the ciphertext and tag.
 */
final class SessionKeys {

    private SessionKeys() {
    }

    record Legacy(String publicKey, String encryptedSessionSigningKey) {
    }

    static Legacy sealNewKey(String clientPublicKeyHex) {
        AsymmetricCipherKeyPair sessionKey = Hpke.newKeyPair();
        byte[] scalar = Hpke.privateKey(sessionKey);
        Hpke.Sealed sealed = Hpke.seal(HexFormat.of().parseHex(clientPublicKeyHex), scalar);
        java.util.Arrays.fill(scalar, (byte) 0);
        byte[] compressedEnc = P256.point(sealed.encapsulatedKey()).getEncoded(true);
        String publicKey = P256.compressedHex(P256.point(Hpke.publicKey(sessionKey)));
        return new Legacy(publicKey, base58Check(Arrays.concatenate(compressedEnc, sealed.ciphertext())));
    }

    /** Base58 of the payload followed by the first four bytes of its double SHA-256. */
    static String base58Check(byte[] payload) {
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            byte[] checksum = sha256.digest(sha256.digest(payload));
            return Base58.base58Encode(Arrays.concatenate(payload, Arrays.copyOf(checksum, 4)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
