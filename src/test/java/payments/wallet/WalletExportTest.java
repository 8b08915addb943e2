package payments.wallet;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** Exporting a wallet's mnemonic to its owner, and the audit trail of a wallet's life. */
@QuarkusTest
class WalletExportTest {

    @Inject
    Pool pool;

    private static Response export(String walletId, String clientKey, WalletClient.Session signer) {
        Map<String, Object> body = Map.of("clientPublicKey", clientKey);
        Response first = api().body(body).post("/internal-accounts/" + walletId + "/export");
        if (first.statusCode() != 202) {
            return first;
        }
        return api().body(body).header("Svc-Wallet-Signature", WalletClientStamps.stamp(signer.key(), first.jsonPath().getString("payloadToSign")))
                .header("Request-Id", first.jsonPath().getString("requestId")).post("/internal-accounts/" + walletId + "/export");
    }

    /** Verifies the bundle's signature, then opens it with the client's key. */
    private static String open(String bundle, AsymmetricCipherKeyPair client) throws Exception {
        String data = WalletClient.verifiedData(bundle);
        JsonPath inner = JsonPath.from(data);
        return new String(Hpke.open(HexFormat.of().parseHex(inner.getString("encappedPublic")),
                HexFormat.of().parseHex(inner.getString("ciphertext")), client), StandardCharsets.UTF_8);
    }

    @Test
    void theOwnerGetsTheSameMnemonicSealedToEachFreshKey() throws Exception {
        String walletId = MoneyFixtures.approvedCustomer(List.of("USDB")).account("USDB");
        WalletClient.Session session = WalletClient.login(walletId);

        AsymmetricCipherKeyPair first = Hpke.newKeyPair();
        Response one = export(walletId, HexFormat.of().formatHex(Hpke.publicKey(first)), session);
        assertEquals(200, one.statusCode(), one.asString());
        assertEquals(walletId, one.jsonPath().getString("id"));
        String mnemonic = open(one.jsonPath().getString("encryptedWalletCredentials"), first);
        assertEquals(12, mnemonic.split(" ").length, mnemonic);

        AsymmetricCipherKeyPair second = Hpke.newKeyPair();
        Response two = export(walletId, HexFormat.of().formatHex(Hpke.publicKey(second)), session);
        assertEquals(mnemonic, open(two.jsonPath().getString("encryptedWalletCredentials"), second), "stable across exports");

        WalletClient.Session stranger = WalletClient.login(MoneyFixtures.approvedCustomer(List.of("USDB")).account("USDB"));
        Response refused = export(walletId, HexFormat.of().formatHex(Hpke.publicKey(Hpke.newKeyPair())), stranger);
        assertEquals(401, refused.statusCode(), refused.asString());

        Response compressed = api().body(Map.of("clientPublicKey", WalletClient.compressed(WalletClient.newKey())))
                .post("/internal-accounts/" + walletId + "/export");
        assertEquals(400, compressed.statusCode(), compressed.asString());
        assertEquals("clientPublicKey", compressed.jsonPath().getString("details.errors[0].field"));

        assertEquals(List.of("CREDENTIAL_ADDED", "SESSION_OPENED", "WALLET_EXPORTED", "WALLET_EXPORTED"), audit(walletId));
    }

    private List<String> audit(String walletId) {
        UUID account = UUID.fromString(walletId.substring("InternalAccount:".length()));
        List<String> events = new ArrayList<>();
        for (Row row : pool.preparedQuery("SELECT event FROM wallet_audit WHERE account_id = $1 ORDER BY id")
                .execute(Tuple.of(account)).await().indefinitely()) {
            events.add(row.getString("event"));
        }
        return events;
    }
}
