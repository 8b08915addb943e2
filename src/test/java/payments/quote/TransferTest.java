package payments.quote;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static payments.MoneyFixtures.assertLedgerClean;
import static payments.MoneyFixtures.awaitTransaction;
import static payments.MoneyFixtures.balance;
import static payments.TestSupport.api;

/** The deprecated same-currency transfers and their POST /quotes replacement. */
@QuarkusTest
class TransferTest {

    private static Map<String, Object> transfer(String source, String destination, long amount) {
        return Map.of("source", Map.of("accountId", source), "destination", Map.of("accountId", destination), "amount", amount);
    }

    /** The reference: a destination's paymentRail must be one of the rails the destination account supports. */
    @Test
    void aPaymentRailMustBeOneOfTheDestinationsRails() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 5_000);
        String bank = MoneyFixtures.externalUsdAccount(payer.customerId(), "000");
        Map<String, Object> body = new java.util.HashMap<>(MoneyFixtures.quoteBody(payer.account("USD"), bank, 100));
        body.put("destination", Map.of("destinationType", "ACCOUNT", "accountId", bank, "paymentRail", "SEPA"));
        api().body(body).post("/quotes").then().statusCode(400).body("details.errors[0].field", equalTo("destination.paymentRail"))
                .body("details.errors[0].constraint.enum", hasItems("ACH", "WIRE"));
        body.put("destination", Map.of("destinationType", "ACCOUNT", "accountId", bank, "paymentRail", "ACH"));
        api().body(body).post("/quotes").then().statusCode(201);
        body.put("destination", Map.of("destinationType", "ACCOUNT", "accountId", payee.account("USD"), "paymentRail", "ACH"));
        api().body(body).post("/quotes").then().statusCode(400).body("details.errors[0].field", equalTo("destination.paymentRail"));
        assertEquals(5_000, balance(payer.account("USD")));
    }

    @Test
    void transferOutPaysABankAccountAndReplaysWithItsKey() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(holder.account("USD"), 10000);
        String bank = MoneyFixtures.externalUsdAccount(holder.customerId(), "000");
        String key = UUID.randomUUID().toString();
        JsonPath created = api().header("Idempotency-Key", key).body(transfer(holder.account("USD"), bank, 3550))
                .post("/transfer-out").then().statusCode(201)
                .body("id", startsWith("Transaction:"))
                .body("type", equalTo("OUTGOING"))
                .body("sentAmount.amount", equalTo(3550))
                .body("quoteId", startsWith("Quote:"))
                .extract().jsonPath();
        api().header("Idempotency-Key", key).body(transfer(holder.account("USD"), bank, 3550)).post("/transfer-out").then()
                .statusCode(201).body("id", equalTo(created.getString("id")));
        awaitTransaction(created.getString("id"), "COMPLETED");
        assertEquals(6450, balance(holder.account("USD")));
        assertLedgerClean();
    }

    @Test
    void transferOutFailuresFollowTheTransferTable() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(holder.account("USD"), 10000);
        String invalid = MoneyFixtures.externalUsdAccount(holder.customerId(), "003");
        String id = api().body(transfer(holder.account("USD"), invalid, 2000)).post("/transfer-out").then().statusCode(201)
                .extract().path("id");
        JsonPath failed = awaitTransaction(id, "FAILED");
        assertEquals("ACCOUNT_INVALID", failed.getString("failureReason"));
        MoneyFixtures.awaitJobsDone();
        assertEquals(10000, balance(holder.account("USD")));
        assertLedgerClean();
    }

    @Test
    void transferInPullsFromTheHoldersBankAccount() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        String bank = MoneyFixtures.externalUsdAccount(holder.customerId(), "000");
        String id = api().body(transfer(bank, holder.account("USD"), 12550)).post("/transfer-in").then().statusCode(201)
                .body("type", equalTo("INCOMING"))
                .body("direction", equalTo("CREDIT"))
                .body("source.accountId", equalTo(bank))
                .extract().path("id");
        awaitTransaction(id, "COMPLETED");
        assertEquals(12550, balance(holder.account("USD")));

        String empty = MoneyFixtures.externalUsdAccount(holder.customerId(), "002");
        String failedId = api().body(transfer(empty, holder.account("USD"), 500)).post("/transfer-in").then().statusCode(201)
                .extract().path("id");
        JsonPath failed = awaitTransaction(failedId, "FAILED");
        assertEquals("QUOTE_EXECUTION_FAILED", failed.getString("failureReason"));
        org.junit.jupiter.api.Assertions.assertNull(failed.get("refund"));
        assertEquals(12550, balance(holder.account("USD")));
        assertLedgerClean();
    }

    /**
     * A pull lands only with the bank account's own holder, and only from an account whose
     * holder-name check proves the name (MATCHED, PARTIAL_MATCH): through /transfer-in and /quotes alike.
     */
    @Test
    void aPullNeedsTheHoldersOwnDestinationAndAProvenName() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder other = MoneyFixtures.approvedCustomer(List.of("USD"));
        String bank = MoneyFixtures.externalUsdAccount(holder.customerId(), "000");
        api().body(transfer(bank, other.account("USD"), 500)).post("/transfer-in").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT")).body("details.errors.field", equalTo(List.of("destination.accountId")));
        api().body(MoneyFixtures.transferBody(bank, other.account("USD"), 500)).post("/quotes").then().statusCode(400)
                .body("details.errors.field", equalTo(List.of("destination.accountId")));
        Map<String, Integer> expected = Map.of("102", 400, "103", 201, "104", 400, "106", 400, "107", 400);
        expected.forEach((suffix, status) -> {
            String checked = MoneyFixtures.externalUsdAccount(holder.customerId(), suffix);
            var response = api().body(transfer(checked, holder.account("USD"), 100)).post("/transfer-in").then().statusCode(status);
            if (status == 400) {
                response.body("code", equalTo("EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED"));
            }
        });
        assertEquals(0, balance(other.account("USD")));
        assertLedgerClean();
    }

    @Test
    void theQuoteReplacementPullsToo() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        String bank = MoneyFixtures.externalUsdAccount(holder.customerId(), "000");
        Map<String, Object> body = MoneyFixtures.transferBody(bank, holder.account("USD"), 700);
        String transactionId = api().body(body).post("/quotes").then().statusCode(201)
                .body("status", equalTo("PROCESSING")).body("paymentInstructions", nullValue())
                .extract().path("transactionId");
        awaitTransaction(transactionId, "COMPLETED");
        assertEquals(700, balance(holder.account("USD")));
    }

    @Test
    void refusesBadTransfers() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD", "EUR"));
        String bank = MoneyFixtures.externalUsdAccount(holder.customerId(), "000");
        api().body(Map.of("source", Map.of("accountId", bank), "destination", Map.of("accountId", holder.account("USD"))))
                .post("/transfer-out").then().statusCode(400)
                .body("details.errors.field", hasItems("amount", "source.accountId", "destination.accountId"));
        api().body(transfer(holder.account("USD"), "ExternalAccount:0193e1b2-0000-7000-8000-000000000000", 100))
                .post("/transfer-out").then().statusCode(404);
        api().body(transfer(holder.account("EUR"), bank, 100)).post("/transfer-out").then().statusCode(400)
                .body("code", equalTo("INVALID_CURRENCY"));
        api().body(transfer(holder.account("USD"), bank, 100)).post("/transfer-out").then().statusCode(400)
                .body("code", equalTo("INSUFFICIENT_FUNDS"));
    }
}
