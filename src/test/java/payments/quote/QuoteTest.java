package payments.quote;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;
import payments.WebhookReceiver;

import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.MoneyFixtures.assertLedgerClean;
import static payments.MoneyFixtures.awaitTransaction;
import static payments.MoneyFixtures.balance;
import static payments.MoneyFixtures.quoteBody;
import static payments.MoneyFixtures.transferBody;
import static payments.TestSupport.api;

@QuarkusTest
class QuoteTest {

    private WebhookReceiver receiver;

    @BeforeEach
    void listen() {
        receiver = WebhookReceiver.configured();
    }

    @AfterEach
    void stop() {
        receiver.disconnect();
    }

    @Test
    void sameCurrencyTransferBetweenCustomersMovesTheMoneyOnce() throws Exception {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 10000);

        Map<String, Object> body = quoteBody(payer.account("USD"), payee.account("USD"), 2500);
        body.put("description", "Rent share");
        JsonPath quote = api().body(body).post("/quotes").then().statusCode(201)
                .body("id", startsWith("Quote:"))
                .body("status", equalTo("PENDING"))
                .body("source.customerId", equalTo(payer.customerId()))
                .body("sendingCurrency.code", equalTo("USD"))
                .body("receivingCurrency.code", equalTo("USD"))
                .body("totalSendingAmount", equalTo(2500))
                .body("totalReceivingAmount", equalTo(2500))
                .body("exchangeRate", equalTo(1))
                .body("feesIncluded", equalTo(0))
                .body("platformFeesIncluded", equalTo(0))
                .body("rateDetails.gridApiFixedFee", equalTo(0))
                .body("transactionId", startsWith("Transaction:"))
                .body("expiresAt", notNullValue())
                .extract().jsonPath();
        String transactionId = quote.getString("transactionId");
        assertEquals(transactionId, new JsonPath(receiver.nextMatching("OUTGOING_PAYMENT.PENDING", transactionId, 10).body()).getString("data.id"));
        api().get("/transactions/" + transactionId).then().statusCode(200)
                .body("status", equalTo("PENDING")).body("type", equalTo("OUTGOING")).body("direction", equalTo("DEBIT"));

        // A bare POST, as curl sends it: no body, no Content-Type.
        io.restassured.RestAssured.given().basePath(payments.TestSupport.BASE).auth().preemptive()
                .basic(payments.TestSupport.CLIENT_ID, payments.TestSupport.CLIENT_SECRET)
                .post("/quotes/" + quote.getString("id") + "/execute").then().statusCode(200)
                .body("status", equalTo("PROCESSING"));
        assertEquals(7500, balance(payer.account("USD")));
        WebhookReceiver.Delivery completed = receiver.nextMatching("OUTGOING_PAYMENT.COMPLETED", transactionId, 10);
        assertTrue(completed.signatureValid());
        JsonPath done = awaitTransaction(transactionId, "COMPLETED");
        assertEquals(2500, done.getInt("sentAmount.amount"));
        assertEquals(2500, done.getInt("receivedAmount.amount"));
        assertEquals("Rent share", done.getString("description"));
        assertEquals(quote.getString("id"), done.getString("quoteId"));
        assertEquals(payee.account("USD"), done.getString("destination.accountId"));
        assertEquals(7500, balance(payer.account("USD")));
        assertEquals(7500, MoneyFixtures.totalBalance(payer.account("USD")));
        assertEquals(2500, balance(payee.account("USD")));
        api().get("/quotes/" + quote.getString("id")).then().statusCode(200).body("status", equalTo("COMPLETED"));

        api().post("/quotes/" + quote.getString("id") + "/execute").then().statusCode(409)
                .body("code", equalTo("INVALID_STATE_TRANSITION"));
        api().queryParam("customerId", payer.customerId()).queryParam("type", "OUTGOING").get("/transactions").then()
                .statusCode(200).body("totalCount", equalTo(1)).body("data[0].id", equalTo(transactionId));
        api().queryParam("accountIdentifier", payee.account("USD")).get("/transactions").then()
                .statusCode(200).body("data.id", hasItems(transactionId));
        assertLedgerClean();
    }

    @Test
    void crossCurrencyQuoteChargesServiceAndPlatformFeesAndConverts() throws Exception {
        api().body(Map.of("feeConfigs", List.of(Map.of("feeType", "CROSS_CURRENCY_TRANSACTION", "sourceCurrency", "USD",
                "variableFeeBps", 50, "fixedFee", Map.of("amount", 50, "currency", "USD"))))).patch("/config").then().statusCode(200);
        try {
            Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
            Holder payee = MoneyFixtures.approvedCustomer(List.of("MXN"));
            MoneyFixtures.fund(payer.account("USD"), 20000);
            String platformUsd = api().queryParam("currency", "USD").get("/platform/internal-accounts").then()
                    .statusCode(200).extract().path("data[0].id");
            long platformBefore = balance(platformUsd);

            // Service: 10 fixed + 30 bps; platform: 50 fixed + 50 bps; 0.05 USD per MXN.
            // Fixed 60; variable base 9940: service 29.82 -> 30, platform 49.70 -> 50; fees 140, platform 100.
            // Converted 9860 cents = USD 98.60 = MXN 1972.00.
            JsonPath quote = api().body(quoteBody(payer.account("USD"), payee.account("MXN"), 10000)).post("/quotes")
                    .then().statusCode(201)
                    .body("exchangeRate", equalTo(0.05f))
                    .body("feesIncluded", equalTo(140))
                    .body("platformFeesIncluded", equalTo(100))
                    .body("totalSendingAmount", equalTo(10000))
                    .body("totalReceivingAmount", equalTo(197200))
                    .body("rateDetails.gridApiFixedFee", equalTo(10))
                    .body("rateDetails.gridApiVariableFeeAmount", equalTo(30))
                    .body("rateDetails.gridApiVariableFeeRate", equalTo(0.003f))
                    .extract().jsonPath();

            Map<String, Object> receiving = quoteBody(payer.account("USD"), payee.account("MXN"), 197200);
            receiving.put("lockedCurrencySide", "RECEIVING");
            api().body(receiving).post("/quotes").then().statusCode(201)
                    .body("totalSendingAmount", equalTo(10000)).body("totalReceivingAmount", equalTo(197200))
                    .body("feesIncluded", equalTo(140));

            api().post("/quotes/" + quote.getString("id") + "/execute").then().statusCode(200);
            JsonPath done = awaitTransaction(quote.getString("transactionId"), "COMPLETED");
            assertEquals(140, done.getInt("fees"));
            assertEquals(100, done.getInt("platformFees"));
            assertEquals(0.05f, done.getFloat("exchangeRate"));
            assertEquals(10000, balance(payer.account("USD")));
            assertEquals(197200, balance(payee.account("MXN")));
            assertEquals(platformBefore + 100, balance(platformUsd));
            assertLedgerClean();
        } finally {
            api().body(Map.of("feeConfigs", List.of(Map.of("feeType", "CROSS_CURRENCY_TRANSACTION", "sourceCurrency", "USD",
                    "variableFeeBps", 0, "fixedFee", Map.of("amount", 0, "currency", "USD"))))).patch("/config").then().statusCode(200);
        }
    }

    @Test
    void platformFeeOverrideReplacesTheConfiguredFee() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("EUR"));
        Map<String, Object> body = quoteBody(payer.account("USD"), payee.account("EUR"), 10000);
        body.put("platformFeeOverride", Map.of("platformFixedFee", Map.of("amount", 25, "currency", "USD"),
                "platformVariableFeeBps", 0));
        api().body(body).post("/quotes").then().statusCode(201)
                .body("platformFeesIncluded", equalTo(25))
                .body("feesIncluded", equalTo(10 + 25 + 30));

        body.put("platformFeeOverride", Map.of("platformFixedFee", Map.of("amount", 25, "currency", "EUR"),
                "platformVariableFeeBps", 10001));
        api().body(body).post("/quotes").then().statusCode(400)
                .body("details.errors.field", hasItems("platformFeeOverride.platformVariableFeeBps",
                        "platformFeeOverride.platformFixedFee.currency"));
    }

    @Test
    void insufficientFundsDebitsNothing() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 1000);
        String quoteId = api().body(quoteBody(payer.account("USD"), payee.account("USD"), 1001)).post("/quotes")
                .then().statusCode(201).extract().path("id");
        api().post("/quotes/" + quoteId + "/execute").then().statusCode(400).body("code", equalTo("INSUFFICIENT_FUNDS"));
        assertEquals(1000, balance(payer.account("USD")));
        assertEquals(1000, MoneyFixtures.totalBalance(payer.account("USD")));
        api().get("/quotes/" + quoteId).then().statusCode(200).body("status", equalTo("PENDING"));

        Map<String, Object> immediate = transferBody(payer.account("USD"), payee.account("USD"), 5000);
        api().body(immediate).post("/quotes").then().statusCode(400).body("code", equalTo("INSUFFICIENT_FUNDS"));
        assertEquals(1000, balance(payer.account("USD")));
        assertLedgerClean();
    }

    @Test
    void immediatelyExecuteCreatesAndExecutesInOneCall() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 1000);
        Map<String, Object> body = transferBody(payer.account("USD"), payee.account("USD"), 400);
        String transactionId = api().body(body).post("/quotes").then().statusCode(201)
                .body("status", equalTo("PROCESSING")).extract().path("transactionId");
        awaitTransaction(transactionId, "COMPLETED");
        assertEquals(600, balance(payer.account("USD")));
        assertEquals(400, balance(payee.account("USD")));
    }

    @Test
    void quotesExpireAtTheirDeadline() throws Exception {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 1000);
        JsonPath quote = api().body(quoteBody(payer.account("USD"), payee.account("USD"), 100)).post("/quotes")
                .then().statusCode(201).extract().jsonPath();
        api().body(Map.of("seconds", 301)).post("/sandbox/clock/advance").then().statusCode(200);
        MoneyFixtures.awaitQuote(quote.getString("id"), "EXPIRED");
        JsonPath expired = new JsonPath(receiver.nextMatching("OUTGOING_PAYMENT.EXPIRED", quote.getString("transactionId"), 10).body());
        assertEquals(quote.getString("transactionId"), expired.getString("data.id"));
        assertEquals("QUOTE_EXPIRED", expired.getString("data.failureReason"));
        api().post("/quotes/" + quote.getString("id") + "/execute").then().statusCode(400)
                .body("code", equalTo("QUOTE_EXPIRED"));
        assertEquals(1000, balance(payer.account("USD")));
    }

    @Test
    void refusesInvalidQuotesListingEveryBadField() {
        Map<String, Object> body = new java.util.HashMap<>();
        body.put("source", Map.of("sourceType", "ACCOUNT"));
        body.put("destination", Map.of("destinationType", "SOMEWHERE"));
        body.put("lockedCurrencySide", "BOTH");
        body.put("lockedCurrencyAmount", 9000000000000001L);
        body.put("description", "x".repeat(1025));
        body.put("remittanceInformation", "y".repeat(81));
        body.put("purposeOfPayment", "FUN");
        body.put("scaFactor", "TOTP");
        api().body(body).post("/quotes").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT"))
                .body("details.errors.field", hasItems("source.accountId", "destination.destinationType",
                        "lockedCurrencySide", "lockedCurrencyAmount", "description", "remittanceInformation",
                        "purposeOfPayment", "scaFactor"));
        api().body(Map.of()).post("/quotes").then().statusCode(400)
                .body("details.errors.field", hasItems("source", "destination", "lockedCurrencySide", "lockedCurrencyAmount"));
        // The quote's own rules answer with the schema's errors, each field once.
        api().body(Map.of("source", Map.of("sourceType", "REALTIME_FUNDING", "currency", "XYZ"),
                        "destination", Map.of("destinationType", "UMA_ADDRESS", "umaAddress", "$bob@example.com"),
                        "lockedCurrencySide", "SENDING", "lockedCurrencyAmount", "ten", "immediatelyExecute", true,
                        "platformFeeOverride", Map.of("platformFixedFee", Map.of("amount", 5, "currency", "EUR"), "platformVariableFeeBps", 0)))
                .post("/quotes").then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("lockedCurrencyAmount", "source.currency", "immediatelyExecute",
                        "lookupId", "platformFeeOverride.platformFixedFee.currency"));

        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        api().body(quoteBody(payer.account("USD"), payer.account("USD"), 100)).post("/quotes").then()
                .statusCode(400).body("code", equalTo("SELF_PAYMENT"));
        api().body(quoteBody(payer.account("USD"), "InternalAccount:0193e1b2-0000-7000-8000-000000000000", 100))
                .post("/quotes").then().statusCode(400).body("details.errors[0].field", equalTo("destination.accountId"));
        api().body(quoteBody("InternalAccount:0193e1b2-0000-7000-8000-000000000000", payer.account("USD"), 100))
                .post("/quotes").then().statusCode(400).body("details.errors[0].field", equalTo("source.accountId"));
        Map<String, Object> zero = quoteBody(payer.account("USD"), payer.account("USD"), 0);
        api().body(zero).post("/quotes").then().statusCode(400).body("details.errors[0].field", equalTo("lockedCurrencyAmount"));
        api().get("/quotes/Quote:0193e1b2-0000-7000-8000-000000000000").then().statusCode(404)
                .body("code", equalTo("QUOTE_NOT_FOUND"));
        api().post("/quotes/nonsense/execute").then().statusCode(404);
    }

    @Test
    void customersMustBeVerifiedAndHaveAcceptedTheTerms() {
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USD"));
        Map<String, Object> unverified = payments.customer.CustomerTest.individual("nv-" + java.util.UUID.randomUUID(), "Not Verified");
        unverified.put("currencies", List.of("USD"));
        String customerId = api().body(unverified).post("/customers").then().statusCode(201).extract().path("id");
        String account = MoneyFixtures.activeAccounts(customerId).get("USD");
        api().body(quoteBody(account, payee.account("USD"), 100)).post("/quotes").then().statusCode(403)
                .body("code", equalTo("USER_NOT_READY"));

        api().body(Map.of("sandboxSkipVerificationPaperwork", true)).patch("/config").then().statusCode(200);
        Map<String, Object> noTerms = payments.customer.CustomerTest.individual("nt-" + java.util.UUID.randomUUID(), "No Terms");
        noTerms.put("currencies", List.of("USD"));
        String noTermsId;
        try {
            noTermsId = api().body(noTerms).post("/customers").then().statusCode(201).extract().path("id");
        } finally {
            api().body(Map.of("sandboxSkipVerificationPaperwork", false)).patch("/config").then().statusCode(200);
        }
        String noTermsAccount = MoneyFixtures.activeAccounts(noTermsId).get("USD");
        api().body(quoteBody(noTermsAccount, payee.account("USD"), 100)).post("/quotes").then().statusCode(403)
                .body("code", equalTo("END_USER_TERMS_NOT_ACCEPTED"));
    }

    @Test
    void sizeAndDailyVolumeLimits() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 100_000_000_000L);
        api().body(quoteBody(payer.account("USD"), payee.account("USD"), 100_000_001)).post("/quotes").then()
                .statusCode(400).body("code", equalTo("TRANSACTION_SIZE_LIMIT_EXCEEDED"));
        Map<String, Object> body = transferBody(payer.account("USD"), payee.account("USD"), 100_000_000);
        for (int i = 0; i < 5; i++) {
            api().body(body).post("/quotes").then().statusCode(201);
        }
        api().body(body).post("/quotes").then().statusCode(429).body("code", equalTo("DAILY_VOLUME_LIMIT_EXCEEDED"));
        assertEquals(100_000_000_000L - 500_000_000L, balance(payer.account("USD")));
        assertLedgerClean();
    }

    /**
     * Payments on the one-by-one path count too, and a payment that fails gives its share back:
     * four batched transfers and one slow payout (005, times out after 30 s) fill the day's limit;
     * once the payout has failed, one more transfer fits.
     */
    @Test
    void aFailedPaymentNoLongerCountsTowardsTheDailyVolume() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 1_000_000_000L);
        Map<String, Object> transfer = transferBody(payer.account("USD"), payee.account("USD"), 100_000_000);
        for (int i = 0; i < 4; i++) {
            api().body(transfer).post("/quotes").then().statusCode(201);
        }
        Map<String, Object> payout = transferBody(payer.account("USD"),
                MoneyFixtures.externalUsdAccount(payer.customerId(), "005"), 100_000_000);
        String slow = api().body(payout).post("/quotes").then().statusCode(201).extract().path("transactionId");
        api().body(transfer).post("/quotes").then().statusCode(429).body("code", equalTo("DAILY_VOLUME_LIMIT_EXCEEDED"));

        api().body(Map.of("seconds", 31)).post("/sandbox/clock/advance").then().statusCode(200);
        MoneyFixtures.awaitTransaction(slow, "FAILED");
        api().body(transfer).post("/quotes").then().statusCode(201);
        api().body(transfer).post("/quotes").then().statusCode(429).body("code", equalTo("DAILY_VOLUME_LIMIT_EXCEEDED"));
        assertEquals(1_000_000_000L - 500_000_000L, balance(payer.account("USD")));
        assertLedgerClean();
    }

    @Test
    void exchangeRatesListCorridorsWithFees() {
        api().queryParam("sourceCurrency", "USD").queryParam("destinationCurrency", "MXN").get("/exchange-rates").then()
                .statusCode(200)
                .body("data.size()", equalTo(1))
                .body("data[0].sourceCurrency.code", equalTo("USD"))
                .body("data[0].destinationCurrency.code", equalTo("MXN"))
                .body("data[0].destinationPaymentRail", equalTo("SPEI"))
                .body("data[0].exchangeRate", equalTo(0.05f))
                .body("data[0].sendingAmount", equalTo(10000))
                // fees 10 + round(9990 * 0.003) = 40; 9960 cents -> MXN 1992.00
                .body("data[0].fees.total", equalTo(40))
                .body("data[0].receivingAmount", equalTo(199200))
                .body("data[0].updatedAt", notNullValue());
        api().queryParam("sourceCurrency", "USD").get("/exchange-rates").then().statusCode(200)
                .body("data.destinationCurrency.code", hasItems("EUR", "MXN", "GBP"));
        api().queryParam("sourceCurrency", "XXX").queryParam("destinationCurrency", "YYY").queryParam("sendingAmount", "-1")
                .get("/exchange-rates").then().statusCode(400)
                .body("details.errors.field", hasItems("sourceCurrency", "destinationCurrency[0]", "sendingAmount"));
        api().get("/transactions/Transaction:0193e1b2-0000-7000-8000-000000000000").then().statusCode(404)
                .body("code", equalTo("TRANSACTION_NOT_FOUND")).body("reason", notNullValue()).body("stack", nullValue());
        api().get("/transactions/Quote:0193e1b2-0000-7000-8000-000000000000").then().statusCode(404)
                .body("code", equalTo("TRANSACTION_NOT_FOUND"));
        api().get("/transactions/not-an-id").then().statusCode(404).body("code", equalTo("TRANSACTION_NOT_FOUND"));
    }
}
