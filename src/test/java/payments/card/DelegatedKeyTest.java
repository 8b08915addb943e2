package payments.card;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.wallet.WalletClient;
import payments.wallet.WalletClientStamps;

import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** Delegated keys: three signed legs make a key ACTIVE, and only then does the wallet fund the card. */
@QuarkusTest
class DelegatedKeyTest {

    private static Response leg(Map<String, Object> body, WalletClient.Session signer, Response previous) {
        var request = api().body(body);
        if (previous != null) {
            request = request.header("Svc-Wallet-Signature", WalletClientStamps.stamp(signer.key(), previous.jsonPath().getString("payloadToSign")))
                    .header("Request-Id", previous.jsonPath().getString("requestId"));
        }
        return request.post("/auth/delegated-keys");
    }

    private record WalletCard(String wallet, String cardId) {
    }

    /** A customer's embedded wallet holding USDB 100.00 and an ACTIVE card funded by it. */
    private static WalletCard walletCard() {
        MoneyFixtures.Holder holder = MoneyFixtures.approvedCustomer(List.of("USDB"));
        String wallet = holder.account("USDB");
        MoneyFixtures.fund(wallet, 10_000);
        String cardId = CardFixtures.issue(holder.customerId(), wallet, Map.of()).getString("id");
        CardFixtures.awaitStatus(cardId, "ACTIVE");
        return new WalletCard(wallet, cardId);
    }

    @Test
    void threeSignedLegsActivateAKeyAndTheWalletFundsTheCardUntilItIsRevoked() {
        WalletCard funded = walletCard();
        String wallet = funded.wallet();
        String cardId = funded.cardId();
        WalletClient.Session session = WalletClient.login(wallet);
        Map<String, Object> body = Map.of("cardId", cardId, "internalAccountId", wallet, "nickname", "Card payments key");

        Response first = leg(body, session, null);
        assertEquals(202, first.statusCode(), first.asString());
        assertTrue(first.jsonPath().getString("payloadToSign").contains("ACTIVITY_TYPE_CREATE_USERS"));
        String fundingSource = "CardFundingSource:" + cardId.substring("Card:".length());
        assertEquals(List.of(), api().queryParam("fundingSourceId", fundingSource).get("/auth/delegated-keys").then().statusCode(200)
                .extract().path("data"), "nothing shown before the owner signed");

        Response stranger = leg(body, WalletClient.login(MoneyFixtures.approvedCustomer(List.of("USDB")).account("USDB")), first);
        assertEquals(401, stranger.statusCode(), stranger.asString());

        Response second = leg(body, session, first);
        assertEquals(202, second.statusCode(), second.asString());
        assertTrue(second.jsonPath().getString("payloadToSign").contains("ACTIVITY_TYPE_CREATE_POLICIES"));
        assertEquals(List.of("PENDING"), api().queryParam("accountId", wallet).get("/auth/delegated-keys").then().extract().path("data.status"));
        api().body(CardFixtures.authorization(100, "USDB", "SHOP")).post("/sandbox/cards/" + cardId + "/simulate/authorization")
                .then().statusCode(200).body("cardDeclinedReason", equalTo("NO_ELIGIBLE_FUNDING_SOURCE"));

        Response third = leg(body, session, second);
        assertEquals(201, third.statusCode(), third.asString());
        assertEquals("ACTIVE", third.jsonPath().getString("status"));
        assertEquals(fundingSource, third.jsonPath().getString("fundingSourceId"));
        assertTrue(third.jsonPath().getString("publicKey").matches("0[23][0-9a-f]{64}"));
        String keyId = third.jsonPath().getString("id");
        assertEquals("ACTIVE", api().get("/auth/delegated-keys/" + keyId).then().statusCode(200).extract().path("status"));

        api().body(CardFixtures.authorization(2_500, "USDB", "SHOP")).post("/sandbox/cards/" + cardId + "/simulate/authorization")
                .then().statusCode(200).body("status", equalTo("AUTHORIZED"));
        MoneyFixtures.assertBalances(wallet, 7_500, 7_500);

        Response again = leg(body, session, null);
        assertEquals(409, again.statusCode(), "one ACTIVE key per funding source: " + again.asString());

        assertEquals(204, api().delete("/auth/delegated-keys/" + keyId).statusCode());
        assertEquals(400, api().delete("/auth/delegated-keys/" + keyId).statusCode());
        api().body(CardFixtures.authorization(100, "USDB", "SHOP")).post("/sandbox/cards/" + cardId + "/simulate/authorization")
                .then().statusCode(200).body("cardDeclinedReason", equalTo("NO_ELIGIBLE_FUNDING_SOURCE"));
        MoneyFixtures.assertLedgerClean();
    }

    /** Signs the three legs with the wallet's session: the key's id, ACTIVE. */
    private static String activeKey(String cardId, String wallet, WalletClient.Session session) {
        Map<String, Object> body = Map.of("cardId", cardId, "internalAccountId", wallet, "nickname", "Card payments key");
        Response first = leg(body, session, null);
        Response third = leg(body, session, leg(body, session, first));
        assertEquals(201, third.statusCode(), third.asString());
        return third.jsonPath().getString("id");
    }

    /**
     * After revocation no card event takes money from the wallet: a clearing above the
     * authorization, an advice raising it and a return reversal are all refused pulls, booked as
     * the service's loss (EXCEPTION).
     */
    @Test
    void aRevokedKeyStopsEveryPullNotJustAuthorizations() {
        WalletCard funded = walletCard();
        String wallet = funded.wallet();
        String cardId = funded.cardId();
        String keyId = activeKey(cardId, wallet, WalletClient.login(wallet));

        String cleared = usdbAuthorization(cardId, 2_500);
        String returned = usdbAuthorization(cardId, 1_000);
        CardFixtures.simulate(cardId, "clearing", Map.of("cardTransactionId", returned, "amount", 1_000));
        CardFixtures.awaitTransaction(returned, "status", "SETTLED");
        CardFixtures.simulate(cardId, "return", Map.of("cardTransactionId", returned, "amount", 1_000));
        CardFixtures.awaitTransaction(returned, "refundedAmount.amount", 1_000);
        String advised = usdbAuthorization(cardId, 500);
        MoneyFixtures.assertBalances(wallet, 7_000, 7_000);

        assertEquals(204, api().delete("/auth/delegated-keys/" + keyId).statusCode());
        CardFixtures.simulate(cardId, "clearing", Map.of("cardTransactionId", cleared, "amount", 4_000));
        CardFixtures.awaitTransaction(cleared, "status", "EXCEPTION");
        CardFixtures.simulate(cardId, "authorization_advice", Map.of("cardTransactionId", advised, "amount", 3_000));
        CardFixtures.awaitTransaction(advised, "authorizedAmount.amount", 3_000);
        assertEquals(1, CardFixtures.transaction(advised).getInt("pullSummary.count"), "the advice pulled nothing more");
        CardFixtures.simulate(cardId, "clearing", Map.of("cardTransactionId", advised, "amount", 3_000));
        CardFixtures.awaitTransaction(advised, "status", "EXCEPTION");
        String refund = CardFixtures.cardTransactions(cardId).stream().filter(row -> returned.equals(row.get("originalTransactionId")))
                .findFirst().orElseThrow().get("id").toString();
        CardFixtures.simulate(cardId, "return_reversal", Map.of("cardTransactionId", refund));
        CardFixtures.awaitTransaction(refund, "status", "EXCEPTION");
        MoneyFixtures.assertBalances(wallet, 7_000, 7_000);
        MoneyFixtures.assertLedgerClean();
    }

    private static String usdbAuthorization(String cardId, long amount) {
        return api().body(CardFixtures.authorization(amount, "USDB", "SHOP")).post("/sandbox/cards/" + cardId + "/simulate/authorization")
                .then().statusCode(200).body("status", equalTo("AUTHORIZED")).extract().path("id");
    }

    @Test
    void badRequestsAreRefused() {
        assertEquals(400, api().get("/auth/delegated-keys").statusCode());
        assertEquals(404, api().get("/auth/delegated-keys/DelegatedKey:00000000-0000-0000-0000-000000000000").statusCode());
        CardFixtures.Cardholder usd = CardFixtures.cardholder("USD", 0, Map.of());
        Response notAWallet = api().body(Map.of("cardId", usd.cardId(), "internalAccountId", usd.account(), "nickname", "k"))
                .post("/auth/delegated-keys");
        assertEquals(404, notAWallet.statusCode(), notAWallet.asString());
        Response invalid = api().body(Map.of("cardId", "x", "internalAccountId", 5, "nickname", "")).post("/auth/delegated-keys");
        assertEquals(400, invalid.statusCode(), invalid.asString());
        assertEquals(3, invalid.jsonPath().getList("details.errors").size(), invalid.asString());
        for (String nickname : List.of("\u202Egnp.exe", "tab\there", "   ")) {
            api().body(Map.of("cardId", "Card:00000000-0000-0000-0000-000000000000",
                            "internalAccountId", "InternalAccount:00000000-0000-0000-0000-000000000000", "nickname", nickname))
                    .post("/auth/delegated-keys").then().statusCode(400).body("details.errors.field", equalTo(List.of("nickname")));
        }
    }
}
