package payments.webhook;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.jce.ECNamedCurveTable;
import org.bouncycastle.jce.spec.ECNamedCurveParameterSpec;
import org.bouncycastle.jce.spec.ECPublicKeySpec;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.util.io.pem.PemObject;
import org.bouncycastle.util.io.pem.PemWriter;
import payments.common.ServerConfig;
import payments.common.ServerSettingsStore;
import payments.common.security.SecretsAtRest;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;

/**
 * Signs webhook bodies with the server's P-256 key: ECDSA over SHA-256 of the exact body bytes, DER
 * encoded, base64, in the header {@code {"v":"1","s":"..."}}. The key comes from configuration, or
 * is generated once and stored in the database so every instance and every restart signs with the
 * same key.
 */
@ApplicationScoped
public class WebhookSigner {

    public static final String HEADER = "X-Svc-Signature";
    static final String KEY_SETTING = "webhook.signing-key";

    private final ServerSettingsStore settings;
    private final SecretsAtRest secrets;
    private final ServerConfig config;
    private volatile KeyPair keyPair;
    private volatile String publicKeyPem;

    public WebhookSigner(ServerSettingsStore settings, ServerConfig config, SecretsAtRest secrets) {
        this.secrets = secrets;
        this.settings = settings;
        this.config = config;
    }

    /** Loads the key before the server takes requests (start-up may block; request paths never do). */
    void load(@Observes @Priority(10) StartupEvent event) {
        String pem = config.webhookSigningKey().orElseGet(this::storedOrGeneratedKey);
        keyPair = parse(pem);
        publicKeyPem = toPem("PUBLIC KEY", keyPair.getPublic().getEncoded());
    }

    public String publicKeyPem() {
        return publicKeyPem;
    }

    public String signatureHeader(String body) {
        return "{\"v\":\"1\",\"s\":\"" + sign(body.getBytes(StandardCharsets.UTF_8)) + "\"}";
    }

    String sign(byte[] body) {
        try {
            Signature signature = Signature.getInstance("SHA256withECDSA");
            signature.initSign(keyPair.getPrivate());
            signature.update(body);
            return Base64.getEncoder().encodeToString(signature.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot sign webhook", e);
        }
    }

    /**
     * The key stored in the database, sealed by {@link SecretsAtRest}; generated on first start.
     * A key stored in plain text by an earlier version is sealed in place.
     */
    private String storedOrGeneratedKey() {
        String candidate = toPem("PRIVATE KEY", generate().getPrivate().getEncoded());
        // Two instances starting together may both generate a key; the first insert wins for both.
        settings.insertIfAbsent(KEY_SETTING, secrets.seal(KEY_SETTING, candidate)).await().indefinitely();
        String stored = settings.read(KEY_SETTING).await().indefinitely();
        if (SecretsAtRest.isSealed(stored)) {
            return secrets.open(KEY_SETTING, stored);
        }
        settings.replace(KEY_SETTING, stored, secrets.seal(KEY_SETTING, stored)).await().indefinitely();
        return stored;
    }

    private static KeyPair generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot generate a P-256 key", e);
        }
    }

    /** Reads a PKCS#8 ("PRIVATE KEY") or SEC1 ("EC PRIVATE KEY") PEM and derives its public key. */
    static KeyPair parse(String pem) {
        try (PEMParser parser = new PEMParser(new StringReader(pem.replace("\\n", "\n")))) {
            Object parsed = parser.readObject();
            JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
            if (parsed instanceof PEMKeyPair pair) {
                return converter.getKeyPair(pair);
            }
            if (parsed instanceof PrivateKeyInfo info) {
                PrivateKey privateKey = converter.getPrivateKey(info);
                return new KeyPair(publicKeyOf((ECPrivateKey) privateKey), privateKey);
            }
            throw new IllegalArgumentException("The webhook signing key must be a P-256 private key in PEM form");
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("Cannot read the webhook signing key", e);
        }
    }

    private static PublicKey publicKeyOf(ECPrivateKey privateKey) throws GeneralSecurityException {
        ECNamedCurveParameterSpec curve = ECNamedCurveTable.getParameterSpec("secp256r1");
        var point = curve.getG().multiply(privateKey.getS()).normalize();
        KeyFactory factory = KeyFactory.getInstance("EC", new org.bouncycastle.jce.provider.BouncyCastleProvider());
        PublicKey bcKey = factory.generatePublic(new ECPublicKeySpec(point, curve));
        return KeyFactory.getInstance("EC").generatePublic(new java.security.spec.X509EncodedKeySpec(bcKey.getEncoded()));
    }

    static String toPem(String type, byte[] der) {
        StringWriter out = new StringWriter();
        try (PemWriter writer = new PemWriter(out)) {
            writer.writeObject(new PemObject(type, der));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toString();
    }
}
