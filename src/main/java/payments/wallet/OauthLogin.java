package payments.wallet;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ServerClock;

/** OAUTH credentials: an OIDC ID token registers an identity, and a fresh token of it opens a session in one call. */
@ApplicationScoped
public class OauthLogin {

    private final OidcSignatures signatures;
    private final AuthSessions sessions;
    private final ServerClock clock;

    public OauthLogin(OidcSignatures signatures, AuthSessions sessions, ServerClock clock) {
        this.signatures = signatures;
        this.sessions = sessions;
        this.clock = clock;
    }

    /** A token offered for registration: malformed or from an unsupported issuer 400, other failed checks 401. */
    public Uni<OidcTokens.Identity> registration(String token) {
        OidcTokens.Identity identity = OidcTokens.parse(token, "oidcToken");
        if (identity.issuer() == null || !signatures.issuers().contains(identity.issuer())) {
            throw ApiException.invalidField("oidcToken", null, "The token's issuer (iss) " + identity.issuer()
                    + " is not supported; supported: " + String.join(", ", signatures.issuers()));
        }
        OidcTokens.requireValid(identity, signatures.issuers(), clock.now());
        return signatures.requireSigned(token, identity.issuer()).replaceWith(identity);
    }

    /** POST /auth/credentials/{id}/verify for OAUTH: every check, then a session for clientPublicKey. */
    public Uni<AuthView.Session> verify(AuthCredential credential, String token, String clientPublicKey) {
        OidcTokens.Identity identity = OidcTokens.parse(token, "oidcToken");
        if (!P256.isValidKey(clientPublicKey)) {
            throw ApiException.invalidField("clientPublicKey", null, "Is not a point of P-256");
        }
        OidcTokens.requireValid(identity, signatures.issuers(), clock.now());
        OidcTokens.requireMatch(identity, credential, clientPublicKey);
        return signatures.requireSigned(token, identity.issuer())
                .flatMap(ignored -> Panache.withTransaction(() -> sessions.open(credential, clientPublicKey)))
                .map(issued -> issued.view(credential));
    }
}
