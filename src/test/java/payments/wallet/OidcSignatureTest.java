package payments.wallet;

import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.common.Sha256;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** With signature checks on (production's default), ID tokens must verify with the issuer's JWKS, here served locally. */
@QuarkusTest
@TestProfile(OidcSignatureTest.WithJwks.class)
class OidcSignatureTest {

    static final String ISSUER = "https://issuer.test";

    public static class WithJwks implements QuarkusTestProfile {
        private static final HttpServer JWKS = serve();

        private static HttpServer serve() {
            try {
                HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
                server.createContext("/jwks", exchange -> {
                    fetched();
                    byte[] body = IdTokens.jwks().getBytes(StandardCharsets.UTF_8);
                    exchange.getResponseHeaders().add("Content-Type", "application/json");
                    exchange.sendResponseHeaders(200, body.length);
                    exchange.getResponseBody().write(body);
                    exchange.close();
                });
                server.start();
                return server;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("svc.wallets.oidc-verify-signatures", "true",
                    "svc.wallets.oidc-issuers", ISSUER + "=http://127.0.0.1:" + JWKS.getAddress().getPort() + "/jwks");
        }
    }

    private static final String FETCHES = "test.oidc.jwks-fetches";

    /**
     * Counted across class loaders (the profile's server may run in another than the test): a
     * system property, as text (anything else there breaks libraries that copy the properties).
     */
    static synchronized void fetched() {
        System.setProperty(FETCHES, Integer.toString(fetches() + 1));
    }

    static int fetches() {
        return Integer.parseInt(System.getProperty(FETCHES, "0"));
    }

    private static Response register(String walletId, WalletClient.Session signer, String token) {
        Map<String, Object> body = Map.of("type", "OAUTH", "accountId", walletId, "oidcToken", token);
        Response first = api().body(body).post("/auth/credentials");
        if (first.statusCode() != 202) {
            return first;
        }
        return api().body(body).header("Svc-Wallet-Signature", WalletClientStamps.stamp(signer.key(), first.jsonPath().getString("payloadToSign")))
                .header("Request-Id", first.jsonPath().getString("requestId")).post("/auth/credentials");
    }

    @Test
    void onlyTokensSignedByTheIssuersKeysPass() {
        String walletId = MoneyFixtures.approvedCustomer(List.of("USDB")).account("USDB");
        WalletClient.Session email = WalletClient.login(walletId);

        Response forged = register(walletId, email, IdTokens.token(IdTokens.claims(ISSUER, "dave", null, IdTokens.serverNow()), IdTokens.otherKey()));
        assertEquals(401, forged.statusCode(), forged.asString());
        assertTrue(forged.jsonPath().getString("reason").contains("(signature)"), forged.asString());

        Response registered = register(walletId, email, IdTokens.token(IdTokens.claims(ISSUER, "dave", null, IdTokens.serverNow())));
        assertEquals(201, registered.statusCode(), registered.asString());
        String credentialId = registered.jsonPath().getString("id");

        String clientKey = WalletClient.compressed(WalletClient.newKey());
        Response forgedLogin = WalletOauthTest.verify(credentialId, IdTokens.token(IdTokens.claims(ISSUER, "dave", Sha256.hex(clientKey),
                IdTokens.serverNow()), IdTokens.otherKey()), clientKey);
        assertEquals(401, forgedLogin.statusCode(), forgedLogin.asString());
        Response login = WalletOauthTest.verify(credentialId, IdTokens.token(IdTokens.claims(ISSUER, "dave", Sha256.hex(clientKey),
                IdTokens.serverNow())), clientKey);
        assertEquals(200, login.statusCode(), login.asString());
    }

    /** Bad signatures cost no fetch of the issuer's keys; an unknown key id, one fetch a minute at most. */
    @Test
    void forgedTokensDoNotMakeTheServerFetchTheKeysAgainAndAgain() {
        String walletId = MoneyFixtures.approvedCustomer(List.of("USDB")).account("USDB");
        WalletClient.Session email = WalletClient.login(walletId);
        assertEquals(201, register(walletId, email, IdTokens.token(IdTokens.claims(ISSUER, "erin", null, IdTokens.serverNow())))
                .statusCode(), "the keys are cached");
        int before = fetches();
        for (int i = 0; i < 10; i++) {
            assertEquals(401, register(walletId, email, IdTokens.token(IdTokens.claims(ISSUER, "mallory" + i, null, IdTokens.serverNow()),
                    IdTokens.otherKey())).statusCode());
        }
        assertEquals(before, fetches(), "a known key id that does not verify is a bad signature, not a rotation");
        for (int i = 0; i < 10; i++) {
            assertEquals(401, register(walletId, email, IdTokens.token(IdTokens.claims(ISSUER, "trent" + i, null, IdTokens.serverNow()),
                    IdTokens.unknownKey())).statusCode());
        }
        assertTrue(fetches() - before <= 1, "unknown key ids: one refetch a minute at most, " + (fetches() - before));
    }
}
