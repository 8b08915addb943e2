package payments.account;

import io.github.novacrypto.base58.Base58;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.asn1.x9.X9IntegerConverter;
import org.bouncycastle.crypto.digests.KeccakDigest;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.Ed25519PublicKeyParameters;
import org.bouncycastle.crypto.signers.Ed25519Signer;
import org.bouncycastle.math.ec.ECAlgorithms;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.util.encoders.Hex;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;

/**
 * Checks that a wallet signed a message: EIP-191 personal signatures for EVM chains (the signer's
 * public key is recovered and its address compared), Ed25519 for Solana. Curve and hash work is
 * BouncyCastle's; this class only assembles the standard steps.
 */
public final class WalletSignatures {

    static final Set<String> EVM_WALLETS = Set.of("BASE_WALLET", "ETHEREUM_WALLET", "POLYGON_WALLET", "PLASMA_WALLET");
    private static final X9ECParameters SECP256K1 = CustomNamedCurves.getByName("secp256k1");

    private WalletSignatures() {
    }

    /** Whether signatures of this wallet type can be checked here. */
    public static boolean supports(String accountType) {
        return EVM_WALLETS.contains(accountType) || "SOLANA_WALLET".equals(accountType);
    }

    public static boolean verify(String accountType, String address, String message, String signature) {
        try {
            if (EVM_WALLETS.contains(accountType)) {
                return verifyEvm(address, message, signature);
            }
            if ("SOLANA_WALLET".equals(accountType)) {
                return verifySolana(address, message, signature);
            }
            return false;
        } catch (RuntimeException malformed) {
            return false;
        }
    }

    private static boolean verifyEvm(String address, String message, String signature) {
        byte[] sig = Hex.decode(signature.startsWith("0x") ? signature.substring(2) : signature);
        if (sig.length != 65) {
            return false;
        }
        byte[] text = message.getBytes(StandardCharsets.UTF_8);
        byte[] prefix = ("\u0019Ethereum Signed Message:\n" + text.length).getBytes(StandardCharsets.UTF_8);
        byte[] hash = keccak(concat(prefix, text));
        int v = sig[64] & 0xFF;
        int recoveryId = v >= 27 ? v - 27 : v;
        if (recoveryId < 0 || recoveryId > 1) {
            return false;
        }
        ECPoint key = recover(recoveryId, new BigInteger(1, Arrays.copyOfRange(sig, 0, 32)),
                new BigInteger(1, Arrays.copyOfRange(sig, 32, 64)), hash);
        if (key == null) {
            return false;
        }
        byte[] encoded = key.getEncoded(false);
        byte[] keyHash = keccak(Arrays.copyOfRange(encoded, 1, encoded.length));
        String recovered = Hex.toHexString(Arrays.copyOfRange(keyHash, 12, 32));
        return recovered.equalsIgnoreCase(address.substring(2));
    }

    /** Public key recovery from an ECDSA signature (SEC 1 v2, section 4.1.6). */
    private static ECPoint recover(int recoveryId, BigInteger r, BigInteger s, byte[] hash) {
        BigInteger n = SECP256K1.getN();
        if (r.signum() <= 0 || r.compareTo(n) >= 0 || s.signum() <= 0 || s.compareTo(n) >= 0) {
            return null;
        }
        X9IntegerConverter converter = new X9IntegerConverter();
        byte[] compressed = converter.integerToBytes(r, 1 + converter.getByteLength(SECP256K1.getCurve()));
        compressed[0] = (byte) ((recoveryId & 1) == 1 ? 0x03 : 0x02);
        ECPoint point = SECP256K1.getCurve().decodePoint(compressed);
        if (!point.multiply(n).isInfinity()) {
            return null;
        }
        BigInteger e = new BigInteger(1, hash);
        BigInteger rInverse = r.modInverse(n);
        ECPoint key = ECAlgorithms.sumOfTwoMultiplies(SECP256K1.getG(), e.negate().mod(n).multiply(rInverse).mod(n),
                point, s.multiply(rInverse).mod(n));
        return key.isInfinity() ? null : key.normalize();
    }

    private static boolean verifySolana(String address, String message, String signature) {
        byte[] key = Base58.base58Decode(address);
        byte[] sig = Base58.base58Decode(signature);
        if (key.length != 32 || sig.length != 64) {
            return false;
        }
        Ed25519Signer verifier = new Ed25519Signer();
        verifier.init(false, new Ed25519PublicKeyParameters(key, 0));
        byte[] text = message.getBytes(StandardCharsets.UTF_8);
        verifier.update(text, 0, text.length);
        return verifier.verifySignature(sig);
    }

    private static byte[] keccak(byte[] input) {
        KeccakDigest digest = new KeccakDigest(256);
        digest.update(input, 0, input.length);
        byte[] out = new byte[32];
        digest.doFinal(out, 0);
        return out;
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] all = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }
}
