package payments.bankfile;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.TestSupport;
import payments.bankfile.BankFileRailTest.Customer;
import payments.bankfile.BankFileSamples.Entry;

import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/**
 * The bank operations desk in production (the bank rail's profile): what the rail parked is listed
 * for a BANK_OPERATIONS token only, and each decision moves the money it says once, audited.
 */
@QuarkusTest
@TestProfile(BankFileRailTest.BankRail.class)
class ParkedEntriesTest {

    private static final String IBAN = "DE89370400440532013000";

    @Inject
    Pool pool;
    @Inject
    BankFileInbox inbox;
    @Inject
    payments.ledger.LedgerAudit audit;

    @Test
    void aCreditNobodyClaimedIsAssignedToItsAccountOnceByTheDesk() throws Throwable {
        Customer customer = BankFileRailTest.approvedCustomer();
        long suspense = system("SUSPENSE");
        String reference = "UNCLAIMED-" + BankFileRailTest.fileId();
        String id = parkedCredit(reference, "12.34");
        assertEquals(suspense + 1234, system("SUSPENSE"));

        api().get("/bank-entries/parked").then().statusCode(403);
        api().body(Map.of("action", "CLOSE", "reason", "x")).post("/bank-entries/parked/" + id + "/resolve").then().statusCode(403);
        TestSupport.operationsDesk().body(Map.of()).post("/bank-entries/parked/" + id + "/resolve").then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("action", "reason"));
        TestSupport.operationsDesk().body(Map.of("action", "ASSIGN", "reason", "Customer called")).post("/bank-entries/parked/" + id + "/resolve")
                .then().statusCode(400).body("details.errors[0].field", equalTo("accountId"));
        TestSupport.operationsDesk().body(Map.of("action", "CLOSE", "reason", "Nothing to do")).post("/bank-entries/parked/" + id + "/resolve")
                .then().statusCode(400).body("details.errors[0].field", equalTo("action"));
        TestSupport.operationsDesk().body(Map.of("action", "ASSIGN", "accountId", customer.accounts().get("USD"), "reason", "Wrong currency"))
                .post("/bank-entries/parked/" + id + "/resolve").then().statusCode(400).body("details.errors[0].field", equalTo("accountId"));

        JsonPath resolved = TestSupport.operationsDesk().body(Map.of("action", "ASSIGN", "accountId", customer.eur(),
                        "reason", "Customer sent the reference in the wrong field")).post("/bank-entries/parked/" + id + "/resolve")
                .then().statusCode(200).extract().jsonPath();
        assertEquals("ASSIGNED", resolved.getString("resolution"));
        assertEquals(customer.eur(), resolved.getString("resolutionAccountId"));
        assertTrue(resolved.getString("resolvedBy").startsWith("BASIC:Token:"), "the desk's token: " + resolved.getString("resolvedBy"));
        assertTrue(resolved.getString("resolvedAt") != null);
        assertEquals(1234, MoneyFixtures.balance(customer.eur()));
        assertEquals(suspense, system("SUSPENSE"), "out of SUSPENSE");
        api().get("/transactions/" + resolved.getString("resolutionTransactionId")).then().statusCode(200)
                .body("status", equalTo("COMPLETED")).body("type", equalTo("INCOMING"));

        TestSupport.operationsDesk().body(Map.of("action", "RETURN", "reason", "again")).post("/bank-entries/parked/" + id + "/resolve")
                .then().statusCode(409);
        assertEquals(1234, MoneyFixtures.balance(customer.eur()), "decided once");
        TestSupport.operationsDesk().queryParam("status", "RESOLVED").get("/bank-entries/parked").then().statusCode(200)
                .body("data.find { it.id == '" + id + "' }.reason", equalTo("Customer sent the reference in the wrong field"));
        assertLedgerClean();
    }

    @Test
    void aReturnedCreditLeavesToTheBankAndAnUnexplainedDebitIsWrittenOff() throws Throwable {
        long suspense = system("SUSPENSE");
        long rail = system("RAIL");
        long fees = system("SERVICE_FEES");
        String credit = parkedCredit("STRAY-" + BankFileRailTest.fileId(), "5.00");
        TestSupport.operationsDesk().body(Map.of("action", "RETURN", "reason", "Sent back to the sender by the bank, ticket 42"))
                .post("/bank-entries/parked/" + credit + "/resolve").then().statusCode(200).body("resolution", equalTo("RETURNED"));
        assertEquals(suspense, system("SUSPENSE"));
        assertEquals(rail, system("RAIL"), "the money came in and went back out");

        String fileId = BankFileRailTest.fileId();
        BankFileRailTest.bankSends("fee-" + fileId + ".xml", BankFileSamples.camt054(fileId, IBAN, List.of(
                new Entry("BOOK", "DBIT", "3.00", "EUR", null, null, "Account fee " + fileId))));
        poll();
        String debit = parkedWith("Account fee " + fileId);
        assertEquals(suspense - 300, system("SUSPENSE"));
        TestSupport.operationsDesk().body(Map.of("action", "CLOSE", "reason", "x")).post("/bank-entries/parked/" + debit + "/resolve")
                .then().statusCode(400).body("details.errors[0].field", equalTo("action"));
        TestSupport.operationsDesk().body(Map.of("action", "WRITE_OFF", "reason", "The bank's monthly fee"))
                .post("/bank-entries/parked/" + debit + "/resolve").then().statusCode(200).body("resolution", equalTo("WRITTEN_OFF"));
        assertEquals(suspense, system("SUSPENSE"));
        assertEquals(fees - 300, system("SERVICE_FEES"), "the service bears the bank's fee");
        assertLedgerClean();
    }

    /** A camt.054 credit naming no account, parked; answers the parked entry's id. */
    private String parkedCredit(String remittance, String amount) throws Throwable {
        String fileId = BankFileRailTest.fileId();
        BankFileRailTest.bankSends("stray-" + fileId + ".xml", BankFileSamples.camt054(fileId, IBAN, List.of(
                new Entry("BOOK", "CRDT", amount, "EUR", null, null, remittance))));
        poll();
        return parkedWith(remittance);
    }

    private String parkedWith(String remittance) {
        String id = TestSupport.operationsDesk().queryParam("status", "OPEN").queryParam("limit", "100").get("/bank-entries/parked")
                .then().statusCode(200).extract().path("data.find { it.remittance == '" + remittance + "' }.id");
        assertTrue(id != null && id.startsWith("ParkedBankEntry:"), "parked: " + remittance);
        return id;
    }

    private long system(String account) {
        return pool.query("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE system_account = '" + account + "' AND currency = 'EUR'")
                .execute().await().indefinitely().iterator().next().getLong(0);
    }

    private void poll() throws Throwable {
        VertxContextSupport.subscribeAndAwait(() -> inbox.poll());
    }

    private void assertLedgerClean() throws Throwable {
        payments.ledger.LedgerAudit.AuditReport report = VertxContextSupport.subscribeAndAwait(() -> audit.run());
        assertTrue(report.clean(), report::toString);
    }
}
