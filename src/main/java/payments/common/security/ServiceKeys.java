package payments.common.security;

import jakarta.enterprise.context.ApplicationScoped;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.util.io.pem.PemObject;
import org.bouncycastle.util.io.pem.PemWriter;
import payments.common.ServerSettingsStore;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECPublicKeySpec;

/**
 * The server's own P-256 signing keys (webhooks, wallet bundles and tokens): read from a PEM, or
 * generated once and stored in the database, sealed by {@link SecretsAtRest}, so every instance and
 * every restart uses the same key. Loading blocks: call it at start-up, never on a request path.
 */
@ApplicationScoped
public class ServiceKeys {

    private final ServerSettingsStore settings;
    private final SecretsAtRest secrets;

    public ServiceKeys(ServerSettingsStore settings, SecretsAtRest secrets) {
        this.settings = settings;
        this.secrets = secrets;
    }

    /** The key stored under {@code setting}, generated on first use. A key stored in plain text by an earlier version is sealed in place. */
    public KeyPair storedOrGenerated(String setting) {
        String candidate = toPem("PRIVATE KEY", generate().getPrivate().getEncoded());
        // Two instances starting together may both generate a key; the first insert wins for both.
        settings.insertIfAbsent(setting, secrets.seal(setting, candidate)).await().indefinitely();
        String stored = settings.read(setting).await().indefinitely();
        if (SecretsAtRest.isSealed(stored)) {
            return parse(secrets.open(setting, stored));
        }
        settings.replace(setting, stored, secrets.seal(setting, stored)).await().indefinitely();
        return parse(stored);
    }

    public static KeyPair generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot generate a P-256 key", e);
        }
    }

    /** Reads a PKCS#8 ("PRIVATE KEY") or SEC1 ("EC PRIVATE KEY") PEM and derives its public key. */
    public static KeyPair parse(String pem) {
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
            throw new IllegalArgumentException("The key must be a P-256 private key in PEM form");
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("Cannot read the signing key", e);
        }
    }

    /** The JDK's key factory builds the key (no BouncyCastle JCA provider: it would need reflection in a native image). */
    private static PublicKey publicKeyOf(ECPrivateKey privateKey) throws GeneralSecurityException {
        ECPoint point = CustomNamedCurves.getByName("secp256r1").getG().multiply(privateKey.getS()).normalize();
        java.security.spec.ECPoint w = new java.security.spec.ECPoint(point.getAffineXCoord().toBigInteger(), point.getAffineYCoord().toBigInteger());
        return KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(w, privateKey.getParams()));
    }

    public static String toPem(String type, byte[] der) {
        StringWriter out = new StringWriter();
        try (PemWriter writer = new PemWriter(out)) {
            writer.writeObject(new PemObject(type, der));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toString();
    }
}
