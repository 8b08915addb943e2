package payments.webhook;

import com.amazon.corretto.crypto.provider.AmazonCorrettoCryptoProvider;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.jboss.logging.Logger;

import java.security.Provider;

/**
 * The JCA provider that signs webhooks: Amazon Corretto Crypto Provider (AWS-LC, native) where its
 * library loads (Linux x86-64), BouncyCastle everywhere else. Every delivery attempt is signed, so
 * signing was the largest single cost of a delivery: P-256 takes about 13 us here with AWS-LC, 58 us
 * with BouncyCastle and 460 us with the JDK's own code on Java 17. Both produce the same DER
 * ECDSA signatures, verified by the same public key.
 */
final class SigningProviders {

    private static final Logger LOG = Logger.getLogger(SigningProviders.class);

    private SigningProviders() {
    }

    /** Called when the signer starts, never at build time: the native provider loads its library then. */
    static Provider fastest() {
        try {
            AmazonCorrettoCryptoProvider native_ = AmazonCorrettoCryptoProvider.INSTANCE;
            if (native_.getLoadingError() == null) {
                return native_;
            }
            LOG.debugf("AWS-LC signing unavailable, BouncyCastle signs webhooks: %s", native_.getLoadingError());
        } catch (LinkageError e) {
            LOG.debugf("AWS-LC signing unavailable, BouncyCastle signs webhooks: %s", e);
        }
        return portable();
    }

    static Provider portable() {
        return new BouncyCastleProvider();
    }
}
