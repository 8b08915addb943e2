package payments.card;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.WebhookReceiver;
import payments.card.CardFixtures.Cardholder;

import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static payments.MoneyFixtures.assertBalances;
import static payments.MoneyFixtures.assertLedgerClean;
import static payments.MoneyFixtures.systemBalance;
import static payments.TestSupport.api;
import static payments.card.CardFixtures.authorize;
import static payments.card.CardFixtures.awaitTransaction;
import static payments.card.CardFixtures.simulate;

/**
 * Cards close with their funding account and with their customer: nothing is pulled from, and
 * nothing stranded in, an account that can never move money again.
 */
@QuarkusTest
class CardClosureTest {

    @Test
    void closingTheFundingAccountClosesItsCardsAndSendsLaterMoneyToSuspense() throws Exception {
        Cardholder card = CardFixtures.cardholder("USD", 2_500, Map.of());
        String open = authorize(card.cardId(), 1_500, "HOTEL DEPOSIT").getString("id");
        String settled = authorize(card.cardId(), 1_000, "BOOKSHOP").getString("id");
        simulate(card.cardId(), "clearing", Map.of("cardTransactionId", settled, "amount", 1_000));
        awaitTransaction(settled, "status", "SETTLED");
        assertBalances(card.account(), 0, 0);
        long suspense = systemBalance("SUSPENSE", "USD");
        long losses = systemBalance("CARD_LOSSES", "USD");

        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            api().body(Map.of("status", "CLOSED")).patch("/internal-accounts/" + card.account()).then().statusCode(200)
                    .body("status", equalTo("CLOSED"));
            assertNotNull(receiver.nextMatching("CARD.STATUS_CHANGE", card.cardId(), 10));
        }
        api().get("/cards/" + card.cardId()).then().statusCode(200)
                .body("status", equalTo("CLOSED")).body("statusReason", equalTo("CLOSED_BY_GRID"));
        assertEquals("VOIDED", CardFixtures.transaction(open).getString("status"), "voided in the closing transaction");
        assertEquals(suspense + 1_500, systemBalance("SUSPENSE", "USD"), "the lapsed pull cannot go back to a closed account");

        // A merchant return and a late clearing: the return goes to suspense, the clearing is the service's loss.
        simulate(card.cardId(), "return", Map.of("cardTransactionId", settled, "amount", 400));
        awaitTransaction(settled, "refundedAmount.amount", 400);
        simulate(card.cardId(), "clearing", Map.of("cardTransactionId", open, "amount", 1_500));
        awaitTransaction(open, "status", "EXCEPTION");
        assertEquals(suspense + 1_900, systemBalance("SUSPENSE", "USD"));
        assertEquals(losses - 1_500, systemBalance("CARD_LOSSES", "USD"));
        assertBalances(card.account(), 0, 0);
        api().body(CardFixtures.authorization(100, "USD", "SHOP")).post("/sandbox/cards/" + card.cardId() + "/simulate/authorization")
                .then().statusCode(200).body("status", equalTo("DECLINED"));
        assertLedgerClean();
    }

    @Test
    void deletingTheCustomerClosesItsCards() {
        Cardholder card = CardFixtures.cardholder("USD", 0, Map.of());
        api().delete("/customers/" + card.holder().customerId()).then().statusCode(200);
        api().get("/cards/" + card.cardId()).then().statusCode(200)
                .body("status", equalTo("CLOSED")).body("statusReason", equalTo("CLOSED_BY_GRID"));
        api().post("/cards/" + card.cardId() + "/reveal").then().statusCode(409);
        List<Map<String, Object>> accounts = api().queryParam("customerId", card.holder().customerId()).get("/customers/internal-accounts")
                .then().statusCode(200).extract().path("data");
        accounts.forEach(account -> assertEquals("CLOSED", account.get("status")));
        MoneyFixtures.assertLedgerClean();
    }
}
