package payments.transaction;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;
import payments.WebhookReceiver;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

@QuarkusTest
class FundingTest {

    private WebhookReceiver receiver;

    @BeforeEach
    void listen() {
        receiver = WebhookReceiver.configured();
    }

    @AfterEach
    void stop() {
        receiver.disconnect();
    }

    /**
     * A payment into one of the platform's own accounts belongs to no customer: customerId and
     * platformCustomerId, required by the interface, are present as null (a generated client checks
     * that required fields are there), in the answer and in the webhook.
     */
    @Test
    void aPaymentToThePlatformsOwnAccountNamesNoCustomer() throws Exception {
        String platformUsd = api().get("/platform/internal-accounts").then().statusCode(200).extract().jsonPath()
                .getString("data.find { it.balance.currency.code == 'USD' }.id");
        api().body(Map.of("amount", 100)).post("/sandbox/internal-accounts/" + platformUsd + "/fund").then().statusCode(200);
        WebhookReceiver.Delivery completed = receiver.nextMatching("INCOMING_PAYMENT.COMPLETED", platformUsd, 10);
        Map<String, Object> data = new JsonPath(completed.body()).getMap("data");
        assertTrue(data.containsKey("customerId") && data.get("customerId") == null, completed.body());
        assertTrue(data.containsKey("platformCustomerId") && data.get("platformCustomerId") == null, completed.body());
        Map<String, Object> read = api().get("/transactions/" + data.get("id")).then().statusCode(200).extract().jsonPath().getMap("");
        assertTrue(read.containsKey("customerId") && read.get("customerId") == null, read.toString());
        assertTrue(read.containsKey("platformCustomerId") && read.get("platformCustomerId") == null, read.toString());
    }

    @Test
    void fundingCreditsTheAccountRecordsAnIncomingPaymentAndTellsThePlatform() throws Exception {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        String account = holder.account("USD");
        api().body(Map.of("amount", 100000)).post("/sandbox/internal-accounts/" + account + "/fund").then()
                .statusCode(200)
                .body("id", equalTo(account))
                .body("balance.amount", equalTo(100000))
                .body("totalBalance.amount", equalTo(100000))
                .body("balance.currency.code", equalTo("USD"));

        WebhookReceiver.Delivery completed = receiver.nextMatching("INCOMING_PAYMENT.COMPLETED", account, 10);
        assertTrue(completed.signatureValid());
        JsonPath event = new JsonPath(completed.body());
        String transactionId = event.getString("data.id");
        assertTrue(transactionId.startsWith("Transaction:"));
        assertEquals("COMPLETED", event.getString("data.status"));
        WebhookReceiver.Delivery balance = receiver.nextMatching("INTERNAL_ACCOUNT.BALANCE_UPDATED", account, 10);
        assertEquals(100000, new JsonPath(balance.body()).getInt("data.balance.amount"));

        api().get("/transactions/" + transactionId).then().statusCode(200)
                .body("type", equalTo("INCOMING"))
                .body("direction", equalTo("CREDIT"))
                .body("status", equalTo("COMPLETED"))
                .body("customerId", equalTo(holder.customerId()))
                .body("destination.destinationType", equalTo("ACCOUNT"))
                .body("destination.accountId", equalTo(account))
                .body("receivedAmount.amount", equalTo(100000))
                .body("fees", equalTo(0))
                .body("reconciliationInstructions.reference", startsWith("REF-"))
                .body("reconciliationInstructions.transactionHash", org.hamcrest.Matchers.nullValue())
                .body("source.onChainTransaction", org.hamcrest.Matchers.nullValue())
                .body("settledAt", startsWith("20"));
        api().queryParam("customerId", holder.customerId()).get("/transactions").then().statusCode(200)
                .body("totalCount", equalTo(1))
                .body("data.id", hasItems(transactionId));
        MoneyFixtures.assertLedgerClean();
    }

    /** Crypto deposited to a wallet's sandbox address arrives on chain: the incoming payment's source names the transaction. */
    @Test
    void cryptoDepositsCarryTheirOnChainTransaction() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USDC", "USDB"));
        for (Map.Entry<String, String> expected : Map.of("USDC", "SOLANA", "USDB", "SPARK").entrySet()) {
            String account = holder.account(expected.getKey());
            api().body(Map.of("amount", 2_000_000)).post("/sandbox/internal-accounts/" + account + "/fund").then().statusCode(200);
            JsonPath deposit = api().queryParam("customerId", holder.customerId()).queryParam("type", "INCOMING").queryParam("limit", 100)
                    .get("/transactions").then().statusCode(200).extract().jsonPath()
                    .setRootPath("data.find { it.destination.accountId == '" + account + "' }");
            assertEquals("REALTIME_FUNDING", deposit.getString("source.sourceType"));
            assertEquals(expected.getValue(), deposit.getString("source.onChainTransaction.network"));
            String hash = deposit.getString("source.onChainTransaction.transactionHash");
            assertTrue(hash.matches("[0-9a-f]{64}"), hash);
            assertEquals(hash, deposit.getString("reconciliationInstructions.transactionHash"), "the deprecated field still works");
        }
    }

    @Test
    void parallelFundingLosesNothing() throws Exception {
        String account = MoneyFixtures.approvedCustomer(List.of("USD")).account("USD");
        ExecutorService pool = Executors.newFixedThreadPool(10);
        try {
            List<Future<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                calls.add(pool.submit(() -> api().body(Map.of("amount", 7))
                        .post("/sandbox/internal-accounts/" + account + "/fund").statusCode()));
            }
            for (Future<Integer> call : calls) {
                assertEquals(200, call.get());
            }
        } finally {
            pool.shutdown();
        }
        assertEquals(210, MoneyFixtures.balance(account));
        MoneyFixtures.assertLedgerClean();
    }

    @Test
    void refusesBadAmountsUnknownAccountsAndFrozenAccounts() {
        String account = MoneyFixtures.approvedCustomer(List.of("USD")).account("USD");
        api().body(Map.of("amount", 0)).post("/sandbox/internal-accounts/" + account + "/fund").then()
                .statusCode(400).body("code", equalTo("INVALID_INPUT")).body("details.errors[0].field", equalTo("amount"));
        api().body(Map.of("amount", 100000000001L)).post("/sandbox/internal-accounts/" + account + "/fund").then()
                .statusCode(400).body("details.errors[0].field", equalTo("amount"));
        api().body(Map.of("amount", "ten")).post("/sandbox/internal-accounts/" + account + "/fund").then()
                .statusCode(400);
        api().body(Map.of()).post("/sandbox/internal-accounts/" + account + "/fund").then()
                .statusCode(400).body("details.errors[0].message", equalTo("Is required"));
        api().body(Map.of("amount", 5)).post("/sandbox/internal-accounts/InternalAccount:0193e1b2-0000-7000-8000-000000000000/fund")
                .then().statusCode(404);
        api().body(Map.of("amount", 5)).post("/sandbox/internal-accounts/Customer:nope/fund").then().statusCode(404);

        api().body(Map.of("status", "FROZEN")).patch("/internal-accounts/" + account).then().statusCode(200);
        api().body(Map.of("amount", 5)).post("/sandbox/internal-accounts/" + account + "/fund").then()
                .statusCode(409);
        assertEquals(0, MoneyFixtures.balance(account));
    }
}
