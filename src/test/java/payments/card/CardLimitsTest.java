package payments.card;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.card.CardFixtures.Cardholder;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static payments.MoneyFixtures.assertBalances;
import static payments.MoneyFixtures.assertLedgerClean;
import static payments.TestSupport.api;
import static payments.card.CardFixtures.authorize;
import static payments.card.CardFixtures.awaitTransaction;
import static payments.card.CardFixtures.simulate;

/**
 * Card limits: per transaction, per UTC day in amount and in count, the lower of the card's and the
 * platform's value, exactly-at-the-limit allowed; concurrent authorizations never pass a limit or
 * overdraw the funding account.
 */
@QuarkusTest
class CardLimitsTest {

    private static String status(JsonPath row) {
        return row.getString("status") + (row.getString("cardDeclinedReason") == null ? "" : " " + row.getString("cardDeclinedReason"));
    }

    @Test
    void thePerTransactionCapAllowsExactlyTheLimitAndTheLowerOfCardAndPlatformApplies() {
        Cardholder card = CardFixtures.cardholder("USD", 100_000, Map.of("maxSpendPerTransaction", 1_000));
        assertEquals("AUTHORIZED", status(authorize(card.cardId(), 1_000, "SHOP")));
        assertEquals("DECLINED SPEND_LIMIT_EXCEEDED", status(authorize(card.cardId(), 1_001, "SHOP")));
        try {
            api().body(Map.of("cardConfigs", Map.of("spendLimits", List.of(Map.of("currency", "USD", "maxSpendPerTransaction", 800)))))
                    .patch("/config").then().statusCode(200);
            assertEquals("DECLINED SPEND_LIMIT_EXCEEDED", status(authorize(card.cardId(), 801, "SHOP")));
            assertEquals("AUTHORIZED", status(authorize(card.cardId(), 800, "SHOP")));
        } finally {
            api().body(Map.of("cardConfigs", Map.of("spendLimits", List.of(Map.of("currency", "USD"))))).patch("/config")
                    .then().statusCode(200);
        }
        assertBalances(card.account(), 98_200, 98_200);
        // The cap is on the authorization, not on a later clearing (a tip).
        String id = CardFixtures.cardTransactions(card.cardId()).get(0).get("id").toString();
        simulate(card.cardId(), "clearing", Map.of("cardTransactionId", id, "amount", 1_200));
        awaitTransaction(id, "settledAmount.amount", 1_200);
        assertLedgerClean();
    }

    /** The platform's daily amount and count caps, with no cap on the card itself, bind a real authorization. */
    @Test
    void thePlatformsDailyAmountAndCountCapsApplyToCardsWithoutTheirOwn() {
        Cardholder byAmount = CardFixtures.cardholder("USD", 100_000, Map.of());
        Cardholder byCount = CardFixtures.cardholder("USD", 100_000, Map.of());
        try {
            api().body(Map.of("cardConfigs", Map.of("spendLimits", List.of(Map.of("currency", "USD", "maxSpendPerDay", 1_500,
                    "maxTransactionsPerDay", 2))))).patch("/config").then().statusCode(200);
            assertEquals("AUTHORIZED", status(authorize(byAmount.cardId(), 1_000, "SHOP")));
            assertEquals("DECLINED SPEND_LIMIT_EXCEEDED", status(authorize(byAmount.cardId(), 501, "SHOP")));
            assertEquals("AUTHORIZED", status(authorize(byAmount.cardId(), 500, "SHOP")), "exactly the daily cap");
            assertEquals("AUTHORIZED", status(authorize(byCount.cardId(), 10, "SHOP")));
            assertEquals("AUTHORIZED", status(authorize(byCount.cardId(), 10, "SHOP")));
            assertEquals("DECLINED SPEND_LIMIT_EXCEEDED", status(authorize(byCount.cardId(), 10, "SHOP")), "the third of the day");
        } finally {
            api().body(Map.of("cardConfigs", Map.of("spendLimits", List.of(Map.of("currency", "USD"))))).patch("/config")
                    .then().statusCode(200);
        }
        assertBalances(byAmount.account(), 98_500, 98_500);
        assertBalances(byCount.account(), 99_980, 99_980);
        assertLedgerClean();
    }

    @Test
    void dailyAmountAndCountResetAtUtcMidnightAndGivingBackRestoresNothing() {
        Cardholder card = CardFixtures.cardholder("USD", 100_000, Map.of("maxSpendPerDay", 3_000, "maxTransactionsPerDay", 3));
        startOfAUtcDay();
        String first = authorize(card.cardId(), 1_000, "SHOP").getString("id");
        assertEquals("AUTHORIZED", status(authorize(card.cardId(), 2_000, "SHOP")));
        assertEquals("DECLINED SPEND_LIMIT_EXCEEDED", status(authorize(card.cardId(), 1, "SHOP")), "3,000 reached exactly");
        // The expiry gives the money back, not the day's amount or count.
        simulate(card.cardId(), "clearing", Map.of("cardTransactionId", first, "amount", 0));
        awaitTransaction(first, "status", "VOIDED");
        assertEquals("DECLINED SPEND_LIMIT_EXCEEDED", status(authorize(card.cardId(), 1, "SHOP")));
        nextUtcDay();
        assertEquals("AUTHORIZED", status(authorize(card.cardId(), 1, "SHOP")));
        assertEquals("AUTHORIZED", status(authorize(card.cardId(), 1, "SHOP")));
        assertEquals("AUTHORIZED", status(authorize(card.cardId(), 1, "SHOP")), "the third reaches the count exactly");
        assertEquals("DECLINED SPEND_LIMIT_EXCEEDED", status(authorize(card.cardId(), 1, "SHOP")));
        assertLedgerClean();
    }

    /** Moves the sandbox clock to just after the next UTC midnight, so a test's day does not end under it. */
    private static void startOfAUtcDay() {
        nextUtcDay();
    }

    private static void nextUtcDay() {
        Instant now = Instant.parse(api().body(Map.of("seconds", 1)).post("/sandbox/clock/advance").then().statusCode(200)
                .extract().<String>path("now"));
        Instant midnight = now.atZone(ZoneOffset.UTC).toLocalDate().plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        long seconds = Duration.between(now, midnight).getSeconds() + 1;
        api().body(Map.of("seconds", seconds)).post("/sandbox/clock/advance").then().statusCode(200);
    }

    @Test
    void fiftyConcurrentAuthorizationsNeverPassTheDailyLimit() throws Exception {
        Cardholder card = CardFixtures.cardholder("USD", 30_000, Map.of("maxSpendPerDay", 25_000, "maxTransactionsPerDay", 40));
        startOfAUtcDay();
        List<String> outcomes = concurrently(50, List.of(card.cardId()));
        assertEquals(25, outcomes.stream().filter("AUTHORIZED"::equals).count(), outcomes.toString());
        assertEquals(25, outcomes.stream().filter("DECLINED SPEND_LIMIT_EXCEEDED"::equals).count(), outcomes.toString());
        assertBalances(card.account(), 5_000, 5_000);
        assertLedgerClean();
    }

    @Test
    void fiftyConcurrentAuthorizationsOnTwoCardsNeverOverdrawTheirAccount() throws Exception {
        Cardholder card = CardFixtures.cardholder("USD", 30_000, Map.of());
        String second = CardFixtures.issue(card.holder().customerId(), card.account(), Map.of()).getString("id");
        CardFixtures.awaitStatus(second, "ACTIVE");
        List<String> outcomes = concurrently(50, List.of(card.cardId(), second));
        assertEquals(30, outcomes.stream().filter("AUTHORIZED"::equals).count(), outcomes.toString());
        assertEquals(20, outcomes.stream().filter("DECLINED INSUFFICIENT_FUNDS"::equals).count(), outcomes.toString());
        assertBalances(card.account(), 0, 0);
        assertLedgerClean();
    }

    /** {@code count} authorizations of 1,000 at once, spread over the cards: their outcomes. */
    private static List<String> concurrently(int count, List<String> cards) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try {
            List<Callable<String>> calls = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                String cardId = cards.get(i % cards.size());
                calls.add(() -> status(authorize(cardId, 1_000, "PARALLEL SHOP")));
            }
            List<String> outcomes = new ArrayList<>();
            for (Future<String> outcome : pool.invokeAll(calls)) {
                outcomes.add(outcome.get());
            }
            return outcomes;
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void closingACardSettlesItsPendingPullsAndLaterClearingsAreForcePosted() {
        Cardholder card = CardFixtures.cardholder("USD", 10_000, Map.of());
        String pending = authorize(card.cardId(), 2_000, "HOTEL 005").getString("id");
        String open = authorize(card.cardId(), 1_000, "DINER").getString("id");
        assertBalances(card.account(), 7_000, 9_000);
        api().body(Map.of("status", "CLOSED")).patch("/cards/" + card.cardId()).then().statusCode(200);
        assertBalances(card.account(), 7_000, 7_000);
        api().get("/transactions/" + pending).then().statusCode(200).body("pullSummary.pendingCount", equalTo(0));
        assertEquals("DECLINED CARD_NOT_ACTIVE", status(authorize(card.cardId(), 10, "DINER")));
        // After close: the clearing still posts, its tip pulled from the account.
        simulate(card.cardId(), "clearing", Map.of("cardTransactionId", open, "amount", 1_300));
        awaitTransaction(open, "status", "SETTLED");
        assertBalances(card.account(), 6_700, 6_700);
        assertLedgerClean();
    }

    @Test
    void transactionListsCarryCardRowsWithTheirOwnFilters() {
        Cardholder card = CardFixtures.cardholder("USD", 10_000, Map.of());
        String customer = card.holder().customerId();
        String auth = authorize(card.cardId(), 100, "SHOP").getString("id");
        String other = MoneyFixtures.approvedCustomer(List.of("USD")).account("USD");
        api().body(MoneyFixtures.transferBody(card.account(), other, 50)).post("/quotes").then().statusCode(201);
        // The funding (INCOMING), the card authorization and the transfer (OUTGOING), newest first.
        api().queryParam("customerId", customer).get("/transactions").then().statusCode(200).body("totalCount", equalTo(3))
                .body("data.type", equalTo(List.of("OUTGOING", "CARD", "INCOMING")));
        api().queryParam("customerId", customer).queryParam("limit", 1).get("/transactions").then().statusCode(200)
                .body("data[0].type", equalTo("OUTGOING")).body("hasMore", equalTo(true));
        String bareUuid = card.cardId().substring("Card:".length());
        api().queryParam("cardId", bareUuid).get("/transactions").then().statusCode(200).body("data.id", equalTo(List.of(auth)));
        api().queryParam("cardId", card.cardId()).get("/transactions").then().statusCode(200).body("data.id", equalTo(List.of(auth)));
        api().queryParam("customerId", customer).queryParam("type", "OUTGOING").get("/transactions").then().statusCode(200)
                .body("totalCount", equalTo(1));
        api().queryParam("accountIdentifier", card.account()).queryParam("type", "CARD").get("/transactions").then().statusCode(200)
                .body("data.id", equalTo(List.of(auth)));
        api().queryParam("type", "CARD").queryParam("status", "COMPLETED").get("/transactions").then().statusCode(400)
                .body("details.errors.field", equalTo(List.of("status")));
        api().queryParam("cardId", "not-a-card").get("/transactions").then().statusCode(400)
                .body("details.errors.field", equalTo(List.of("cardId")));
        api().get("/transactions/CardTransaction:00000000-0000-7000-8000-000000000000").then().statusCode(404)
                .body("code", equalTo("TRANSACTION_NOT_FOUND"));
    }
}
