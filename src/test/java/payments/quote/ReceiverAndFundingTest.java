package payments.quote;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static payments.MoneyFixtures.assertLedgerClean;
import static payments.MoneyFixtures.awaitTransaction;
import static payments.MoneyFixtures.balance;
import static payments.TestSupport.api;

/** Receiver lookups, UMA destinations, and quotes funded in real time (POST /sandbox/send). */
@QuarkusTest
class ReceiverAndFundingTest {

    private static Map<String, Object> umaQuote(String source, String address, String lookupId, long amount) {
        Map<String, Object> body = new HashMap<>();
        body.put("source", Map.of("sourceType", "ACCOUNT", "accountId", source));
        body.put("destination", Map.of("destinationType", "UMA_ADDRESS", "umaAddress", address));
        body.put("lockedCurrencySide", "SENDING");
        body.put("lockedCurrencyAmount", amount);
        if (lookupId != null) {
            body.put("lookupId", lookupId);
        }
        return body;
    }

    @Test
    void umaLookupThenQuoteWithTheRequiredSenderData() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 10000);
        JsonPath lookup = api().queryParam("customerId", payer.customerId())
                .get("/receiver/uma/$success.eur@sandbox.uma.money").then().statusCode(200)
                .body("receiverUmaAddress", equalTo("$success.eur@sandbox.uma.money"))
                .body("lookupId", startsWith("Lookup:"))
                .body("supportedCurrencies[0].currency.code", equalTo("EUR"))
                .body("supportedCurrencies[0].estimatedExchangeRate", equalTo(0.92f))
                .body("requiredPayerDataFields.name", hasItems("FULL_NAME"))
                .extract().jsonPath();
        String lookupId = lookup.getString("lookupId");

        api().body(umaQuote(payer.account("USD"), "$success.eur@sandbox.uma.money", null, 1000)).post("/quotes").then()
                .statusCode(400).body("details.errors.field", hasItems("lookupId"));
        api().body(umaQuote(payer.account("USD"), "$success.eur@sandbox.uma.money", lookupId, 1000)).post("/quotes").then()
                .statusCode(400).body("code", equalTo("MISSING_MANDATORY_USER_INFO"))
                .body("details.errors[0].field", equalTo("senderCustomerInfo.FULL_NAME"));
        api().body(umaQuote(payer.account("USD"), "$success.usd@sandbox.uma.money", lookupId, 1000)).post("/quotes").then()
                .statusCode(400).body("details.errors[0].field", equalTo("lookupId"));

        Map<String, Object> body = umaQuote(payer.account("USD"), "$success.eur@sandbox.uma.money", lookupId, 1000);
        body.put("senderCustomerInfo", Map.of("FULL_NAME", "Grace Hopper"));
        body.put("immediatelyExecute", true);
        String transactionId = api().body(body).post("/quotes").then().statusCode(201)
                .body("receivingCurrency.code", equalTo("EUR"))
                .body("destination.umaAddress", equalTo("$success.eur@sandbox.uma.money"))
                .extract().path("transactionId");
        JsonPath done = awaitTransaction(transactionId, "COMPLETED");
        assertEquals("UMA_ADDRESS", done.getString("destination.destinationType"));
        assertEquals(9000, balance(payer.account("USD")));

        String compliance = api().queryParam("customerId", payer.customerId())
                .get("/receiver/uma/$fail.compliance.usd@sandbox.uma.money").then().statusCode(200).extract().path("lookupId");
        Map<String, Object> refused = umaQuote(payer.account("USD"), "$fail.compliance.usd@sandbox.uma.money", compliance, 500);
        refused.put("senderCustomerInfo", Map.of("FULL_NAME", "Grace Hopper"));
        refused.put("immediatelyExecute", true);
        String refusedId = api().body(refused).post("/quotes").then().statusCode(201).extract().path("transactionId");
        assertEquals("COMPLIANCE_REJECTED", awaitTransaction(refusedId, "FAILED").getString("failureReason"));
        MoneyFixtures.awaitJobsDone();
        assertEquals(9000, balance(payer.account("USD")));
        assertLedgerClean();
    }

    @Test
    void lookupErrors() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        api().queryParam("customerId", payer.customerId()).get("/receiver/uma/$non.existent.usd@sandbox.uma.money").then()
                .statusCode(404).body("code", equalTo("UMA_NOT_FOUND"));
        api().queryParam("customerId", payer.customerId()).get("/receiver/uma/not-an-address").then()
                .statusCode(400).body("code", equalTo("INVALID_UMA_ADDRESS"));
        api().get("/receiver/uma/$success.usd@sandbox.uma.money").then().statusCode(400)
                .body("details.errors.field", hasItems("customerId", "senderUmaAddress"));
        api().queryParam("customerId", payer.customerId())
                .get("/receiver/external-account/ExternalAccount:0193e1b2-0000-7000-8000-000000000000").then().statusCode(404);

        String bank = MoneyFixtures.externalUsdAccount(payer.customerId(), "000");
        api().queryParam("customerId", payer.customerId()).get("/receiver/external-account/" + bank).then().statusCode(200)
                .body("accountId", equalTo(bank))
                .body("supportedCurrencies[0].currency.code", equalTo("USD"))
                .body("supportedCurrencies[0].estimatedExchangeRate", equalTo(1))
                .body("requiredPayerDataFields.size()", equalTo(0))
                .body("lookupId", notNullValue());
    }

    @Test
    void realtimeFundedQuoteRunsWhenTheMoneyArrives() {
        Holder payee = MoneyFixtures.approvedCustomer(List.of("MXN"));
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Map<String, Object> body = new HashMap<>();
        body.put("source", Map.of("sourceType", "REALTIME_FUNDING", "currency", "USD", "customerId", payer.customerId()));
        body.put("destination", Map.of("destinationType", "ACCOUNT", "accountId", payee.account("MXN")));
        body.put("lockedCurrencySide", "RECEIVING");
        body.put("lockedCurrencyAmount", 100000);
        JsonPath quote = api().body(body).post("/quotes").then().statusCode(201)
                .body("status", equalTo("PENDING"))
                .body("source.sourceType", equalTo("REALTIME_FUNDING"))
                .body("paymentInstructions[0].accountOrWalletInfo.reference", startsWith("SVC-"))
                .extract().jsonPath();
        api().post("/quotes/" + quote.getString("id") + "/execute").then().statusCode(409);
        api().body(Map.of("quoteId", quote.getString("id"), "currencyCode", "EUR")).post("/sandbox/send").then()
                .statusCode(400).body("details.errors[0].field", equalTo("currencyCode"));
        api().body(Map.of("quoteId", quote.getString("id"), "currencyCode", "USD", "currencyAmount", 1)).post("/sandbox/send")
                .then().statusCode(400).body("code", equalTo("INVALID_AMOUNT"));
        api().body(Map.of("quoteId", "Quote:0193e1b2-0000-7000-8000-000000000000", "currencyCode", "USD")).post("/sandbox/send")
                .then().statusCode(404);

        api().body(Map.of("quoteId", quote.getString("id"), "currencyCode", "USD")).post("/sandbox/send").then()
                .statusCode(200).body("id", equalTo(quote.getString("transactionId")))
                .body("source.sourceType", equalTo("REALTIME_FUNDING"));
        awaitTransaction(quote.getString("transactionId"), "COMPLETED");
        assertEquals(100000, balance(payee.account("MXN")));
        api().body(Map.of("quoteId", quote.getString("id"), "currencyCode", "USD")).post("/sandbox/send").then().statusCode(409);
        assertLedgerClean();

        body.put("immediatelyExecute", true);
        api().body(body).post("/quotes").then().statusCode(400).body("details.errors[0].field", equalTo("immediatelyExecute"));
    }

    /** USDC sent to a realtime quote's sandbox deposit address: the payment's source names the on-chain transaction. */
    @Test
    void cryptoRealtimeFundingNamesItsOnChainTransaction() {
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Map<String, Object> body = new HashMap<>();
        body.put("source", Map.of("sourceType", "REALTIME_FUNDING", "currency", "USDC", "cryptoNetwork", "SOLANA",
                "customerId", payer.customerId()));
        body.put("destination", Map.of("destinationType", "ACCOUNT", "accountId", payee.account("USD")));
        body.put("lockedCurrencySide", "SENDING");
        body.put("lockedCurrencyAmount", 5_000_000);
        JsonPath quote = api().body(body).post("/quotes").then().statusCode(201)
                .body("paymentInstructions[0].accountOrWalletInfo.accountType", equalTo("SOLANA_WALLET")).extract().jsonPath();
        JsonPath sent = api().body(Map.of("quoteId", quote.getString("id"), "currencyCode", "USDC")).post("/sandbox/send").then()
                .statusCode(200).extract().jsonPath();
        assertEquals("SOLANA", sent.getString("source.onChainTransaction.network"));
        assertEquals(sent.getString("source.onChainTransaction.transactionHash"), sent.getString("reconciliationInstructions.transactionHash"));
        awaitTransaction(quote.getString("transactionId"), "COMPLETED");
        api().get("/transactions/" + quote.getString("transactionId")).then()
                .body("source.onChainTransaction.transactionHash", equalTo(sent.getString("source.onChainTransaction.transactionHash")));
    }

    @Test
    void euRealtimeQuoteWithholdsInstructionsUntilAuthorized() {
        Holder payee = MoneyFixtures.approvedCustomer(List.of("EUR"));
        Holder payer = MoneyFixtures.customer("NL", List.of("EUR"));
        Map<String, Object> body = new HashMap<>();
        body.put("source", Map.of("sourceType", "REALTIME_FUNDING", "currency", "EUR", "customerId", payer.customerId()));
        body.put("destination", Map.of("destinationType", "ACCOUNT", "accountId", payee.account("EUR")));
        body.put("lockedCurrencySide", "SENDING");
        body.put("lockedCurrencyAmount", 2500);
        String quoteId = api().body(body).post("/quotes").then().statusCode(202)
                .body("status", equalTo("PENDING_AUTHORIZATION"))
                .body("scaChallenge.factor", equalTo("SMS_OTP"))
                .body("paymentInstructions", nullValue())
                .extract().path("id");
        api().body(Map.of("quoteId", quoteId, "currencyCode", "EUR")).post("/sandbox/send").then().statusCode(409);
        MoneyFixtures.scaLogin(payer.customerId());
        api().body(Map.of("code", "123456")).post("/quotes/" + quoteId + "/authorize").then().statusCode(200)
                .body("status", equalTo("PENDING"))
                .body("paymentInstructions[0].accountOrWalletInfo.accountType", equalTo("EUR_ACCOUNT"));
        String transactionId = api().body(Map.of("quoteId", quoteId, "currencyCode", "EUR")).post("/sandbox/send").then()
                .statusCode(200).extract().path("id");
        awaitTransaction(transactionId, "COMPLETED");
        assertEquals(2500, balance(payee.account("EUR")));
    }
}
