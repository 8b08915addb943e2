package payments.wallet;

import org.junit.jupiter.api.Test;
import payments.common.ApiException;
import payments.common.ErrorCode;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Stamps made by a plain JCA signer, as a client SDK would, checked by {@link Stamp}. */
class StampTest {

    @Test
    void aJcaStampVerifiesOverTheExactPayloadOnly() throws Exception {
        KeyPair key = newKey();
        String payload = "{\"organizationId\":\"org_x\",\"parameters\":{},\"timestampMs\":\"1\",\"type\":\"ACTIVITY_TYPE_X\"}";
        Stamp stamp = Stamp.parse(WalletClientStamps.stamp(key, payload));
        assertTrue(stamp.verifies(payload));
        assertFalse(stamp.verifies(payload + " "));
        assertFalse(stamp.verifies(payload.replace("org_x", "org_y")));
    }

    @Test
    void highSSignaturesAreAccepted() throws Exception {
        KeyPair key = newKey();
        String payload = "payload";
        byte[] der = sign(key, payload);
        byte[] flipped = flipS(der);
        String header = header(key, flipped);
        assertTrue(Stamp.parse(header).verifies(payload), "the same signature with S replaced by n - S");
    }

    @Test
    void paddedBase64IsAccepted() throws Exception {
        KeyPair key = newKey();
        String padded = WalletClientStamps.stamp(key, "p");
        while (padded.length() % 4 != 0) {
            padded += "=";
        }
        assertTrue(Stamp.parse(padded).verifies("p"));
    }

    @Test
    void unreadableStampsAreMalformedAndAbsentOnesMissing() throws Exception {
        assertEquals(ErrorCode.WALLET_SIGNATURE_MISSING.name(), assertThrows(ApiException.class, () -> Stamp.parse(null)).code());
        for (String bad : new String[]{"not base64 !", b64("[]"), b64("{\"publicKey\":\"02ab\",\"scheme\":\"SIGNATURE_SCHEME_TK_API_P256\",\"signature\":\"3045\"}"),
                b64("{\"publicKey\":\"" + P256.compressedHex((ECPublicKey) newKey().getPublic()) + "\",\"scheme\":\"OTHER\",\"signature\":\"30450221\"}")}) {
            assertEquals(ErrorCode.WALLET_SIGNATURE_MALFORMED.name(), assertThrows(ApiException.class, () -> Stamp.parse(bad)).code(), bad);
        }
    }

    private static String b64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    private static String header(KeyPair key, byte[] der) {
        return b64("{\"publicKey\":\"" + P256.compressedHex((ECPublicKey) key.getPublic()) + "\",\"scheme\":\"" + Stamp.SCHEME
                + "\",\"signature\":\"" + HexFormat.of().formatHex(der) + "\"}");
    }

    private static KeyPair newKey() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    private static byte[] sign(KeyPair key, String payload) throws Exception {
        Signature signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(key.getPrivate());
        signer.update(payload.getBytes(StandardCharsets.UTF_8));
        return signer.sign();
    }

    /** The DER signature (r, n - s): as valid as (r, s), and exactly one of the two has a high S. */
    private static byte[] flipS(byte[] der) throws Exception {
        org.bouncycastle.asn1.ASN1Sequence sequence = org.bouncycastle.asn1.ASN1Sequence.getInstance(der);
        BigInteger r = ((org.bouncycastle.asn1.ASN1Integer) sequence.getObjectAt(0)).getValue();
        BigInteger s = ((org.bouncycastle.asn1.ASN1Integer) sequence.getObjectAt(1)).getValue();
        BigInteger n = P256.jcaParameters().getOrder();
        return new org.bouncycastle.asn1.DERSequence(new org.bouncycastle.asn1.ASN1Encodable[]{
                new org.bouncycastle.asn1.ASN1Integer(r), new org.bouncycastle.asn1.ASN1Integer(n.subtract(s))}).getEncoded();
    }
}
