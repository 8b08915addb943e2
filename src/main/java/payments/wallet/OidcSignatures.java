package payments.wallet;

import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.ext.web.client.WebClient;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.keys.resolvers.JwksVerificationKeyResolver;
import org.jose4j.lang.JoseException;
import payments.common.ServerConfig;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * ID-token signatures, checked against the issuer's published keys (JWKS, fetched and kept for an
 * hour, fetched again when a token names a key not in it). The sandbox skips the check unless
 * configured otherwise; its tokens may carry any signature.
 */
@ApplicationScoped
public class OidcSignatures {

    private static final Duration KEEP = Duration.ofHours(1);

    private final Map<String, String> jwksByIssuer = new LinkedHashMap<>();
    private final boolean enabled;
    private final WebClient client;
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();

    private record Cached(JsonWebKeySet keys, long fetchedAtNanos) {
    }

    public OidcSignatures(ServerConfig config, Vertx vertx) {
        for (String entry : config.wallets().oidcIssuers()) {
            int split = entry.indexOf("=http");
            if (split <= 0) {
                throw new IllegalArgumentException("svc.wallets.oidc-issuers entries are issuer=jwksUrl, not " + entry);
            }
            jwksByIssuer.put(entry.substring(0, split).strip(), entry.substring(split + 1).strip());
        }
        this.enabled = config.wallets().oidcVerifySignatures().orElse(!config.sandbox());
        this.client = WebClient.create(vertx, new WebClientOptions().setConnectTimeout(5_000).setFollowRedirects(false)
                .setUserAgent("payments-platform-oidc/1"));
    }

    @PreDestroy
    void close() {
        client.close();
    }

    public java.util.Set<String> issuers() {
        return jwksByIssuer.keySet();
    }

    /** Passes when checks are off; else the token's signature must verify with a key of its issuer (401 otherwise). */
    public Uni<Void> requireSigned(String token, String issuer) {
        if (!enabled) {
            return Uni.createFrom().voidItem();
        }
        return keys(issuer, false).flatMap(keys -> verifies(token, keys) ? Uni.createFrom().voidItem()
                // The issuer may have rotated its keys since they were fetched.
                : keys(issuer, true).map(fresh -> {
                    if (!verifies(token, fresh)) {
                        throw OidcTokens.failed("signature", "the signature does not verify with the keys of " + issuer);
                    }
                    return null;
                }));
    }

    private static boolean verifies(String token, JsonWebKeySet keys) {
        JwtConsumer consumer = new JwtConsumerBuilder()
                .setVerificationKeyResolver(new JwksVerificationKeyResolver(keys.getJsonWebKeys()))
                .setSkipDefaultAudienceValidation()
                .setSkipAllValidators()
                .build();
        try {
            consumer.processToClaims(token);
            return true;
        } catch (InvalidJwtException e) {
            return false;
        }
    }

    private Uni<JsonWebKeySet> keys(String issuer, boolean refresh) {
        Cached cached = cache.get(issuer);
        if (!refresh && cached != null && System.nanoTime() - cached.fetchedAtNanos() < KEEP.toNanos()) {
            return Uni.createFrom().item(cached.keys());
        }
        URI url = URI.create(jwksByIssuer.get(issuer));
        boolean tls = "https".equals(url.getScheme());
        int port = url.getPort() > 0 ? url.getPort() : tls ? 443 : 80;
        return client.get(port, url.getHost(), url.getRawPath() + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery()))
                .ssl(tls).timeout(5_000).send()
                .onFailure().transform(failure -> OidcTokens.failed("signature", "the keys of " + issuer + " cannot be fetched"))
                .map(response -> {
                    try {
                        JsonWebKeySet keys = new JsonWebKeySet(response.bodyAsString());
                        cache.put(issuer, new Cached(keys, System.nanoTime()));
                        return keys;
                    } catch (JoseException | RuntimeException e) {
                        throw OidcTokens.failed("signature", "the keys of " + issuer + " cannot be read");
                    }
                });
    }
}
