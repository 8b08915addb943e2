package payments.card;

import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ServerConfig;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.security.cert.CertPath;
import java.security.cert.CertPathValidator;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which digital-wallet keys may receive a card's number: an Apple Pay certificate chain (leaf
 * first) must lead to a configured root, valid at the server's time, and the nonce must carry the
 * leaf key's signature. The sandbox trusts only its own test root (shipped with the server, its
 * private key with the tests), so no self-made certificate gets a card number there either.
 */
@ApplicationScoped
public class WalletCertificates {

    static final String SANDBOX_ROOT = "tokenization/sandbox-root.pem";

    private final Set<TrustAnchor> anchors;

    public WalletCertificates(ServerConfig config) {
        this.anchors = anchors(config.cards().tokenizationRoots(), config.sandbox());
    }

    /** Whether any root is trusted (production without configured roots takes no Apple Pay tokenization). */
    public boolean configured() {
        return !anchors.isEmpty();
    }

    /** Null when the chain leads to a trusted root at {@code at}; otherwise why not. */
    String chainProblem(List<X509Certificate> chain, Instant at) {
        try {
            CertPath path = CertificateFactory.getInstance("X.509").generateCertPath(chain);
            PKIXParameters parameters = new PKIXParameters(anchors);
            // Wallet chains carry no revocation pointers a self-hosted server could reach; validity and trust are checked.
            parameters.setRevocationEnabled(false);
            parameters.setDate(Date.from(at));
            CertPathValidator.getInstance("PKIX").validate(path, parameters);
            return null;
        } catch (GeneralSecurityException e) {
            return "The certificate chain does not lead to a trusted wallet root: " + e.getMessage();
        }
    }

    /** Whether {@code signature} (DER ECDSA) over {@code nonce} verifies with the leaf's key. */
    static boolean nonceSigned(X509Certificate leaf, byte[] nonce, byte[] signature) {
        try {
            Signature verifier = Signature.getInstance("SHA256withECDSA");
            verifier.initVerify(leaf.getPublicKey());
            verifier.update(nonce);
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    static X509Certificate parse(byte[] der) throws GeneralSecurityException {
        return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
    }

    private static Set<TrustAnchor> anchors(Optional<List<String>> files, boolean sandbox) {
        try {
            CertificateFactory factory = CertificateFactory.getInstance("X.509");
            if (files.isPresent()) {
                Set<TrustAnchor> anchors = new java.util.HashSet<>();
                for (String file : files.get()) {
                    try (InputStream in = Files.newInputStream(Path.of(file.trim()))) {
                        factory.generateCertificates(in).forEach(certificate -> anchors.add(new TrustAnchor((X509Certificate) certificate, null)));
                    }
                }
                return Set.copyOf(anchors);
            }
            if (!sandbox) {
                return Set.of();
            }
            try (InputStream in = WalletCertificates.class.getClassLoader().getResourceAsStream(SANDBOX_ROOT)) {
                return factory.generateCertificates(in).stream()
                        .map(certificate -> new TrustAnchor((X509Certificate) certificate, null)).collect(Collectors.toUnmodifiableSet());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the wallet tokenization roots (svc.cards.tokenization-roots)", e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("The wallet tokenization roots are not PEM certificates", e);
        }
    }
}
