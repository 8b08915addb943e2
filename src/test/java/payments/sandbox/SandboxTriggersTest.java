package payments.sandbox;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;
import payments.verification.VerificationTest;

import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static payments.MoneyFixtures.awaitRefund;
import static payments.MoneyFixtures.awaitTransaction;
import static payments.MoneyFixtures.balance;
import static payments.MoneyFixtures.quoteBody;
import static payments.TestSupport.api;

/** Every outcome the README's sandbox trigger table promises, provoked as it says. */
@QuarkusTest
class SandboxTriggersTest {

    @Test
    void anAmountOutsideTheConfiguredRangeIsAmountOutOfRange() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USD"));
        // One above the default maxAmount: out of range; below it but above the corridor limit: the size limit.
        api().body(quoteBody(payer.account("USD"), payee.account("USD"), 1_000_000_000_001L)).post("/quotes").then()
                .statusCode(400).body("code", equalTo("AMOUNT_OUT_OF_RANGE"));
        api().body(quoteBody(payer.account("USD"), payee.account("USD"), 100_000_001)).post("/quotes").then()
                .statusCode(400).body("code", equalTo("TRANSACTION_SIZE_LIMIT_EXCEEDED"));
        List<Map<String, Object>> original = MoneyFixtures.changeUsdConfig("minAmount", 100);
        try {
            api().body(quoteBody(payer.account("USD"), payee.account("USD"), 99)).post("/quotes").then()
                    .statusCode(400).body("code", equalTo("AMOUNT_OUT_OF_RANGE"));
            api().body(quoteBody(payer.account("USD"), payee.account("USD"), 100)).post("/quotes").then().statusCode(201);
        } finally {
            MoneyFixtures.restoreCurrencies(original);
        }
    }

    @Test
    void aConversionToAnAccountEndingIn901HasItsRateRefusedAtExecution() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD", "EUR"));
        MoneyFixtures.fund(payer.account("EUR"), 5_000);
        String bank = MoneyFixtures.externalUsdAccount(payer.customerId(), "901");
        String quoteId = api().body(quoteBody(payer.account("EUR"), bank, 1_000)).post("/quotes").then().statusCode(201)
                .extract().path("id");
        api().post("/quotes/" + quoteId + "/execute").then().statusCode(400).body("code", equalTo("QUOTE_RATE_UNAVAILABLE"));
        api().get("/quotes/" + quoteId).then().body("status", equalTo("PENDING"));
        assertEquals(5_000, balance(payer.account("EUR")), "nothing held");
        api().body(MoneyFixtures.transferBody(payer.account("EUR"), bank, 1_000)).post("/quotes").then()
                .statusCode(400).body("code", equalTo("QUOTE_RATE_UNAVAILABLE"));
        // No conversion, no rate needed.
        MoneyFixtures.fund(payer.account("USD"), 5_000);
        api().body(MoneyFixtures.transferBody(payer.account("USD"), bank, 1_000)).post("/quotes").then().statusCode(201);
    }

    @Test
    void aPayoutToAnAccountEndingIn902FailsOverThePartnersLimitAndIsRefunded() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 10_000);
        String bank = MoneyFixtures.externalUsdAccount(payer.customerId(), "902");
        String quoteId = api().body(quoteBody(payer.account("USD"), bank, 2_500)).post("/quotes").then().statusCode(201)
                .extract().path("id");
        String transactionId = api().post("/quotes/" + quoteId + "/execute").then().statusCode(200).extract().path("transactionId");
        awaitTransaction(transactionId, "FAILED");
        assertEquals("LIMIT_EXCEEDED", awaitRefund(transactionId, "COMPLETED").getString("failureReason"));
        assertEquals(10_000, balance(payer.account("USD")));
    }

    @Test
    void aDocumentsFileNameAsksForItsProblem() {
        String customerId = MoneyFixtures.approvedCustomer(List.of("USD")).customerId();
        for (String code : List.of("LOW_QUALITY", "DATA_MISMATCH", "EXPIRED", "SUSPECTED_FRAUD", "UNSUITABLE_DOCUMENT", "INCOMPLETE")) {
            upload(customerId, "passport_" + code.toLowerCase() + ".png").then().statusCode(400).body("code", equalTo(code))
                    .body("details.field", equalTo("file"));
        }
        String documentId = upload(customerId, "passport.png").then().statusCode(201).extract().path("id");
        VerificationTest.multipart().multiPart("documentType", "PASSPORT").multiPart("country", "US")
                .multiPart("file", "passport_expired.png", VerificationTest.PNG, "image/png")
                .put("/documents/" + documentId).then().statusCode(400).body("code", equalTo("EXPIRED"));
        api().get("/documents/" + documentId).then().statusCode(200).body("fileName", equalTo("passport.png"));
    }

    @Test
    void umaLookupsFailAsTheAddressSays() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Map<String, Object[]> failures = Map.of(
                "$fail.timestamp.usd", new Object[]{400, "INVALID_TIMESTAMP"},
                "$fail.nonce.usd", new Object[]{400, "INVALID_NONCE"},
                "$fail.lookup.usd", new Object[]{400, "LOOKUP_REQUEST_FAILED"},
                "$fail.receiver.usd", new Object[]{400, "INVALID_RECEIVER"},
                "$fail.cert.expired.usd", new Object[]{400, "CERT_CHAIN_EXPIRED"},
                "$fail.sender.usd", new Object[]{400, "SENDER_NOT_ACCEPTED"},
                "$fail.version.usd", new Object[]{412, "UNSUPPORTED_UMA_VERSION"},
                "$fail.version.none.usd", new Object[]{424, "NO_COMPATIBLE_UMA_VERSION"},
                "$fail.lnurlp.usd", new Object[]{424, "LNURLP_REQUEST_FAILED"},
                "$fail.pubkey.fetch.usd", new Object[]{424, "COUNTERPARTY_PUBKEY_FETCH_ERROR"});
        failures.forEach((address, answer) -> api().queryParam("customerId", payer.customerId())
                .get("/receiver/uma/" + address + "@sandbox.uma.money").then()
                .statusCode((Integer) answer[0]).body("code", equalTo(answer[1])));
    }

    /** Receivers that look up fine and whose pay request fails when the quote is made (issue 51 item 5). */
    @Test
    void umaQuotesFailAtThePayRequestAsTheReceiverSays() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 5_000);
        Map.of("$fail.quote.usd", "QUOTE_REQUEST_FAILED", "$fail.payreq.usd", "INVALID_PAYREQ_RESPONSE",
                "$fail.payreq.parse.usd", "PARSE_PAYREQ_RESPONSE_ERROR").forEach((localPart, code) -> {
            String address = localPart + "@sandbox.uma.money";
            String lookupId = api().queryParam("customerId", payer.customerId()).get("/receiver/uma/" + address).then()
                    .statusCode(200).extract().path("lookupId");
            Map<String, Object> quote = new java.util.HashMap<>(MoneyFixtures.quoteBody(payer.account("USD"), "unused", 1_000));
            quote.put("destination", Map.of("destinationType", "UMA_ADDRESS", "umaAddress", address));
            quote.put("lookupId", lookupId);
            quote.put("senderCustomerInfo", Map.of("FULL_NAME", "Grace Hopper"));
            api().body(quote).post("/quotes").then().statusCode(400).body("code", equalTo(code));
        });
        assertEquals(5_000, MoneyFixtures.balance(payer.account("USD")), "nothing held");
    }

    private static io.restassured.response.Response upload(String customerId, String fileName) {
        return VerificationTest.multipart().multiPart("documentHolder", customerId).multiPart("documentType", "PASSPORT")
                .multiPart("country", "US").multiPart("file", fileName, VerificationTest.PNG, "image/png").post("/documents");
    }
}
