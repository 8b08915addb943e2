package payments.transaction;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;
import payments.WebhookReceiver;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** POST /sandbox/uma/receive and the platform's approval of incoming payments (sync answer or approve/reject). */
@QuarkusTest
class IncomingPaymentTest {

    @Inject
    Pool pool;

    private static final String SUCCESS = "$success.usd@sandbox.uma.money";
    private static final String PENDING_EVENT = "INCOMING_PAYMENT.PENDING";

    private WebhookReceiver receiver;

    @BeforeEach
    void listen() {
        receiver = WebhookReceiver.configured();
    }

    @AfterEach
    void stop() {
        receiver.disconnect();
    }

    private static Map<String, Object> receive(String sender, String customerId, long amount) {
        Map<String, Object> body = new HashMap<>();
        body.put("senderUmaAddress", sender);
        body.put("customerId", customerId);
        body.put("receivingCurrencyCode", "USD");
        body.put("receivingCurrencyAmount", amount);
        return body;
    }

    /** The transaction's INCOMING_PAYMENT events after its approval call, in the order written. */
    private List<String> eventsAfterApproval(String transactionId) {
        List<String> types = new java.util.ArrayList<>();
        for (Row row : pool.preparedQuery("SELECT type FROM webhook_events JOIN webhook_event_bodies ON event_id = id WHERE body LIKE $1 AND type LIKE 'INCOMING_PAYMENT.%'"
                        + " AND type <> 'INCOMING_PAYMENT.PENDING' ORDER BY id")
                .execute(Tuple.of("%" + transactionId + "%")).await().indefinitely()) {
            types.add(row.getString(0));
        }
        return types;
    }

    /** Sends a payment to the holder and returns its transaction id (PENDING in the answer). */
    private static String pay(String sender, Holder holder, long amount) {
        return api().body(receive(sender, holder.customerId(), amount)).post("/sandbox/uma/receive").then()
                .statusCode(200)
                .body("status", equalTo("PENDING"))
                .body("type", equalTo("INCOMING"))
                .body("direction", equalTo("CREDIT"))
                .body("source.sourceType", equalTo("UMA_ADDRESS"))
                .body("source.umaAddress", equalTo(sender))
                .body("receivedAmount.amount", equalTo((int) amount))
                .body("customerId", equalTo(holder.customerId()))
                .extract().path("id");
    }

    private JsonPath approvalCall(String transactionId) throws InterruptedException {
        WebhookReceiver.Delivery call = receiver.nextMatching(PENDING_EVENT, transactionId, 10);
        assertNotNull(call, "no approval call for " + transactionId);
        return new JsonPath(call.body());
    }

    @Test
    void aPlatformThatAnswers200WithTheAskedInformationGetsThePaymentCredited() throws Exception {
        Holder holder = MoneyFixtures.customer("US", List.of("USD"), "nationality");
        String account = holder.account("USD");
        receiver.answerType(PENDING_EVENT, 200, "{\"receiverCustomerInfo\":{\"NATIONALITY\":\"FR\"}}");

        String id = pay(SUCCESS, holder, 5000);
        WebhookReceiver.Delivery call = receiver.nextMatching(PENDING_EVENT, id, 10);
        assertTrue(call.signatureValid());
        JsonPath event = new JsonPath(call.body());
        assertEquals("PENDING", event.getString("data.status"));
        assertEquals("Sandbox Sender", event.getString("data.counterpartyInformation.FULL_NAME"));
        assertEquals(List.of("NATIONALITY"), event.getList("data.requestedReceiverCustomerInfoFields.name"));
        assertEquals(List.of(true), event.getList("data.requestedReceiverCustomerInfoFields.mandatory"));

        JsonPath done = MoneyFixtures.awaitTransaction(id, "COMPLETED");
        assertNotNull(done.getString("settledAt"));
        assertEquals(5000, MoneyFixtures.balance(account));
        JsonPath completed = new JsonPath(receiver.nextMatching("INCOMING_PAYMENT.COMPLETED", id, 10).body());
        assertEquals("COMPLETED", completed.getString("data.status"));
        api().queryParam("accountIdentifier", account).get("/transactions").then().statusCode(200)
                .body("data.id", hasItem(id));
        MoneyFixtures.assertLedgerClean();
    }

    @Test
    void approvalWithoutAMandatoryFieldFailsThePaymentAndCreditsNothing() throws Exception {
        Holder holder = MoneyFixtures.customer("US", List.of("USD"), "nationality");
        receiver.answerType(PENDING_EVENT, 200, "");
        String id = pay(SUCCESS, holder, 700);
        JsonPath failed = MoneyFixtures.awaitTransaction(id, "FAILED");
        assertEquals("MISSING_MANDATORY_PAYEE_DATA", failed.getString("failureReason"));
        assertEquals(0, MoneyFixtures.balance(holder.account("USD")));
        assertNotNull(receiver.nextMatching("INCOMING_PAYMENT.FAILED", id, 10));
    }

    @Test
    void nothingIsAskedWhenTheCustomerRecordHasItAndAnEmpty200Approves() throws Exception {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        receiver.answerType(PENDING_EVENT, 200, "");
        String id = pay(SUCCESS, holder, 900);
        assertEquals(List.of(), approvalCall(id).getList("data.requestedReceiverCustomerInfoFields"));
        MoneyFixtures.awaitTransaction(id, "COMPLETED");
        assertEquals(900, MoneyFixtures.balance(holder.account("USD")));
    }

    @Test
    void answering202LetsThePlatformApproveLaterOnceOnly() throws Exception {
        Holder holder = MoneyFixtures.customer("US", List.of("USD"), "nationality");
        receiver.answerType(PENDING_EVENT, 202, "");
        String id = pay(SUCCESS, holder, 1200);
        approvalCall(id);

        // The mandatory field is still missing: 400 naming it, and the payment keeps waiting.
        api().body(Map.of("receiverCustomerInfo", Map.of("POSTAL_ADDRESS", "1 Main St"))).post("/transactions/" + id + "/approve")
                .then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT"))
                .body("details.errors.field", containsInAnyOrder("receiverCustomerInfo.NATIONALITY"));
        api().body(Map.of("receiverCustomerInfo", "FR")).post("/transactions/" + id + "/approve").then().statusCode(400)
                .body("details.errors[0].field", equalTo("receiverCustomerInfo"));
        api().body(List.of(1)).post("/transactions/" + id + "/approve").then().statusCode(400);

        api().body(Map.of("receiverCustomerInfo", Map.of("NATIONALITY", "FR"))).post("/transactions/" + id + "/approve")
                .then().statusCode(200)
                .body("id", equalTo(id))
                .body("type", equalTo("INCOMING"));
        MoneyFixtures.awaitTransaction(id, "COMPLETED");
        assertEquals(1200, MoneyFixtures.balance(holder.account("USD")));

        api().post("/transactions/" + id + "/approve").then().statusCode(409)
                .body("code", equalTo("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL"));
        api().post("/transactions/" + id + "/reject").then().statusCode(409)
                .body("code", equalTo("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL"));
        MoneyFixtures.assertLedgerClean();
    }

    @Test
    void answering202ThenRejectingRejectsThePayment() throws Exception {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        receiver.answerType(PENDING_EVENT, 202, "");
        String id = pay(SUCCESS, holder, 300);
        approvalCall(id);
        // A bare POST: the body is optional.
        api().body(Map.of("reason", 7)).post("/transactions/" + id + "/reject").then().statusCode(400)
                .body("details.errors[0].field", equalTo("reason"));
        api().body(Map.of("reason", "RESTRICTED_JURISDICTION")).post("/transactions/" + id + "/reject").then()
                .statusCode(200)
                .body("status", equalTo("REJECTED"));
        assertEquals("REJECTED", new JsonPath(receiver.nextMatching("INCOMING_PAYMENT.FAILED", id, 10).body())
                .getString("data.status"));
        assertEquals(0, MoneyFixtures.balance(holder.account("USD")));
    }

    @Test
    void aDeferredDecisionThatNeverComesTimesOutAfterFiveSeconds() throws Exception {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        receiver.answerType(PENDING_EVENT, 202, "");
        String id = pay(SUCCESS, holder, 400);
        approvalCall(id);
        // Once the 202 is on record (its deadline is a job), let the window pass on the sandbox clock.
        MoneyFixtures.awaitJobAbout(id);
        api().body(Map.of("seconds", 6)).post("/sandbox/clock/advance").then().statusCode(200);
        JsonPath failed = MoneyFixtures.awaitTransaction(id, "FAILED");
        assertEquals("PAYMENT_APPROVAL_TIMED_OUT", failed.getString("failureReason"));
        api().post("/transactions/" + id + "/approve").then().statusCode(409)
                .body("code", equalTo("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL"));
        assertEquals(0, MoneyFixtures.balance(holder.account("USD")));
    }

    @Test
    void everyOtherAnswerEndsThePayment() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        receiver.answerType(PENDING_EVENT, 403, "{\"code\":\"FORBIDDEN\",\"reason\":\"RESTRICTED_JURISDICTION\"}");
        String rejected = pay(SUCCESS, holder, 100);
        MoneyFixtures.awaitTransaction(rejected, "REJECTED");

        receiver.answerType(PENDING_EVENT, 422, "{\"requiredFields\":[\"TAX_ID\"]}");
        String needsMore = pay(SUCCESS, holder, 100);
        assertEquals("PAY_REQUEST_FAILED", MoneyFixtures.awaitTransaction(needsMore, "FAILED").getString("failureReason"));

        receiver.answerType(PENDING_EVENT, 500, "oops");
        String broken = pay(SUCCESS, holder, 100);
        assertEquals("PAYMENT_APPROVAL_WEBHOOK_ERROR", MoneyFixtures.awaitTransaction(broken, "FAILED").getString("failureReason"));
        assertEquals(0, MoneyFixtures.balance(holder.account("USD")));
        MoneyFixtures.assertLedgerClean();
    }

    @Test
    void withNoWebhookEndpointNobodyCanApprove() {
        receiver.disconnect();
        try {
            Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
            String id = pay(SUCCESS, holder, 100);
            assertEquals("PAYMENT_APPROVAL_WEBHOOK_ERROR", MoneyFixtures.awaitTransaction(id, "FAILED").getString("failureReason"));
        } finally {
            receiver = WebhookReceiver.configured();
        }
    }

    /** The incoming failure reasons the reference lists, each from a sandbox sender; the last one's refund fails too. */
    @Test
    void incomingFailureReasonsEachHaveASender() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        Map<String, String> reasons = Map.of("$fail.incoming.lnurlp.usd", "LNURLP_FAILED", "$fail.incoming.offramp.usd", "OFFRAMP_FAILED",
                "$fail.incoming.collection.usd", "COLLECTION_FAILED");
        reasons.forEach((sender, reason) -> {
            String failed = pay(sender + "@sandbox.uma.money", holder, 300);
            assertEquals(reason, MoneyFixtures.awaitTransaction(failed, "FAILED").getString("failureReason"));
            MoneyFixtures.awaitRefund(failed, "COMPLETED");
        });
        String refundFails = pay("$fail.incoming.refund.usd@sandbox.uma.money", holder, 300);
        MoneyFixtures.awaitRefund(refundFails, "FAILED");
        assertTrue(eventsAfterApproval(refundFails).contains("INCOMING_PAYMENT.REFUND_FAILED"), eventsAfterApproval(refundFails).toString());
        assertEquals(0, MoneyFixtures.balance(holder.account("USD")), "nothing reached the receiver");
        MoneyFixtures.assertLedgerClean();
    }

    @Test
    void theSenderAddressDecidesHowAnApprovedPaymentEnds() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        String refused = pay("$fail.compliance.usd@sandbox.uma.money", holder, 800);
        assertEquals("COMPLIANCE_REJECTED", MoneyFixtures.awaitTransaction(refused, "FAILED").getString("failureReason"));
        // The money had arrived: it goes back to the sender; the payment stays FAILED.
        JsonPath returned = MoneyFixtures.awaitRefund(refused, "COMPLETED");
        assertEquals("FAILED", returned.getString("status"));
        assertEquals("TRANSACTION_FAILED", returned.getString("refund.reason"));
        assertEquals(List.of("INCOMING_PAYMENT.FAILED", "INCOMING_PAYMENT.REFUND_PENDING", "INCOMING_PAYMENT.REFUND_COMPLETED"),
                eventsAfterApproval(refused));
        api().post("/transactions/" + refused + "/cancel").then().statusCode(409);

        String slow = pay("$pending.long.usd@sandbox.uma.money", holder, 600);
        MoneyFixtures.awaitTransaction(slow, "PROCESSING");
        MoneyFixtures.awaitJobsDone();
        assertEquals(0, MoneyFixtures.balance(holder.account("USD")));
        api().body(Map.of("seconds", 3601)).post("/sandbox/clock/advance").then().statusCode(200);
        MoneyFixtures.awaitTransaction(slow, "COMPLETED");
        assertEquals(600, MoneyFixtures.balance(holder.account("USD")));
        MoneyFixtures.assertLedgerClean();
    }

    @Test
    void pendingSendersShowWhyTheirMoneyWaits() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        Map<String, String> reasons = Map.of(
                "$pending.declaration.usd", "COUNTERPARTY_DECLARATION_REQUIRED",
                "$pending.wallet.usd", "WALLET_VERIFICATION_REQUIRED",
                "$pending.info.usd", "COUNTERPARTY_INFORMATION_REQUIRED",
                "$pending.compliance.usd", "COMPLIANCE_REVIEW");
        Map<String, String> payments = new java.util.HashMap<>();
        reasons.forEach((sender, reason) -> payments.put(pay(sender + "@sandbox.uma.money", holder, 100), reason));
        payments.forEach((id, reason) -> assertEquals(reason,
                MoneyFixtures.awaitTransaction(id, "PROCESSING").getString("pendingReason")));
        // A UMA payment cannot be called back, even while it waits.
        api().post("/transactions/" + payments.keySet().iterator().next() + "/cancel").then().statusCode(400)
                .body("details.errors[0].field", equalTo("transactionId"));
        // They are senders only: nobody can pay them.
        api().get("/receiver/uma/$pending.wallet.usd@sandbox.uma.money").then().statusCode(404).body("code", equalTo("UMA_NOT_FOUND"));
        api().body(Map.of("seconds", 3601)).post("/sandbox/clock/advance").then().statusCode(200);
        payments.keySet().forEach(id -> assertEquals(null,
                MoneyFixtures.awaitTransaction(id, "COMPLETED").getString("pendingReason")));
        assertEquals(400, MoneyFixtures.balance(holder.account("USD")));
    }

    @Test
    void moneyForACustomerWithADefaultUmaDepositAccountGoesThere() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        Map<String, Object> bank = payments.account.ExternalAccountTest.usdAccount(holder.customerId(), "000");
        bank.put("defaultUmaDepositAccount", true);
        String bankId = api().body(bank).post("/customers/external-accounts").then().statusCode(201).extract().path("id");
        String id = pay("$success.usd@sandbox.uma.money", holder, 700);
        JsonPath done = MoneyFixtures.awaitTransaction(id, "COMPLETED");
        assertEquals(bankId, done.getString("destination.accountId"));
        assertEquals(0, MoneyFixtures.balance(holder.account("USD")), "nothing lands in the internal account");
        // In another currency than the deposit account's, the internal account still receives it.
        Holder both = MoneyFixtures.approvedCustomer(List.of("USD", "EUR"));
        Map<String, Object> usdBank = payments.account.ExternalAccountTest.usdAccount(both.customerId(), "000");
        usdBank.put("defaultUmaDepositAccount", true);
        api().body(usdBank).post("/customers/external-accounts").then().statusCode(201);
        Map<String, Object> euros = receive("$success.eur@sandbox.uma.money", both.customerId(), 300);
        euros.put("receivingCurrencyCode", "EUR");
        String eurId = api().body(euros).post("/sandbox/uma/receive").then().statusCode(200).extract().path("id");
        MoneyFixtures.awaitTransaction(eurId, "COMPLETED");
        assertEquals(300, MoneyFixtures.balance(both.account("EUR")));
        MoneyFixtures.assertLedgerClean();
    }

    @Test
    void theReceiverCanBeNamedByItsUmaAddress() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        String uma = api().get("/customers/" + holder.customerId()).then().statusCode(200).extract().path("umaAddress");
        Map<String, Object> body = receive("$success.eur@sandbox.uma.money", null, 250);
        body.remove("customerId");
        body.put("receiverUmaAddress", uma);
        String id = api().body(body).post("/sandbox/uma/receive").then().statusCode(200)
                .body("destination.umaAddress", equalTo(uma))
                .extract().path("id");
        MoneyFixtures.awaitTransaction(id, "COMPLETED");
        assertEquals(250, MoneyFixtures.balance(holder.account("USD")));
    }

    @Test
    void badRequestsAreRefusedWithEveryProblemNamed() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        api().body(Map.of("senderUmaAddress", "nope", "receivingCurrencyAmount", 0)).post("/sandbox/uma/receive").then()
                .statusCode(400)
                .body("code", equalTo("INVALID_INPUT"))
                .body("details.errors.field", containsInAnyOrder("senderUmaAddress", "receivingCurrencyCode",
                        "receivingCurrencyAmount", "receiverUmaAddress"));
        Map<String, Object> both = receive(SUCCESS, holder.customerId(), 100);
        both.put("receiverUmaAddress", "$someone@example.com");
        api().body(both).post("/sandbox/uma/receive").then().statusCode(400)
                .body("details.errors[0].field", equalTo("receiverUmaAddress"));
        api().body(receive("$nobody@sandbox.uma.money", holder.customerId(), 100)).post("/sandbox/uma/receive").then()
                .statusCode(404).body("code", equalTo("UMA_NOT_FOUND"));
        api().body(receive(SUCCESS, "Customer:00000000-0000-7000-8000-000000000000", 100)).post("/sandbox/uma/receive")
                .then().statusCode(404);
        Map<String, Object> unknownAddress = receive(SUCCESS, null, 100);
        unknownAddress.remove("customerId");
        unknownAddress.put("receiverUmaAddress", "$nobody-here@example.com");
        api().body(unknownAddress).post("/sandbox/uma/receive").then().statusCode(404).body("code", equalTo("UMA_NOT_FOUND"));
        Map<String, Object> euros = receive(SUCCESS, holder.customerId(), 100);
        euros.put("receivingCurrencyCode", "EUR");
        api().body(euros).post("/sandbox/uma/receive").then().statusCode(400)
                .body("details.errors[0].field", equalTo("receivingCurrencyCode"));

        api().post("/transactions/Transaction:00000000-0000-7000-8000-000000000000/approve").then().statusCode(404);
        MoneyFixtures.fund(holder.account("USD"), 100);
        String funding = api().queryParam("accountIdentifier", holder.account("USD")).get("/transactions").then()
                .statusCode(200).extract().path("data[0].id");
        api().post("/transactions/" + funding + "/approve").then().statusCode(409)
                .body("code", equalTo("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL"));
    }
}
