package payments.account;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import payments.WebhookReceiver;
import payments.customer.CustomerTest;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

@QuarkusTest
class InternalAccountTest {

    private WebhookReceiver receiver;

    @BeforeEach
    void listen() {
        receiver = WebhookReceiver.configured();
    }

    @AfterEach
    void stop() {
        receiver.disconnect();
    }

    /** Waits for the customer's accounts to leave PENDING (the activation job runs every 100 ms in tests). */
    static JsonPath settledAccounts(String customerId) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            JsonPath accounts = api().queryParam("customerId", customerId).get("/customers/internal-accounts")
                    .then().statusCode(200).extract().jsonPath();
            if (!accounts.getList("data.status").contains("PENDING")) {
                return accounts;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("accounts of " + customerId + " stayed PENDING");
    }

    static String newCustomer(String platformCustomerId, List<String> currencies) {
        Map<String, Object> body = CustomerTest.individual(platformCustomerId, "Ada Lovelace");
        body.put("currencies", currencies);
        return api().body(body).post("/customers").then().statusCode(201).extract().path("id");
    }

    @Test
    void customerCreationProvisionsOneAccountPerCurrencyThenActivatesIt() throws Exception {
        String customerId = newCustomer("ia-" + UUID.randomUUID(), List.of("USD", "EUR", "BTC", "USDC", "USDB"));
        JsonPath accounts = settledAccounts(customerId);
        assertEquals(5, accounts.getInt("totalCount"));
        assertEquals(List.of("ACTIVE", "ACTIVE", "ACTIVE", "ACTIVE", "ACTIVE"), accounts.getList("data.status"));
        assertTrue(accounts.getList("data.type").containsAll(List.of("INTERNAL_FIAT", "INTERNAL_CRYPTO", "EMBEDDED_WALLET")));
        Map<String, Object> usd = accounts.getMap("data.find { it.balance.currency.code == 'USD' }");
        assertEquals("INTERNAL_FIAT", usd.get("type"));
        assertEquals(0, ((Map<?, ?>) usd.get("balance")).get("amount"));
        assertEquals(2, ((Map<?, ?>) ((Map<?, ?>) usd.get("totalBalance")).get("currency")).get("decimals"));
        Map<?, ?> instructions = (Map<?, ?>) ((List<?>) usd.get("fundingPaymentInstructions")).get(0);
        Map<?, ?> info = (Map<?, ?>) instructions.get("accountOrWalletInfo");
        assertEquals("USD_ACCOUNT", info.get("accountType"));
        assertTrue(BankIdentifiers.isValidRoutingNumber((String) info.get("routingNumber")));
        Map<String, Object> eur = accounts.getMap("data.find { it.balance.currency.code == 'EUR' }");
        String iban = (String) ((Map<?, ?>) ((Map<?, ?>) ((List<?>) eur.get("fundingPaymentInstructions")).get(0))
                .get("accountOrWalletInfo")).get("iban");
        assertTrue(BankIdentifiers.isValidIban(iban), iban);
        assertEquals(false, accounts.getMap("data.find { it.type == 'EMBEDDED_WALLET' }").get("privateEnabled"));

        WebhookReceiver.Delivery event = receiver.nextMatching("INTERNAL_ACCOUNT.STATUS_UPDATED", customerId, 10);
        assertNotNull(event);
        assertTrue(event.signatureValid());
    }

    @Test
    void provisioningFailsForTheSandboxMagicSuffix() throws Exception {
        String customerId = newCustomer("ia-" + UUID.randomUUID() + "-909", List.of("USD"));
        JsonPath accounts = settledAccounts(customerId);
        assertEquals("FAILED", accounts.getString("data[0].status"));
        assertEquals(List.of(), accounts.getList("data[0].fundingPaymentInstructions"));
    }

    @Test
    void addingACurrencyProvisionsOnlyTheNewAccount() throws Exception {
        String customerId = newCustomer("ia-" + UUID.randomUUID(), List.of("USD"));
        settledAccounts(customerId);
        api().body(Map.of("customerType", "INDIVIDUAL", "currencies", List.of("USD", "MXN"))).patch("/customers/" + customerId)
                .then().statusCode(200);
        JsonPath accounts = settledAccounts(customerId);
        assertEquals(2, accounts.getInt("totalCount"));
        api().queryParam("customerId", customerId).queryParam("currency", "MXN").get("/internal-account").then()
                .statusCode(200).body("data.size()", equalTo(1)).body("data[0].balance.currency.code", equalTo("MXN"));
        api().queryParam("customerId", "Customer:" + UUID.randomUUID()).get("/internal-account").then().statusCode(404);
        // customerId is optional: without it, every customer's accounts (never the platform's own).
        api().queryParam("limit", 100).get("/internal-account").then().statusCode(200)
                .body("data.customerId", org.hamcrest.Matchers.everyItem(org.hamcrest.Matchers.notNullValue()))
                .body("totalCount", org.hamcrest.Matchers.greaterThanOrEqualTo(2));
    }

    @Test
    void labelsCanBeSetAndCleared() throws Exception {
        String customerId = newCustomer("ia-" + UUID.randomUUID(), List.of("USD"));
        String accountId = settledAccounts(customerId).getString("data[0].id");
        api().body(Map.of("label", "Payroll")).patch("/internal-accounts/" + accountId).then().statusCode(200)
                .body("label", equalTo("Payroll"));
        api().body(Map.of("label", "x".repeat(256))).patch("/internal-accounts/" + accountId).then().statusCode(400)
                .body("details.errors[0].field", equalTo("label"));
        api().body(Map.of("label", "")).patch("/internal-accounts/" + accountId).then().statusCode(200)
                .body("label", nullValue());
        api().body(Map.of("label", "x")).patch("/internal-accounts/InternalAccount:" + UUID.randomUUID()).then().statusCode(404);
    }

    @Test
    void platformAccountsExistForEverySupportedCurrency() {
        JsonPath platform = api().get("/platform/internal-accounts").then().statusCode(200)
                .body("data.status", everyItem(equalTo("ACTIVE")))
                .body("data.customerId", everyItem(nullValue()))
                .extract().jsonPath();
        assertTrue(platform.getList("data.balance.currency.code").containsAll(List.of("USD", "EUR", "MXN", "BTC", "USDC")));
        api().queryParam("currency", "USD").get("/platform/internal-accounts").then().statusCode(200)
                .body("data.size()", equalTo(1));
        api().queryParam("type", "SAVINGS").get("/platform/internal-accounts").then().statusCode(400);
        api().queryParam("type", "INTERNAL_FIAT").get("/customers/internal-accounts").then().statusCode(200)
                .body("data.type", everyItem(equalTo("INTERNAL_FIAT")))
                .body("data.customerId", hasItems());
    }
}
