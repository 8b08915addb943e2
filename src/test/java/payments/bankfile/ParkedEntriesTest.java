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
        JsonPath view = TestSupport.operationsDesk().get("/bank-entries/suspense").then().statusCode(200).extract().jsonPath();
        assertEquals(suspense + 1234, view.getLong("currencies.find { it.currency == 'EUR' }.balance"));
        assertTrue(view.getLong("currencies.find { it.currency == 'EUR' }.openAmount") >= 1234);

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

    @Test
    void theDeskPutsAQuarantinedFileBackAndDeliversBuiltFilesNow() throws Throwable {
        Customer customer = BankFileRailTest.approvedCustomer();
        String reference = api().queryParam("customerId", customer.id()).get("/customers/internal-accounts").then().statusCode(200)
                .extract().path("data.find { it.id == '" + customer.eur() + "' }.fundingPaymentInstructions[0].accountOrWalletInfo.reference");
        String content = BankFileSamples.camt054(BankFileRailTest.fileId(), IBAN, List.of(new Entry("BOOK", "CRDT", "7.00", "EUR", null, null, reference)));
        String hash = BankFileInbox.sha256(content.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        // As an older reader left it: refused, moved to quarantine under its hash-prefixed name.
        pool.preparedQuery("INSERT INTO bank_files_received (content_sha256, file_name, status, detail, events, received_at)"
                + " VALUES ($1, 'held.xml', 'QUARANTINED', 'an older reader refused it', 0, now())").execute(io.vertx.mutiny.sqlclient.Tuple.of(hash))
                .await().indefinitely();
        java.nio.file.Files.createDirectories(BankFileRailTest.folder("inbox/quarantine"));
        java.nio.file.Files.writeString(BankFileRailTest.folder("inbox/quarantine").resolve(hash.substring(0, 12) + "-held.xml"), content);

        api().get("/bank-files").then().statusCode(403);
        TestSupport.operationsDesk().queryParam("status", "QUARANTINED").get("/bank-files").then().statusCode(200)
                .body("received.find { it.id == '" + hash + "' }.detail", equalTo("an older reader refused it"));
        TestSupport.operationsDesk().body(Map.of()).post("/bank-files/received/" + hash + "/requeue").then().statusCode(400)
                .body("details.errors[0].field", equalTo("reason"));
        TestSupport.operationsDesk().body(Map.of("reason", "x")).post("/bank-files/received/" + "0".repeat(64) + "/requeue").then().statusCode(404);
        TestSupport.operationsDesk().body(Map.of("reason", "Reader fixed in the upgrade")).post("/bank-files/received/" + hash + "/requeue")
                .then().statusCode(200).body("fileName", equalTo("held.xml"));
        assertTrue(java.nio.file.Files.exists(BankFileRailTest.folder("inbox").resolve("held.xml")), "back in the inbox");
        TestSupport.operationsDesk().body(Map.of("reason", "twice")).post("/bank-files/received/" + hash + "/requeue").then().statusCode(409)
                .body("reason", org.hamcrest.Matchers.containsString("no longer in quarantine"));
        poll();
        assertEquals(700, MoneyFixtures.balance(customer.eur()), "booked at the next poll");
        TestSupport.operationsDesk().body(Map.of("reason", "again")).post("/bank-files/received/" + hash + "/requeue").then().statusCode(409);

        // A file built but not delivered (the transport was down at the cut-off): delivered now.
        String batch = "B" + java.util.UUID.randomUUID().toString().replace("-", "");
        pool.preparedQuery("INSERT INTO bank_batches (id, file_name, content, payouts, status, created_at) VALUES ($1, $2, '<Document/>', 0,"
                + " 'BUILT', now())").execute(io.vertx.mutiny.sqlclient.Tuple.of(batch, "pain.001." + batch + ".xml")).await().indefinitely();
        TestSupport.operationsDesk().body(Map.of("reason", "The bank asked for it before noon")).post("/bank-files/sent/deliver")
                .then().statusCode(200).body("delivered", org.hamcrest.Matchers.greaterThanOrEqualTo(1));
        assertTrue(java.nio.file.Files.exists(BankFileRailTest.folder("outbox").resolve("pain.001." + batch + ".xml")));
        assertEquals(2, pool.query("SELECT count(*) FROM bank_desk_actions WHERE target IN ('" + hash + "', 'outbox')"
                + " AND done_by LIKE 'BASIC:Token:%'").execute().await().indefinitely().iterator().next().getLong(0), "both kept, who and why");
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
