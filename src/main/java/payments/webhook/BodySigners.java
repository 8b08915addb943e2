package payments.webhook;

import com.amazon.corretto.crypto.provider.AmazonCorrettoCryptoProvider;
import io.quarkus.runtime.ImageMode;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.signers.DSADigestSigner;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.bouncycastle.crypto.signers.StandardDSAEncoding;
import org.jboss.logging.Logger;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;

/**
 * The fastest way this process has to sign webhooks. Every delivery attempt is signed, so signing was
 * the largest single cost of a delivery: P-256 takes about 13 us here with Amazon Corretto Crypto
 * Provider (AWS-LC, native code; Linux x86-64 JVMs), 58 us with BouncyCastle and 460 us with the JDK's
 * own code on Java 17. Elsewhere, and always in a native image (whose closed world the AWS-LC library
 * and its JNI callbacks are not part of), BouncyCastle's lightweight API signs: plain code, no JCA
 * provider, so nothing is looked up by reflection. Both give DER ECDSA signatures that the same public
 * key verifies.
 */
final class BodySigners {

    private static final Logger LOG = Logger.getLogger(BodySigners.class);
    private static final X9ECParameters P256 = CustomNamedCurves.getByName("secp256r1");

    private BodySigners() {
    }

    /** Called when the signer starts, never at build time: the native provider loads its library then. */
    static BodySigner fastest(PrivateKey key) {
        if (ImageMode.current() == ImageMode.NATIVE_RUN) {
            return portable(key);
        }
        Object unavailable;
        try {
            AmazonCorrettoCryptoProvider accp = AmazonCorrettoCryptoProvider.INSTANCE;
            if (accp.getLoadingError() == null) {
                return new JcaBodySigner(accp, KeyFactory.getInstance("EC", accp).generatePrivate(new PKCS8EncodedKeySpec(key.getEncoded())));
            }
            unavailable = accp.getLoadingError();
        } catch (LinkageError | GeneralSecurityException e) {
            unavailable = e;
        }
        LOG.debugf("AWS-LC signing unavailable, BouncyCastle signs webhooks: %s", unavailable);
        return portable(key);
    }

    static BodySigner portable(PrivateKey key) {
        ECDomainParameters domain = new ECDomainParameters(P256);
        return new BouncyCastleBodySigner(new ECPrivateKeyParameters(((ECPrivateKey) key).getS(), domain));
    }

    record JcaBodySigner(Provider provider, PrivateKey key) implements BodySigner {

        @Override
        public byte[] sign(byte[] body) {
            try {
                Signature signature = Signature.getInstance("SHA256withECDSA", provider);
                signature.initSign(key);
                signature.update(body);
                return signature.sign();
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("Cannot sign webhook", e);
            }
        }
    }

    /** Deterministic nonces (RFC 6979), so signing needs no random source. */
    record BouncyCastleBodySigner(ECPrivateKeyParameters key) implements BodySigner {

        @Override
        public byte[] sign(byte[] body) {
            DSADigestSigner signer = new DSADigestSigner(new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest())),
                    new SHA256Digest(), StandardDSAEncoding.INSTANCE);
            signer.init(true, key);
            signer.update(body, 0, body.length);
            return signer.generateSignature();
        }
    }
}
