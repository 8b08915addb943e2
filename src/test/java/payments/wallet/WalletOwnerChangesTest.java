package payments.wallet;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** Wallet privacy and the contacts OTP credentials send to change only with the wallet owner's signature. */
@QuarkusTest
class WalletOwnerChangesTest {

    private static Response patch(String path, Map<String, Object> body, WalletClient.Session signer, Response challenge) {
        var request = api().body(body);
        if (challenge != null) {
            request = request.header("Svc-Wallet-Signature", WalletClientStamps.stamp(signer.key(), challenge.jsonPath().getString("payloadToSign")))
                    .header("Request-Id", challenge.jsonPath().getString("requestId"));
        }
        return request.patch(path);
    }

    @Test
    void walletPrivacyIsTheOwnersToSwitch() {
        MoneyFixtures.Holder holder = MoneyFixtures.approvedCustomer(List.of("USDB", "USD"));
        String wallet = holder.account("USDB");
        WalletClient.Session session = WalletClient.login(wallet);
        String path = "/internal-accounts/" + wallet;
        Map<String, Object> body = Map.of("privateEnabled", true);

        Response challenge = patch(path, body, session, null);
        assertEquals(202, challenge.statusCode(), challenge.asString());
        assertEquals(false, api().get(path).then().extract().path("privateEnabled"), "nothing changed before the signature");
        Response stranger = patch(path, body, WalletClient.login(MoneyFixtures.approvedCustomer(List.of("USDB")).account("USDB")), challenge);
        assertEquals(401, stranger.statusCode(), stranger.asString());
        Response done = patch(path, body, session, challenge);
        assertEquals(200, done.statusCode(), done.asString());
        assertEquals(true, done.jsonPath().getBoolean("privateEnabled"));

        Response notAWallet = api().body(body).patch("/internal-accounts/" + holder.account("USD"));
        assertEquals(400, notAWallet.statusCode(), notAWallet.asString());
        assertEquals(200, api().body(Map.of("label", "Spending")).patch(path).statusCode(), "platform-only fields need no signature");
    }

    @Test
    void anEmailTiedToAnOtpCredentialChangesWithTheOwnersSignatureAndTheCredentialFollows() {
        MoneyFixtures.Holder holder = MoneyFixtures.approvedCustomer(List.of("USDB"));
        String wallet = holder.account("USDB");
        WalletClient.Session session = WalletClient.login(wallet);
        String path = "/customers/" + holder.customerId();
        Map<String, Object> body = Map.of("customerType", "INDIVIDUAL", "email", "grace.new@example.com");

        Response challenge = patch(path, body, session, null);
        assertEquals(202, challenge.statusCode(), challenge.asString());
        assertTrue(challenge.jsonPath().getString("payloadToSign").contains("ACTIVITY_TYPE_UPDATE_USER_EMAIL"));
        assertEquals("jane@example.com", api().get(path).then().extract().path("email"));

        Response other = patch(path, Map.of("customerType", "INDIVIDUAL", "email", "mallory@example.com"), session, challenge);
        assertEquals(401, other.statusCode(), "another change than the one signed: " + other.asString());
        Response done = patch(path, body, session, challenge);
        assertEquals(200, done.statusCode(), done.asString());
        assertEquals("grace.new@example.com", done.jsonPath().getString("email"));
        assertEquals(List.of("grace.new@example.com"), api().queryParam("accountId", wallet).get("/auth/credentials").then()
                .extract().path("data.nickname"));

        assertEquals(200, api().body(Map.of("customerType", "INDIVIDUAL", "fullName", "Grace B. Hopper")).patch(path).statusCode(),
                "changes that touch no credential need no signature");
    }
}
