package payments.quote;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;

import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static payments.MoneyFixtures.assertLedgerClean;
import static payments.MoneyFixtures.awaitTransaction;
import static payments.MoneyFixtures.balance;
import static payments.MoneyFixtures.quoteBody;
import static payments.MoneyFixtures.transferBody;
import static payments.TestSupport.api;

/** Strong Customer Authentication for payers in SCA regions (the EU). */
@QuarkusTest
class QuoteScaTest {

    /** A payer in an SCA region (Germany) holding EUR 50.00, and its quote of EUR 12.00 to another customer. */
    private record EuPayment(Holder payer, String quoteId) {
    }

    private static EuPayment euPayment() {
        Holder payer = MoneyFixtures.customer("DE", List.of("EUR"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("EUR"));
        MoneyFixtures.fund(payer.account("EUR"), 5000);
        MoneyFixtures.scaLogin(payer.customerId());
        String quoteId = api().body(quoteBody(payer.account("EUR"), payee.account("EUR"), 1200)).post("/quotes")
                .then().statusCode(201).extract().path("id");
        return new EuPayment(payer, quoteId);
    }

    @Test
    void euPayerAuthorizesTheExecutionWithTheSandboxCode() {
        EuPayment payment = euPayment();
        Holder payer = payment.payer();
        String quoteId = payment.quoteId();

        JsonPath challenged = api().post("/quotes/" + quoteId + "/execute").then().statusCode(200)
                .body("status", equalTo("PENDING_AUTHORIZATION"))
                .body("scaChallenge.id", startsWith("ScaChallenge:"))
                .body("scaChallenge.factor", equalTo("SMS_OTP"))
                .body("scaChallenge.purpose", equalTo("PAYOUT"))
                .extract().jsonPath();
        assertEquals(5000, balance(payer.account("EUR")), "nothing moves before authorization");
        api().get("/transactions/" + challenged.getString("transactionId")).then().body("status", equalTo("PENDING_AUTHORIZATION"));
        api().post("/quotes/" + quoteId + "/execute").then().statusCode(409);
        api().post("/quotes/" + quoteId + "/authorize/resend").then().statusCode(204);
        api().body(Map.of("code", "000000")).post("/quotes/" + quoteId + "/authorize").then().statusCode(400)
                .body("details.errors[0].field", equalTo("code"));
        api().body(Map.of()).post("/quotes/" + quoteId + "/authorize").then().statusCode(400);
        // A number is not the code, even with the right digits.
        api().body(Map.of("code", 123456)).post("/quotes/" + quoteId + "/authorize").then().statusCode(400)
                .body("details.errors[0].field", equalTo("code"));

        api().body(Map.of("code", "123456")).post("/quotes/" + quoteId + "/authorize").then().statusCode(200)
                .body("status", equalTo("PROCESSING"))
                .body("scaChallenge", nullValue());
        awaitTransaction(challenged.getString("transactionId"), "COMPLETED");
        assertEquals(3800, balance(payer.account("EUR")));
        api().body(Map.of("code", "123456")).post("/quotes/" + quoteId + "/authorize").then().statusCode(409);
        assertLedgerClean();
    }

    @Test
    void fiveWrongCodesInARowLockThePayerOutForAWhile() {
        EuPayment payment = euPayment();
        Holder payer = payment.payer();
        String quoteId = payment.quoteId();
        api().post("/quotes/" + quoteId + "/execute").then().statusCode(200).body("status", equalTo("PENDING_AUTHORIZATION"));
        // Four wrong codes are answered 400; the fifth in a row locks.
        for (int attempt = 1; attempt < payments.sca.LockoutSchedule.FIRST_LOCK_AT; attempt++) {
            api().body(Map.of("code", "000000")).post("/quotes/" + quoteId + "/authorize").then().statusCode(400);
        }
        api().body(Map.of("code", "000000")).post("/quotes/" + quoteId + "/authorize").then().statusCode(423)
                .body("code", equalTo("ACCOUNT_LOCKED"))
                .body("details.failedAttempts", equalTo(payments.sca.LockoutSchedule.FIRST_LOCK_AT))
                .body("details.suspended", equalTo(false))
                .body("details.lockedUntil", notNullValue());
        // Locked: even the right code waits.
        api().body(Map.of("code", "123456")).post("/quotes/" + quoteId + "/authorize").then().statusCode(423);
        assertEquals(5000, balance(payer.account("EUR")));
    }

    @Test
    void aRightCodeStartsTheCountAgain() {
        Holder payer = MoneyFixtures.customer("DE", List.of("EUR"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("EUR"));
        MoneyFixtures.fund(payer.account("EUR"), 5000);
        MoneyFixtures.scaLogin(payer.customerId());
        for (int payment = 0; payment < 2; payment++) {
            String quoteId = api().body(quoteBody(payer.account("EUR"), payee.account("EUR"), 100)).post("/quotes")
                    .then().statusCode(201).extract().path("id");
            api().post("/quotes/" + quoteId + "/execute").then().statusCode(200);
            for (int attempt = 1; attempt < payments.sca.LockoutSchedule.FIRST_LOCK_AT; attempt++) {
                api().body(Map.of("code", "000000")).post("/quotes/" + quoteId + "/authorize").then().statusCode(400);
            }
            api().body(Map.of("code", "123456")).post("/quotes/" + quoteId + "/authorize").then().statusCode(200);
        }
    }

    @Test
    void anUnsatisfiedChallengeFailsAtExpiryWithoutMovingMoney() {
        Holder payer = MoneyFixtures.customer("FR", List.of("EUR"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("EUR"));
        MoneyFixtures.fund(payer.account("EUR"), 5000);
        Map<String, Object> body = transferBody(payer.account("EUR"), payee.account("EUR"), 1000);
        JsonPath quote = api().body(body).post("/quotes").then().statusCode(201)
                .body("status", equalTo("PENDING_AUTHORIZATION")).extract().jsonPath();
        api().body(Map.of("seconds", 301)).post("/sandbox/clock/advance").then().statusCode(200);
        MoneyFixtures.awaitQuote(quote.getString("id"), "FAILED");
        api().get("/transactions/" + quote.getString("transactionId")).then()
                .body("status", equalTo("FAILED")).body("failureReason", equalTo("SCA_NOT_COMPLETED"));
        assertEquals(5000, balance(payer.account("EUR")));
    }

    @Test
    void scaEndpointsAnswer409OutsideScaRegions() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USD"));
        String quoteId = api().body(quoteBody(payer.account("USD"), payee.account("USD"), 100)).post("/quotes")
                .then().statusCode(201).extract().path("id");
        api().body(Map.of("code", "123456")).post("/quotes/" + quoteId + "/authorize").then().statusCode(409);
        api().post("/quotes/" + quoteId + "/authorize/resend").then().statusCode(409);
        api().body(Map.of("scaFactor", "TOTP")).post("/quotes/" + quoteId + "/execute").then().statusCode(400)
                .body("details.errors[0].field", equalTo("scaFactor"));
        // A wrong type is refused, not ignored: nothing executes.
        api().body(Map.of("scaFactor", 7)).post("/quotes/" + quoteId + "/execute").then().statusCode(400)
                .body("details.errors[0].field", equalTo("scaFactor"));
        for (String factor : List.of("FUZZ_NOT_IN_ENUM", "sms_otp")) {
            api().body(Map.of("scaFactor", factor)).post("/quotes/" + quoteId + "/execute").then().statusCode(400)
                    .body("details.errors[0].field", equalTo("scaFactor"));
        }
        api().body("[1]").post("/quotes/" + quoteId + "/execute").then().statusCode(400);
        io.restassured.RestAssured.given().spec(api()).contentType("text/plain").body("{}").post("/quotes/" + quoteId + "/execute")
                .then().statusCode(415);
        api().get("/quotes/" + quoteId).then().body("status", equalTo("PENDING"));
    }
}
