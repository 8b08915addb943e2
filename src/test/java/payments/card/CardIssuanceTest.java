package payments.card;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;
import payments.TestSupport;
import payments.WebhookReceiver;
import payments.card.CardFixtures.Cardholder;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;
import static payments.card.CardFixtures.awaitStatus;
import static payments.card.CardFixtures.body;
import static payments.card.CardFixtures.issue;

/** Issuing, reading and changing cards: POST, GET and PATCH /cards and the platform's cardConfigs. */
@QuarkusTest
class CardIssuanceTest {

    @Inject
    Pool pool;

    @Test
    void aCardIsIssuedProcessingThenActivatedWithItsNumbersAndAWebhook() throws Exception {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        String account = holder.account("USD");
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            Map<String, Object> extra = Map.of("platformCardId", "mine-001", "maxSpendPerTransaction", 5_000,
                    "maxSpendPerDay", 20_000, "maxTransactionsPerDay", 10);
            JsonPath created = issue(holder.customerId(), account, extra);
            String cardId = created.getString("id");
            assertTrue(cardId.startsWith("Card:"));
            assertEquals("PROCESSING", created.getString("status"));
            assertEquals(holder.customerId(), created.getString("customerId"));
            assertEquals(account, created.getString("fundingSource"));
            assertEquals("USD", created.getString("currency"));
            assertEquals("VIRTUAL", created.getString("form"));
            assertFalse(created.getString("platformCardId").equals("mine-001"), "a supplied platformCardId is ignored");
            assertEquals(5_000, created.getLong("maxSpendPerTransaction"));
            assertEquals(Boolean.TRUE, created.get("cardCapabilities.supportsDigitalWalletTokenization"));
            assertEquals(Boolean.FALSE, created.get("cardCapabilities.supports3dSecurePassword"));

            JsonPath active = awaitStatus(cardId, "ACTIVE");
            assertEquals("VISA", active.getString("brand"));
            assertTrue(active.getString("last4").matches("[0-9]{4}"));
            int year = OffsetDateTime.now().getYear();
            assertTrue(active.getInt("expYear") >= year + 2 && active.getInt("expYear") <= year + 4, active.prettify());
            assertTrue(active.getInt("expMonth") >= 1 && active.getInt("expMonth") <= 12);

            WebhookReceiver.Delivery event = receiver.nextMatching("CARD.STATUS_CHANGE", cardId, 10);
            assertNotNull(event, "CARD.STATUS_CHANGE");
            assertTrue(event.signatureValid());
            assertTrue(event.body().contains("\"status\":\"ACTIVE\""), event.body());
        }
        // Never in a read: the full number (the sandbox issues VISA numbers from 411111).
        String read = api().get("/cards?customerId=" + holder.customerId()).then().statusCode(200).extract().asString();
        assertFalse(read.contains("411111"), read);
    }

    @Test
    void idempotencyKeyIsRequiredAndReplaysTheFirstCard() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        Map<String, Object> body = body(holder.customerId(), holder.account("USD"));
        api().body(body).post("/cards").then().statusCode(400).body("code", equalTo("INVALID_INPUT"))
                .body("details.errors.field", hasItem("Idempotency-Key"));
        String key = UUID.randomUUID().toString();
        String first = api().header("Idempotency-Key", key).body(body).post("/cards").then().statusCode(201).extract().path("id");
        String again = api().header("Idempotency-Key", key).body(body).post("/cards").then().statusCode(201).extract().path("id");
        assertEquals(first, again);
        Map<String, Object> different = new HashMap<>(body);
        different.put("maxSpendPerTransaction", 100);
        api().header("Idempotency-Key", key).body(different).post("/cards").then().statusCode(409).body("code", equalTo("CONFLICT"));
        api().queryParam("customerId", holder.customerId()).get("/cards").then().statusCode(200).body("totalCount", equalTo(1));
        // The reference's names for the filters (issue 51 item 7) narrow the list as the spec's do, never widen it.
        api().queryParam("cardholderId", holder.customerId()).get("/cards").then().statusCode(200)
                .body("totalCount", equalTo(1)).body("data[0].customerId", equalTo(holder.customerId()));
        api().queryParam("cardholderId", holder.customerId()).queryParam("state", "CLOSED").get("/cards").then().statusCode(200)
                .body("totalCount", equalTo(0));
        api().queryParam("customerId", holder.customerId()).queryParam("cardholderId", "Customer:0190b3a4-7c2e-7d1a-9a3b-1c2d3e4f5a6b")
                .get("/cards").then().statusCode(400).body("details.errors[0].field", equalTo("cardholderId"));
    }

    @Test
    void twentyConcurrentDuplicatesIssueOneCard() throws Exception {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        Map<String, Object> body = body(holder.customerId(), holder.account("USD"));
        String key = UUID.randomUUID().toString();
        ExecutorService pool = Executors.newFixedThreadPool(20);
        try {
            List<Callable<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                calls.add(() -> api().header("Idempotency-Key", key).body(body).post("/cards").then().extract().statusCode());
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> status : pool.invokeAll(calls)) {
                statuses.add(status.get());
            }
            assertTrue(statuses.contains(201), statuses.toString());
            assertTrue(statuses.stream().allMatch(s -> s == 201 || s == 409), statuses.toString());
        } finally {
            pool.shutdown();
        }
        api().queryParam("customerId", holder.customerId()).get("/cards").then().statusCode(200).body("totalCount", equalTo(1));
    }

    @Test
    void everyInvalidFieldIsListedAtOnce() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        Map<String, Object> body = body(holder.customerId(), holder.account("USD"));
        body.put("form", "PHYSICAL");
        body.put("maxSpendPerTransaction", 0);
        body.put("maxSpendPerDay", "lots");
        body.put("maxTransactionsPerDay", 2_147_483_648L);
        body.put("threeDSecurePassword", "hunter22");
        api().header("Idempotency-Key", UUID.randomUUID().toString()).body(body).post("/cards").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT"))
                .body("details.errors.field", containsInAnyOrder("form", "maxSpendPerTransaction", "maxSpendPerDay",
                        "maxTransactionsPerDay", "threeDSecurePassword"));
        Map<String, Object> malformed = Map.of("customerId", "Customer:nope", "fundingSource", "acct", "form", "VIRTUAL");
        api().header("Idempotency-Key", UUID.randomUUID().toString()).body(malformed).post("/cards").then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("customerId", "fundingSource"));
        api().header("Idempotency-Key", UUID.randomUUID().toString()).body(Map.of()).post("/cards").then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("customerId", "form", "fundingSource"));
    }

    @Test
    void theCardholderMustBeKycApproved() {
        Map<String, Object> customer = payments.customer.CustomerTest.individual(TestSupport.uniqueCustomerRef("card"), "Ada Lovelace");
        String customerId = api().body(customer).post("/customers").then().statusCode(201).extract().path("id");
        String anyAccount = "InternalAccount:" + UUID.randomUUID();
        api().header("Idempotency-Key", UUID.randomUUID().toString()).body(body(customerId, anyAccount)).post("/cards")
                .then().statusCode(400).body("code", equalTo("CARDHOLDER_KYC_NOT_APPROVED"));
        api().header("Idempotency-Key", UUID.randomUUID().toString())
                .body(body("Customer:" + UUID.randomUUID(), anyAccount)).post("/cards").then().statusCode(404);
    }

    @Test
    void theFundingSourceMustBeAnEligibleAccountOfTheCardholder() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD", "MXN"));
        Holder other = MoneyFixtures.approvedCustomer(List.of("USD"));
        for (String account : List.of(other.account("USD"), holder.account("MXN"), "InternalAccount:" + UUID.randomUUID())) {
            api().header("Idempotency-Key", UUID.randomUUID().toString()).body(body(holder.customerId(), account)).post("/cards")
                    .then().statusCode(400).body("code", equalTo("FUNDING_SOURCE_INELIGIBLE"));
        }
        // The sandbox issuer refuses accounts whose id ends in 002 or 003 (new accounts never get such ids by chance).
        for (String ending : List.of("002", "003")) {
            String refused = accountEndingIn(holder.customerId(), ending, "002".equals(ending) ? "USD" : "USDB");
            api().header("Idempotency-Key", UUID.randomUUID().toString()).body(body(holder.customerId(), refused)).post("/cards")
                    .then().statusCode(400).body("code", equalTo("FUNDING_SOURCE_INELIGIBLE"));
        }
        // A frozen account cannot fund a card, and shows no cardCapabilities while frozen.
        api().body(Map.of("status", "FROZEN")).patch("/internal-accounts/" + holder.account("USD")).then().statusCode(200)
                .body("cardCapabilities", nullValue());
        api().header("Idempotency-Key", UUID.randomUUID().toString()).body(body(holder.customerId(), holder.account("USD")))
                .post("/cards").then().statusCode(400).body("code", equalTo("FUNDING_SOURCE_INELIGIBLE"));
    }

    /**
     * An ACTIVE account of the customer in {@code currency}, written directly, with an id ending in
     * {@code ending}; of type INTERNAL_CRYPTO, as a customer holds one account per type and currency.
     */
    private String accountEndingIn(String customerId, String ending, String currency) {
        UUID id = UUID.fromString(UUID.randomUUID().toString().substring(0, 33) + ending);
        pool.preparedQuery("""
                        INSERT INTO internal_accounts (id, customer_id, type, currency, status, available_balance, total_balance,
                            funding_instructions, created_at, updated_at)
                        VALUES ($1, $2, 'INTERNAL_CRYPTO', $3, 'ACTIVE', 0, 0, '[]', now(), now())""")
                .execute(Tuple.of(id, UUID.fromString(customerId.substring("Customer:".length())), currency)).await().indefinitely();
        return "InternalAccount:" + id;
    }

    @Test
    void capabilitiesDecideWhichFieldsAreAllowed() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD", "EUR", "USDB"));
        api().get("/internal-accounts/" + holder.account("EUR")).then().statusCode(200)
                .body("cardCapabilities.supports3dSecurePassword", equalTo(true))
                .body("cardCapabilities.supportsSpendLimitsAtIssuance", equalTo(true));
        api().get("/internal-accounts/" + holder.account("USDB")).then().statusCode(200)
                .body("cardCapabilities.supportsSpendLimitsAtIssuance", equalTo(false))
                .body("cardCapabilities.supportsTransactionCountLimit", equalTo(false));
        String key = "Idempotency-Key";
        // EUR: the static 3-D Secure password is required, and not blank.
        api().header(key, UUID.randomUUID().toString()).body(body(holder.customerId(), holder.account("EUR"))).post("/cards")
                .then().statusCode(400).body("details.errors.field", equalTo(List.of("threeDSecurePassword")));
        Map<String, Object> blank = body(holder.customerId(), holder.account("EUR"));
        blank.put("threeDSecurePassword", "   ");
        api().header(key, UUID.randomUUID().toString()).body(blank).post("/cards")
                .then().statusCode(400).body("details.errors.field", equalTo(List.of("threeDSecurePassword")));
        Map<String, Object> eur = body(holder.customerId(), holder.account("EUR"));
        eur.put("threeDSecurePassword", "correct horse battery");
        String eurCard = api().header(key, UUID.randomUUID().toString()).body(eur).post("/cards").then().statusCode(201)
                .body("threeDSecurePassword", nullValue()).extract().path("id");
        assertEquals("MASTERCARD", awaitStatus(eurCard, "ACTIVE").getString("brand"));
        // USDB (an embedded wallet): no limits of either kind.
        Map<String, Object> wallet = body(holder.customerId(), holder.account("USDB"));
        wallet.put("maxSpendPerTransaction", 100);
        wallet.put("maxSpendPerDay", 100);
        wallet.put("maxTransactionsPerDay", 1);
        api().header(key, UUID.randomUUID().toString()).body(wallet).post("/cards").then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("maxSpendPerTransaction", "maxSpendPerDay", "maxTransactionsPerDay"));
    }

    @Test
    void thePlatformsLiveCardMaximumCountsCardsNotClosed() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        String account = holder.account("USD");
        int live = liveCards();
        try {
            api().body(Map.of("cardConfigs", Map.of("maxLiveCards", live + 1))).patch("/config").then().statusCode(200)
                    .body("cardConfigs.maxLiveCards", equalTo(live + 1));
            String cardId = issue(holder.customerId(), account, Map.of()).getString("id");
            api().header("Idempotency-Key", UUID.randomUUID().toString()).body(body(holder.customerId(), account)).post("/cards")
                    .then().statusCode(400).body("code", equalTo("CARD_LIMIT_REACHED"));
            awaitStatus(cardId, "ACTIVE");
            api().body(Map.of("status", "CLOSED")).patch("/cards/" + cardId).then().statusCode(200);
            issue(holder.customerId(), account, Map.of());
        } finally {
            api().body(Map.of("cardConfigs", Map.of("maxLiveCards", 10_000))).patch("/config").then().statusCode(200);
        }
    }

    private static int liveCards() {
        int all = api().queryParam("limit", 1).get("/cards").then().statusCode(200).extract().path("totalCount");
        int closed = api().queryParam("limit", 1).queryParam("status", "CLOSED").get("/cards").then().statusCode(200)
                .extract().path("totalCount");
        return all - closed;
    }

    @Test
    void sandboxIssuanceOutcomesFollowThePlatformCustomerIdEnding() throws Exception {
        Holder rejected = MoneyFixtures.customerWithRef(TestSupport.uniqueCustomerRef("card") + "912", "US", List.of("USD"));
        Holder never = MoneyFixtures.customerWithRef(TestSupport.uniqueCustomerRef("card") + "911", "US", List.of("USD"));
        Holder later = MoneyFixtures.customerWithRef(TestSupport.uniqueCustomerRef("card") + "915", "US", List.of("USD"));
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            String rejectedCard = issue(rejected.customerId(), rejected.account("USD"), Map.of()).getString("id");
            JsonPath closed = awaitStatus(rejectedCard, "CLOSED");
            assertEquals("ISSUER_REJECTED", closed.getString("statusReason"));
            assertNotNull(receiver.nextMatching("CARD.STATUS_CHANGE", rejectedCard, 10));

            String neverCard = issue(never.customerId(), never.account("USD"), Map.of()).getString("id");
            String laterCard = issue(later.customerId(), later.account("USD"), Map.of()).getString("id");
            MoneyFixtures.awaitJobsDone();
            assertEquals("PROCESSING", api().get("/cards/" + laterCard).then().extract().path("status"));
            api().body(Map.of("seconds", 31)).post("/sandbox/clock/advance").then().statusCode(200);
            awaitStatus(laterCard, "ACTIVE");
            assertEquals("PROCESSING", api().get("/cards/" + neverCard).then().extract().path("status"));
            // A card still provisioning cannot be frozen.
            api().body(Map.of("status", "FROZEN")).patch("/cards/" + neverCard).then().statusCode(409)
                    .body("code", equalTo("INVALID_STATE_TRANSITION"));
            // Past the provisioning timeout (1 hour by default) the service closes it itself.
            api().body(Map.of("seconds", 3600)).post("/sandbox/clock/advance").then().statusCode(200);
            JsonPath timedOut = awaitStatus(neverCard, "CLOSED");
            assertEquals("CLOSED_BY_GRID", timedOut.getString("statusReason"));
            assertNotNull(receiver.nextMatching("CARD.STATUS_CHANGE", "CLOSED_BY_GRID", 10));
            assertEquals("ACTIVE", api().get("/cards/" + laterCard).then().extract().path("status"), "a provisioned card stays");
        }
    }

    @Test
    void freezeUnfreezeAndCloseFollowTheStateRules() throws Exception {
        Cardholder card = CardFixtures.cardholder("USD", 0, Map.of());
        String path = "/cards/" + card.cardId();
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            api().body(Map.of("status", "FROZEN")).patch(path).then().statusCode(200).body("status", equalTo("FROZEN"));
            assertNotNull(receiver.nextMatching("CARD.STATUS_CHANGE", "FROZEN", 10));
            // To the status it has: a move that goes nowhere is refused, not a no-op.
            api().body(Map.of("status", "FROZEN")).patch(path).then().statusCode(409).body("code", equalTo("INVALID_STATE_TRANSITION"));
            api().body(Map.of("status", "ACTIVE")).patch(path).then().statusCode(200).body("status", equalTo("ACTIVE"));
            api().body(Map.of("status", "ACTIVE")).patch(path).then().statusCode(409).body("code", equalTo("INVALID_STATE_TRANSITION"));
            api().body(Map.of("status", "CLOSED", "maxSpendPerDay", 10)).patch(path).then().statusCode(400)
                    .body("details.errors.field", equalTo(List.of("maxSpendPerDay")));
            api().body(Map.of("status", "CLOSED")).patch(path).then().statusCode(200)
                    .body("status", equalTo("CLOSED")).body("statusReason", equalTo("CLOSED_BY_PLATFORM"));
            WebhookReceiver.Delivery closed = receiver.nextMatching("CARD.STATUS_CHANGE", "CLOSED_BY_PLATFORM", 10);
            assertNotNull(closed);
            assertTrue(closed.signatureValid());
        }
        api().body(Map.of("status", "CLOSED")).patch(path).then().statusCode(409).body("code", equalTo("CARD_ALREADY_CLOSED"));
        api().body(Map.of("status", "ACTIVE")).patch(path).then().statusCode(409).body("code", equalTo("CARD_NOT_MUTABLE"));
        api().body(Map.of("maxSpendPerDay", 10)).patch(path).then().statusCode(409).body("code", equalTo("CARD_NOT_MUTABLE"));
        api().body(Map.of("status", "PAUSED")).patch(path).then().statusCode(400).body("details.errors.field", equalTo(List.of("status")));
        api().body(Map.of()).patch(path).then().statusCode(400).body("details.errors.field", equalTo(List.of("body")));
        api().body(Map.of("status", "FROZEN")).patch("/cards/Card:" + UUID.randomUUID()).then().statusCode(404)
                .body("code", equalTo("REFERENCE_NOT_FOUND")).body("details.notFoundCode", equalTo("CARD_NOT_FOUND"));
    }

    @Test
    void limitsAreKeptClearedOrSetAndTheFundingSourceCanMove() throws Exception {
        Cardholder card = CardFixtures.cardholder("USD", 0, Map.of("maxSpendPerTransaction", 500, "maxSpendPerDay", 900));
        String path = "/cards/" + card.cardId();
        Map<String, Object> clear = new HashMap<>();
        clear.put("maxSpendPerTransaction", null);
        clear.put("maxTransactionsPerDay", 3);
        api().body(clear).patch(path).then().statusCode(200)
                .body("maxSpendPerTransaction", nullValue()).body("maxSpendPerDay", equalTo(900))
                .body("maxTransactionsPerDay", equalTo(3));
        api().body(Map.of("maxSpendPerDay", 0, "threeDSecurePassword", "secret")).patch(path).then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("maxSpendPerDay", "threeDSecurePassword"));

        Holder holder = card.holder();
        Map<String, String> accounts = new HashMap<>(holder.accounts());
        String eurAccount = MoneyFixtures.approvedCustomer(List.of("EUR")).account("EUR");
        api().body(Map.of("fundingSource", eurAccount)).patch(path).then().statusCode(400)
                .body("code", equalTo("FUNDING_SOURCE_INELIGIBLE"));
        String second = accountEndingIn(holder.customerId(), "777", "USD");
        try (WebhookReceiver receiver = WebhookReceiver.configured()) {
            api().body(Map.of("fundingSource", second)).patch(path).then().statusCode(200).body("fundingSource", equalTo(second));
            WebhookReceiver.Delivery moved = receiver.nextMatching("CARD.FUNDING_SOURCE_CHANGE", card.cardId(), 10);
            assertNotNull(moved);
            assertTrue(moved.body().contains(second));
        }
        api().queryParam("accountId", second).get("/cards").then().statusCode(200).body("data.id", equalTo(List.of(card.cardId())));
        api().queryParam("accountId", accounts.get("USD")).get("/cards").then().statusCode(200).body("data", equalTo(List.of()));
        api().body(Map.of("fundingSource", "nope")).patch(path).then().statusCode(400)
                .body("details.errors.field", equalTo(List.of("fundingSource")));
    }

    @Test
    void listsFilterAndPage() {
        Cardholder first = CardFixtures.cardholder("USD", 0, Map.of());
        String second = issue(first.holder().customerId(), first.account(), Map.of()).getString("id");
        String customer = first.holder().customerId();
        api().queryParam("customerId", customer).get("/cards").then().statusCode(200)
                .body("totalCount", equalTo(2)).body("data[0].id", equalTo(second));
        api().queryParam("customerId", customer).queryParam("sortOrder", "asc").queryParam("limit", 1).get("/cards")
                .then().statusCode(200).body("data.id", equalTo(List.of(first.cardId()))).body("hasMore", equalTo(true))
                .body("nextCursor", notNullValue());
        String platformCardId = api().get("/cards/" + first.cardId()).then().extract().path("platformCardId");
        api().queryParam("platformCardId", platformCardId).get("/cards").then().statusCode(200)
                .body("data.id", equalTo(List.of(first.cardId())));
        api().queryParam("customerId", customer).queryParam("status", "ACTIVE").get("/cards").then().statusCode(200)
                .body("data.id", hasItem(first.cardId()));
        api().queryParam("status", "PAUSED").queryParam("customerId", "x").queryParam("accountId", "y")
                .queryParam("sortOrder", "up").get("/cards").then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("status", "customerId", "accountId", "sortOrder"));
        api().get("/cards/" + first.cardId()).then().statusCode(200).body("id", equalTo(first.cardId()))
                .body("platformCardId", matchesPattern("card_[0-9a-f]{32}"));
        api().get("/cards/Card:" + UUID.randomUUID()).then().statusCode(404).body("code", equalTo("REFERENCE_NOT_FOUND")).body("details.notFoundCode", equalTo("CARD_NOT_FOUND"));
        api().get("/cards/nope").then().statusCode(404);
    }

    @Test
    void cardConfigsAreValidatedAndMerged() {
        api().body(Map.of("cardConfigs", Map.of("maxLiveCards", 0, "spendLimits", List.of(
                        Map.of("currency", "XYZ", "maxSpendPerDay", 0),
                        Map.of("currency", "USD"), Map.of("currency", "USD")))))
                .patch("/config").then().statusCode(400)
                .body("details.errors.field", hasItem("cardConfigs.maxLiveCards"))
                .body("details.errors.field", hasItem("cardConfigs.spendLimits[0].currency"))
                .body("details.errors.field", hasItem("cardConfigs.spendLimits[0].maxSpendPerDay"))
                .body("details.errors.field", hasItem("cardConfigs.spendLimits[2].currency"));
        api().body(Map.of("cardConfigs", Map.of("maxLiveCards", 10_001))).patch("/config").then().statusCode(400);
        try {
            api().body(Map.of("cardConfigs", Map.of("spendLimits", List.of(Map.of("currency", "EUR", "maxSpendPerDay", 1000)))))
                    .patch("/config").then().statusCode(200);
            api().body(Map.of("cardConfigs", Map.of("spendLimits", List.of(Map.of("currency", "GBP", "maxTransactionsPerDay", 5)))))
                    .patch("/config").then().statusCode(200)
                    .body("cardConfigs.spendLimits.currency", containsInAnyOrder("EUR", "GBP"));
        } finally {
            api().body(Map.of("cardConfigs", Map.of("spendLimits", List.of(Map.of("currency", "EUR"), Map.of("currency", "GBP")))))
                    .patch("/config").then().statusCode(200).body("cardConfigs.spendLimits", equalTo(List.of()));
        }
    }
}
