import org.bouncycastle.crypto.hpke.HPKE;
import org.bouncycastle.crypto.hpke.HPKEContextWithEncapsulation;
import org.bouncycastle.crypto.params.AsymmetricKeyParameter;
import org.bouncycastle.jce.ECNamedCurveTable;
import org.bouncycastle.jce.spec.ECNamedCurveParameterSpec;
import org.bouncycastle.math.ec.ECPoint;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a wallet app does on the device, for the README walkthrough (HPKE and stamps cannot be typed
 * into curl). Run with the server's own libraries on the class path:
 *
 *   java -cp "target/quarkus-app/lib/main/*" tools/WalletClient.java keygen tek
 *   java -cp "target/quarkus-app/lib/main/*" tools/WalletClient.java seal-otp tek 000000 "$BUNDLE"
 *   java -cp "target/quarkus-app/lib/main/*" tools/WalletClient.java stamp tek "$PAYLOAD"
 *
 * keygen NAME          makes a P-256 key pair in $WALLET_KEYS_DIR (default .wallet-keys)/NAME.{key,pub}; prints the compressed public key
 * seal-otp NAME CODE B verifies the otpEncryptionTargetBundle B and HPKE-seals {otp_code, public_key of NAME} to it;
 *                      prints the encryptedOtpBundle (DHKEM(P-256), HKDF-SHA256, AES-256-GCM, info turnkey_hpke,
 *                      AAD = encapsulated key || target key)
 * stamp NAME PAYLOAD   prints the Svc-Wallet-Signature value: base64url {publicKey, scheme, signature}, ECDSA
 *                      P-256 / SHA-256 over the exact payload bytes
 */
public class WalletClient {

    /** Where keys are kept: WALLET_KEYS_DIR (the README's blocks point it at their scratch folder), else .wallet-keys here. */
    private static final Path KEYS = Path.of(System.getenv().getOrDefault("WALLET_KEYS_DIR", ".wallet-keys"));

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: keygen NAME | seal-otp NAME CODE BUNDLE | stamp NAME PAYLOAD");
            System.exit(2);
        }
        switch (args[0]) {
            case "keygen" -> System.out.println(keygen(args[1]));
            case "seal-otp" -> System.out.println(sealOtp(load(args[1]), args[2], args[3]));
            case "stamp" -> System.out.println(stamp(load(args[1]), args[2]));
            default -> {
                System.err.println("unknown command " + args[0]);
                System.exit(2);
            }
        }
    }

    static String keygen(String name) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair pair = generator.generateKeyPair();
        Files.createDirectories(KEYS);
        Files.write(KEYS.resolve(name + ".key"), pair.getPrivate().getEncoded());
        Files.write(KEYS.resolve(name + ".pub"), pair.getPublic().getEncoded());
        return compressed(pair.getPublic());
    }

    static KeyPair load(String name) throws Exception {
        KeyFactory factory = KeyFactory.getInstance("EC");
        PrivateKey privateKey = factory.generatePrivate(new PKCS8EncodedKeySpec(Files.readAllBytes(KEYS.resolve(name + ".key"))));
        PublicKey publicKey = factory.generatePublic(new X509EncodedKeySpec(Files.readAllBytes(KEYS.resolve(name + ".pub"))));
        return new KeyPair(publicKey, privateKey);
    }

    static String sealOtp(KeyPair tek, String code, String bundle) throws Exception {
        byte[] data = HexFormat.of().parseHex(field(bundle, "data"));
        String enclaveKey = field(bundle, "enclaveQuorumPublic");
        String dataSignature = field(bundle, "dataSignature");
        if (!enclaveKey.isEmpty()) {
            Signature verifier = Signature.getInstance("SHA256withECDSA");
            verifier.initVerify(publicKey(HexFormat.of().parseHex(enclaveKey)));
            verifier.update(data);
            if (!verifier.verify(HexFormat.of().parseHex(dataSignature))) {
                throw new IllegalStateException("The bundle's dataSignature does not verify");
            }
        }
        byte[] target = HexFormat.of().parseHex(field(new String(data, StandardCharsets.UTF_8), "targetPublic"));
        String plaintext = "{\"otp_code\":\"" + code + "\",\"public_key\":\"" + compressed(tek.getPublic()) + "\"}";
        HPKE hpke = new HPKE(HPKE.mode_base, HPKE.kem_P256_SHA256, HPKE.kdf_HKDF_SHA256, HPKE.aead_AES_GCM256);
        AsymmetricKeyParameter recipient = hpke.deserializePublicKey(target);
        HPKEContextWithEncapsulation context = hpke.setupBaseS(recipient, "turnkey_hpke".getBytes(StandardCharsets.US_ASCII));
        byte[] enc = context.getEncapsulation();
        byte[] aad = new byte[enc.length + target.length];
        System.arraycopy(enc, 0, aad, 0, enc.length);
        System.arraycopy(target, 0, aad, enc.length, target.length);
        byte[] ciphertext = context.seal(aad, plaintext.getBytes(StandardCharsets.UTF_8));
        return "{\"encappedPublic\":\"" + HexFormat.of().formatHex(enc) + "\",\"ciphertext\":\"" + HexFormat.of().formatHex(ciphertext) + "\"}";
    }

    static String stamp(KeyPair key, String payload) throws Exception {
        Signature signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(key.getPrivate());
        signer.update(payload.getBytes(StandardCharsets.UTF_8));
        String json = "{\"publicKey\":\"" + compressed(key.getPublic()) + "\",\"scheme\":\"SIGNATURE_SCHEME_TK_API_P256\",\"signature\":\""
                + HexFormat.of().formatHex(signer.sign()) + "\"}";
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    static String compressed(PublicKey key) {
        ECPublicKey ec = (ECPublicKey) key;
        ECNamedCurveParameterSpec curve = ECNamedCurveTable.getParameterSpec("secp256r1");
        ECPoint point = curve.getCurve().createPoint(ec.getW().getAffineX(), ec.getW().getAffineY());
        return HexFormat.of().formatHex(point.getEncoded(true));
    }

    static PublicKey publicKey(byte[] sec1) throws Exception {
        ECNamedCurveParameterSpec curve = ECNamedCurveTable.getParameterSpec("secp256r1");
        ECPoint point = curve.getCurve().decodePoint(sec1).normalize();
        KeyFactory factory = KeyFactory.getInstance("EC", new org.bouncycastle.jce.provider.BouncyCastleProvider());
        return factory.generatePublic(new org.bouncycastle.jce.spec.ECPublicKeySpec(point, curve));
    }

    /** A string field of a flat JSON object (bundles are flat). */
    static String field(String json, String name) {
        Matcher matcher = Pattern.compile("\"" + Pattern.quote(name) + "\"\\s*:\\s*\"([^\"]*)\"").matcher(json);
        if (!matcher.find()) {
            throw new IllegalArgumentException("No " + name + " in " + json);
        }
        return matcher.group(1);
    }
}
