package payments.wallet;

import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.math.ec.ECPoint;

import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPublicKeySpec;
import java.util.HexFormat;

/**
 * P-256 public keys as the wallet API spells them: SEC1 in hex, compressed (66 characters, 02/03)
 * or uncompressed (130 characters, 04). Decoding checks that the point lies on the curve.
 */
public final class P256 {

    /** The reference's pattern for a clientPublicKey. */
    public static final String KEY_PATTERN = "^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$";
    public static final String COMPRESSED_PATTERN = "^0[23][0-9a-fA-F]{64}$";
    public static final String UNCOMPRESSED_PATTERN = "^04[0-9a-fA-F]{128}$";

    private static final X9ECParameters CURVE = CustomNamedCurves.getByName("secp256r1");
    private static final ECParameterSpec JCA_PARAMETERS = jcaParameters();

    private P256() {
    }

    public static boolean isCompressed(String hex) {
        return hex != null && hex.matches(COMPRESSED_PATTERN);
    }

    /** The point of a SEC1 key (either form); IllegalArgumentException when it is not a point of P-256. */
    public static ECPoint point(byte[] sec1) {
        ECPoint point = CURVE.getCurve().decodePoint(sec1).normalize();
        if (point.isInfinity() || !point.isValid()) {
            throw new IllegalArgumentException("Not a P-256 point");
        }
        return point;
    }

    public static ECPoint point(String hex) {
        try {
            return point(HexFormat.of().parseHex(hex));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Not a P-256 public key in SEC1 hex", e);
        }
    }

    /** Whether {@code hex} is a SEC1 P-256 key (either form) whose point is on the curve. */
    public static boolean isValidKey(String hex) {
        if (hex == null || !hex.matches(KEY_PATTERN)) {
            return false;
        }
        try {
            point(hex);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    public static byte[] uncompressed(ECPoint point) {
        return point.getEncoded(false);
    }

    public static String compressedHex(ECPoint point) {
        return HexFormat.of().formatHex(point.getEncoded(true));
    }

    /** The same key in compressed lowercase hex, whichever form it came in. */
    public static String compressedHex(String hex) {
        return compressedHex(point(hex));
    }

    public static String uncompressedHex(ECPoint point) {
        return HexFormat.of().formatHex(point.getEncoded(false));
    }

    public static String compressedHex(ECPublicKey key) {
        return compressedHex(pointOf(key));
    }

    public static ECPoint pointOf(ECPublicKey key) {
        return CURVE.getCurve().createPoint(key.getW().getAffineX(), key.getW().getAffineY());
    }

    /** The public point of a private scalar. */
    public static ECPoint publicPoint(BigInteger scalar) {
        return CURVE.getG().multiply(scalar).normalize();
    }

    /** A JCA key for signature checks. */
    public static ECPublicKey publicKey(ECPoint point) {
        try {
            ECPoint normalized = point.normalize();
            java.security.spec.ECPoint w = new java.security.spec.ECPoint(normalized.getAffineXCoord().toBigInteger(),
                    normalized.getAffineYCoord().toBigInteger());
            return (ECPublicKey) KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(w, JCA_PARAMETERS));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot build a P-256 public key", e);
        }
    }

    public static ECParameterSpec jcaParameters() {
        if (JCA_PARAMETERS != null) {
            return JCA_PARAMETERS;
        }
        try {
            AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC");
            parameters.init(new ECGenParameterSpec("secp256r1"));
            return parameters.getParameterSpec(ECParameterSpec.class);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("P-256 is not available", e);
        }
    }
}
