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
import org.jose4j.jwx.JsonWebStructure;
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
 * hour, fetched again when a token names a key not in it, at most once a minute per issuer). The sandbox skips the check unless
 * configured otherwise; its tokens may carry any signature.
 */
@ApplicationScoped
public class OidcSignatures {

    private static final Duration KEEP = Duration.ofHours(1);
    private static final Duration REFETCH_GAP = Duration.ofMinutes(1);

    private final Map<String, String> jwksByIssuer = new LinkedHashMap<>();
    private final boolean enabled;
    private final WebClient client;
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();
    private final Map<String, Long> lastRefetch = new ConcurrentHashMap<>();

    private record Cached(JsonWebKeySet keys, long fetchedAtNanos) {
    }

    public OidcSignatures(ServerConfig config, WalletsConfig wallets, Vertx vertx) {
        for (String entry : wallets.oidcIssuers()) {
            int split = entry.indexOf("=http");
            if (split <= 0) {
                throw new IllegalArgumentException("svc.wallets.oidc-issuers entries are issuer=jwksUrl, not " + entry);
            }
            jwksByIssuer.put(entry.substring(0, split).strip(), entry.substring(split + 1).strip());
        }
        this.enabled = wallets.oidcVerifySignatures().orElse(!config.sandbox());
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
        return keys(issuer, false).flatMap(keys -> {
            if (verifies(token, keys)) {
                return Uni.createFrom().voidItem();
            }
            // A key the set does not name may be a rotation since the fetch: fetch again, at most once a minute per
            // issuer. A named key that does not verify is a bad signature, and never costs a fetch.
            if (!namesUnknownKey(token, keys) || !mayRefetch(issuer)) {
                throw badSignature(issuer);
            }
            return keys(issuer, true).map(fresh -> {
                if (!verifies(token, fresh)) {
                    throw badSignature(issuer);
                }
                return null;
            });
        });
    }

    private static RuntimeException badSignature(String issuer) {
        return OidcTokens.failed("signature", "the signature does not verify with the keys of " + issuer);
    }

    private static boolean namesUnknownKey(String token, JsonWebKeySet keys) {
        try {
            String kid = JsonWebStructure.fromCompactSerialization(token).getKeyIdHeaderValue();
            return kid != null && keys.getJsonWebKeys().stream().noneMatch(key -> kid.equals(key.getKeyId()));
        } catch (JoseException e) {
            return false;
        }
    }

    /** Claims this minute's refetch of the issuer's keys; false when it was taken already. */
    private boolean mayRefetch(String issuer) {
        long now = System.nanoTime();
        boolean[] claimed = {false};
        lastRefetch.compute(issuer, (key, last) -> {
            if (last == null || now - last >= REFETCH_GAP.toNanos()) {
                claimed[0] = true;
                return now;
            }
            return last;
        });
        return claimed[0];
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
