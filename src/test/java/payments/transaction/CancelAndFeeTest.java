package payments.transaction;

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
import static org.junit.jupiter.api.Assertions.assertEquals;
import static payments.MoneyFixtures.assertLedgerClean;
import static payments.MoneyFixtures.awaitTransaction;
import static payments.MoneyFixtures.balance;
import static payments.MoneyFixtures.transferBody;
import static payments.TestSupport.api;

@QuarkusTest
class CancelAndFeeTest {

    @Test
    void aSlowBankPayoutCanBeCancelledAndIsRefunded() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("EUR", "USD"));
        MoneyFixtures.fund(payer.account("EUR"), 10000);
        String slowBank = MoneyFixtures.externalUsdAccount(payer.customerId(), "003");
        Map<String, Object> body = transferBody(payer.account("EUR"), slowBank, 4000);
        String transactionId = api().body(body).post("/quotes").then().statusCode(201).extract().path("transactionId");
        assertEquals(6000, balance(payer.account("EUR")));

        api().body(Map.of("reason", 12)).post("/transactions/" + transactionId + "/cancel").then().statusCode(400)
                .body("details.errors[0].field", equalTo("reason"));
        api().body(Map.of("reason", "REQUESTED_AFTER_HOURS")).post("/transactions/" + transactionId + "/cancel").then().statusCode(200)
                .body("status", equalTo("FAILED"))
                .body("failureReason", equalTo("QUOTE_EXECUTION_FAILED"))
                .body("refund.reason", equalTo("USER_CANCELLATION"))
                .body("refund.status", equalTo("COMPLETED"));
        assertEquals(10000, balance(payer.account("EUR")));
        api().post("/transactions/" + transactionId + "/cancel").then().statusCode(409)
                .body("code", equalTo("TRANSACTION_NOT_CANCELLABLE"));
        // The rail's answer comes later and changes nothing.
        api().body(Map.of("seconds", 361)).post("/sandbox/clock/advance").then().statusCode(200);
        MoneyFixtures.awaitJobsDone();
        JsonPath after = api().get("/transactions/" + transactionId).then().extract().jsonPath();
        assertEquals("FAILED", after.getString("status"));
        assertEquals(10000, balance(payer.account("EUR")));
        assertLedgerClean();
    }

    @Test
    void settledAndInternalPaymentsCannotBeCancelled() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 1000);
        Map<String, Object> body = transferBody(payer.account("USD"), payee.account("USD"), 100);
        String transactionId = api().body(body).post("/quotes").then().statusCode(201).extract().path("transactionId");
        awaitTransaction(transactionId, "COMPLETED");
        // Settled: past cancelling.
        api().post("/transactions/" + transactionId + "/cancel").then().statusCode(409)
                .body("code", equalTo("TRANSACTION_NOT_CANCELLABLE"));
        api().post("/transactions/Transaction:0193e1b2-0000-7000-8000-000000000000/cancel").then().statusCode(404);

        api().body(Map.of("receiptDeliveryConfirmedAt", "2025-08-15T14:31:00Z"))
                .post("/transactions/" + transactionId + "/confirm").then().statusCode(200)
                .body("receiptDeliveryConfirmedAt", equalTo("2025-08-15T14:31:00Z"));
        api().post("/transactions/" + transactionId + "/confirm").then().statusCode(200);
        api().body(Map.of("receiptDeliveryConfirmedAt", "yesterday")).post("/transactions/" + transactionId + "/confirm")
                .then().statusCode(400).body("details.errors[0].field", equalTo("receiptDeliveryConfirmedAt"));
    }

    @Test
    void estimatesCryptoWithdrawalFees() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD", "USDC"));
        Map<String, Object> body = new HashMap<>(Map.of("internalAccountId", holder.account("USDC"), "currency", "USDC",
                "cryptoNetwork", "SOLANA", "amount", 1000000, "destinationAddress", "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU"));
        // 5000 lamports, worth USD 0.00075 = 750 micro-USDC.
        api().body(body).post("/crypto/estimate-withdrawal-fee").then().statusCode(200)
                .body("networkFee", equalTo(5000))
                .body("networkFeeAsset", equalTo("SOL"))
                .body("applicationFee", equalTo(0))
                .body("totalFee", equalTo(750))
                .body("netAmount", equalTo(999250));
        body.put("currency", "USD");
        body.put("cryptoNetwork", "DOGE");
        body.put("amount", 0);
        api().body(body).post("/crypto/estimate-withdrawal-fee").then().statusCode(400)
                .body("details.errors.field", hasItems("cryptoNetwork", "amount"));
        api().body(Map.of("internalAccountId", holder.account("USD"), "currency", "USD", "cryptoNetwork", "SOLANA",
                "amount", 100, "destinationAddress", "x")).post("/crypto/estimate-withdrawal-fee").then().statusCode(400)
                .body("details.errors[0].field", equalTo("currency"));
        api().body(Map.of("internalAccountId", "InternalAccount:0193e1b2-0000-7000-8000-000000000000", "currency", "USDC",
                "cryptoNetwork", "SOLANA", "amount", 100, "destinationAddress", "x")).post("/crypto/estimate-withdrawal-fee")
                .then().statusCode(404);
    }
}
