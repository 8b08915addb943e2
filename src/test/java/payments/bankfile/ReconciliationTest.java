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
import payments.bankfile.BankFileSamples.StatementEntry;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/**
 * The bank's end-of-day statements reconciled with the RAIL ledger account in production (the bank
 * rail's profile), line by line: what a camt.054 booked matches without being booked again; what
 * only the bank or only the ledger has is listed for the desk until a later statement matches it or
 * an operator explains it.
 */
@QuarkusTest
@TestProfile(BankFileRailTest.BankRail.class)
class ReconciliationTest {

    private static final String IBAN = "DE89370400440532013000";

    @Inject
    Pool pool;
    @Inject
    BankFileInbox inbox;
    @Inject
    BankFileOutbox outbox;

    @Test
    void aStatementMatchesWhatTheNotificationsBookedAndListsWhatOnlyOneSideHas() throws Throwable {
        Customer customer = BankFileRailTest.approvedCustomer();
        String reference = fundingReference(customer);
        // The day's notifications: a deposit, a stray credit (parked), two payouts' debits.
        String day = BankFileRailTest.fileId();
        bankSends("camt054-" + day + ".xml", BankFileSamples.camt054(day, IBAN, List.of(
                new Entry("BOOK", "CRDT", "100.00", "EUR", null, null, "Top-up " + reference),
                new Entry("BOOK", "CRDT", "3.00", "EUR", null, null, "Stray " + day))));
        poll();
        assertEquals(10000, MoneyFixtures.balance(customer.eur()));
        String settled = BankFileRailTest.payout(customer, 1234);
        String differs = BankFileRailTest.payout(customer, 2000);
        String late = BankFileRailTest.payout(customer, 700);
        String unnotified = BankFileRailTest.payout(customer, 300);
        cutOff();
        String debits = BankFileRailTest.fileId();
        bankSends("debits-" + debits + ".xml", BankFileSamples.camt054(debits, IBAN, List.of(
                new Entry("BOOK", "DBIT", "12.34", "EUR", e2e(settled), null, null),
                new Entry("BOOK", "DBIT", "20.00", "EUR", e2e(differs), null, null),
                new Entry("BOOK", "DBIT", "7.00", "EUR", e2e(late), null, null))));
        poll();
        long rail = rail();
        long balance = MoneyFixtures.balance(customer.eur());

        // The statement: the deposit, the stray credit and the first debit as notified; the second debit
        // for another amount; the third not yet (the bank books it tomorrow); the fourth never notified.
        Instant end = Instant.now().plus(Duration.ofHours(1));
        String statementId = "STMT-" + day;
        String statement = BankFileSamples.camt053(statementId, IBAN, "EUR", end, "1000.00", "1067.65", List.of(
                new StatementEntry(day + "-0", "CRDT", "100.00", null, "Top-up " + reference),
                new StatementEntry(day + "-1", "CRDT", "3.00", null, "Stray " + day),
                new StatementEntry(debits + "-0", "DBIT", "12.34", e2e(settled), null),
                new StatementEntry(debits + "-1", "DBIT", "20.01", e2e(differs), null),
                new StatementEntry("STM-" + day + "-4", "DBIT", "3.00", e2e(unnotified), null)));
        bankSends("camt053-" + day + ".xml", statement);
        poll();
        assertEquals(rail, rail(), "a statement books nothing");
        assertEquals(balance, MoneyFixtures.balance(customer.eur()));
        assertEquals("PROCESSING", api().get("/transactions/" + unnotified).then().extract().path("status"),
                "a payout only the statement shows is not settled by it");

        api().get("/bank-statements").then().statusCode(403);
        JsonPath reports = TestSupport.operationsDesk().queryParam("limit", "100").get("/bank-statements").then().statusCode(200).extract().jsonPath();
        String report = reports.getString("data.find { it.statementId == '" + statementId + "' }.id");
        assertTrue(report.startsWith("BankStatement:"), report);
        JsonPath summary = new JsonPath(reports.prettify()).setRootPath("data.find { it.statementId == '" + statementId + "' }");
        assertEquals(5, summary.getInt("entries"));
        assertEquals(100000, summary.getLong("openingBalance"));
        assertEquals(106765, summary.getLong("closingBalance"));

        JsonPath lines = lines(report, null);
        assertLine(lines, settled, "MATCHED", -1234L, -1234L);
        assertLine(lines, latestIncoming(customer.eur()), "MATCHED", 10000L, 10000L);
        assertLine(lines, differs, "AMOUNT_DIFFERENCE", -2001L, -2000L);
        assertLine(lines, unnotified, "BANK_ONLY", -300L, null);
        assertLine(lines, late, "LEDGER_ONLY", null, -700L);
        String stray = TestSupport.operationsDesk().queryParam("status", "OPEN").queryParam("limit", "100").get("/bank-entries/parked")
                .then().statusCode(200).extract().path("data.find { it.remittance == 'Stray " + day + "' }.id");
        assertLine(lines, stray, "MATCHED", 300L, 300L);
        assertTrue(summary.getInt("open") >= 3, "the difference, the bank's debit and the ledger's (and what other tests left unreconciled)");

        // The same statement again, and a copy of it under the same id: nothing more.
        bankSends("camt053-" + day + "-resent.xml", statement);
        bankSends("camt053-" + day + "-copy.xml", statement.replace("<Stmt>", "<Stmt>\n"));
        poll();
        assertEquals(1, count("SELECT count(*) FROM bank_statements WHERE statement_id = '" + statementId + "'"));
        assertEquals(1, count("SELECT count(*) FROM bank_unmatched WHERE kind = 'DUPLICATE_STATEMENT' AND detail LIKE '%" + statementId + "%'"));

        // Statements whose entries do not add up to their balances are not read.
        bankSends("camt053-" + day + "-wrong.xml", BankFileSamples.camt053("STMT-W-" + day, IBAN, "EUR", end, "10.00", "11.00", List.of(
                new StatementEntry("W-" + day, "CRDT", "2.00", null, null))));
        poll();
        assertEquals(0, count("SELECT count(*) FROM bank_statements WHERE statement_id = 'STMT-W-" + day + "'"));
        assertEquals(1, count("SELECT count(*) FROM bank_files_received WHERE file_name = 'camt053-" + day + "-wrong.xml'"
                + " AND status = 'QUARANTINED' AND detail LIKE '%do not take the opening balance%'"));

        // The next day: the bank notifies the fourth debit late, and its statement has the third.
        String next = BankFileRailTest.fileId();
        bankSends("debits-" + next + ".xml", BankFileSamples.camt054(next, IBAN, List.of(
                new Entry("BOOK", "DBIT", "3.00", "EUR", e2e(unnotified), null, null))));
        poll();
        assertEquals("COMPLETED", api().get("/transactions/" + unnotified).then().extract().path("status"));
        String nextId = "STMT-" + next;
        bankSends("camt053-" + next + ".xml", BankFileSamples.camt053(nextId, IBAN, "EUR", end.plus(Duration.ofDays(1)), "1067.65",
                "1060.65", List.of(new StatementEntry(debits + "-2", "DBIT", "7.00", e2e(late), null))));
        poll();
        String nextReport = TestSupport.operationsDesk().queryParam("limit", "100").get("/bank-statements").then().statusCode(200)
                .extract().path("data.find { it.statementId == '" + nextId + "' }.id");
        JsonPath nextLines = lines(nextReport, null);
        assertLine(nextLines, late, "MATCHED", -700L, -700L);
        assertLine(nextLines, unnotified, "MATCHED", -300L, -300L);
        JsonPath before = lines(report, null);
        assertEquals("MATCHED_LATER", line(before, unnotified).get("resolution"));
        assertEquals("REPORTED_AGAIN", line(before, late).get("resolution"));

        // The desk explains the difference, once; a matched line has nothing to explain.
        JsonPath open = lines(report, "OPEN");
        String difference = (String) line(open, differs).get("id");
        TestSupport.operationsDesk().body(Map.of()).post("/bank-statements/" + report + "/lines/" + difference + "/resolve")
                .then().statusCode(400).body("details.errors[0].field", equalTo("reason"));
        api().body(Map.of("reason", "x")).post("/bank-statements/" + report + "/lines/" + difference + "/resolve").then().statusCode(403);
        TestSupport.operationsDesk().body(Map.of("reason", "x")).post("/bank-statements/" + nextReport + "/lines/" + difference + "/resolve")
                .then().statusCode(404);
        TestSupport.operationsDesk().body(Map.of("reason", "The bank charged 0.01 for the transfer; written off as its fee"))
                .post("/bank-statements/" + report + "/lines/" + difference + "/resolve").then().statusCode(200)
                .body("resolution", equalTo("EXPLAINED")).body("resolvedBy", org.hamcrest.Matchers.startsWith("BASIC:Token:"));
        TestSupport.operationsDesk().body(Map.of("reason", "again")).post("/bank-statements/" + report + "/lines/" + difference + "/resolve")
                .then().statusCode(409);
        String matched = (String) line(before, settled).get("id");
        TestSupport.operationsDesk().body(Map.of("reason", "x")).post("/bank-statements/" + report + "/lines/" + matched + "/resolve")
                .then().statusCode(409);
        assertNull(line(lines(report, "OPEN"), differs), "explained: no longer open");
    }

    @Test
    void aFileWithTwoStatementsOfOneAccountMatchesEachLedgerEntryOnce() throws Throwable {
        Customer customer = BankFileRailTest.approvedCustomer();
        String reference = fundingReference(customer);
        String day = BankFileRailTest.fileId();
        bankSends("camt054-" + day + ".xml", BankFileSamples.camt054(day, IBAN, List.of(
                new Entry("BOOK", "CRDT", "40.00", "EUR", null, null, "Top-up " + reference))));
        poll();
        String paid = BankFileRailTest.payout(customer, 1500);
        cutOff();
        String debits = BankFileRailTest.fileId();
        bankSends("debits-" + debits + ".xml", BankFileSamples.camt054(debits, IBAN, List.of(
                new Entry("BOOK", "DBIT", "15.00", "EUR", e2e(paid), null, null))));
        poll();

        // A ledger entry older than the look-back a statement searches stays open where it was listed.
        UUID oldReport = UUID.randomUUID();
        UUID oldLine = UUID.randomUUID();
        Instant longAgo = Instant.now().minus(Duration.ofDays(40));
        pool.preparedQuery("INSERT INTO bank_statements (id, file_sha256, statement_id, account, currency, period_end, entries, matched,"
                        + " unresolved, created_at) VALUES ($1, 'old', $2, $3, 'EUR', $4, 0, 0, 1, $4)")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(oldReport, "STMT-OLD-" + day, IBAN, payments.common.Times.utc(longAgo)))
                .await().indefinitely();
        pool.preparedQuery("INSERT INTO bank_statement_lines (id, statement_id, status, ledger_amount, ledger_entries, first_booked_at)"
                        + " VALUES ($1, $2, 'LEDGER_ONLY', -100, 1, $3)")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(oldLine, oldReport, payments.common.Times.utc(longAgo))).await().indefinitely();

        // A weekend's statements in one file: the first has the deposit, the second the payout's debit.
        Instant end = Instant.now().plus(Duration.ofHours(1));
        String first = BankFileSamples.camt053("STMT-A-" + day, IBAN, "EUR", end, "500.00", "540.00", List.of(
                new StatementEntry(day + "-0", "CRDT", "40.00", null, "Top-up " + reference)));
        String second = BankFileSamples.camt053("STMT-B-" + day, IBAN, "EUR", end.plus(Duration.ofDays(1)), "540.00", "525.00", List.of(
                new StatementEntry(debits + "-0", "DBIT", "15.00", e2e(paid), null)));
        bankSends("camt053-two-" + day + ".xml", first.replace("</BkToCstmrStmt>",
                second.substring(second.indexOf("<Stmt>"), second.indexOf("</Stmt>") + "</Stmt>".length()) + "\n</BkToCstmrStmt>"));
        poll();
        JsonPath reports = TestSupport.operationsDesk().queryParam("limit", "100").get("/bank-statements").then().statusCode(200)
                .extract().jsonPath();
        JsonPath a = lines(reports.getString("data.find { it.statementId == 'STMT-A-" + day + "' }.id"), null);
        JsonPath b = lines(reports.getString("data.find { it.statementId == 'STMT-B-" + day + "' }.id"), null);
        String deposit = latestIncoming(customer.eur());
        assertLine(a, deposit, "MATCHED", 4000L, 4000L);
        assertLine(b, paid, "MATCHED", -1500L, -1500L);
        assertNull(line(b, deposit), "the deposit the first statement matched is not the second's LEDGER_ONLY");
        assertEquals(1, count("SELECT count(*) FROM bank_statement_lines WHERE id = '" + oldLine + "' AND resolved_at IS NULL"),
                "not reported again: no statement since searched that far back");
    }

    /** The reference a bank transfer names to reach the customer's EUR account. */
    private static String fundingReference(Customer customer) {
        return api().queryParam("customerId", customer.id()).get("/customers/internal-accounts").then().statusCode(200)
                .extract().path("data.find { it.id == '" + customer.eur() + "' }.fundingPaymentInstructions[0].accountOrWalletInfo.reference");
    }

    private static JsonPath lines(String report, String status) {
        var request = TestSupport.operationsDesk().queryParam("limit", "100");
        if (status != null) {
            request.queryParam("status", status);
        }
        return request.get("/bank-statements/" + report + "/lines").then().statusCode(200).extract().jsonPath();
    }

    private static Map<String, Object> line(JsonPath lines, String matchedOn) {
        return lines.getMap("data.find { it.matchedOn == '" + matchedOn + "' }");
    }

    private static void assertLine(JsonPath lines, String matchedOn, String status, Long bankAmount, Long ledgerAmount) {
        Map<String, Object> line = line(lines, matchedOn);
        assertTrue(line != null, "a line for " + matchedOn + " in " + lines.prettify());
        assertEquals(status, line.get("status"), matchedOn);
        assertEquals(bankAmount, line.get("bankAmount") == null ? null : ((Number) line.get("bankAmount")).longValue(), matchedOn);
        assertEquals(ledgerAmount, line.get("ledgerAmount") == null ? null : ((Number) line.get("ledgerAmount")).longValue(), matchedOn);
    }

    private static String e2e(String transactionId) {
        return BankFileRailTest.endToEndId(transactionId);
    }

    private String latestIncoming(String accountId) {
        return "Transaction:" + pool.preparedQuery("SELECT id FROM transactions WHERE destination_account_id = $1 AND type = 'INCOMING'"
                        + " ORDER BY id DESC LIMIT 1")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(java.util.UUID.fromString(accountId.substring(accountId.indexOf(':') + 1))))
                .await().indefinitely().iterator().next().getUUID(0);
    }

    private static void bankSends(String name, String content) throws java.io.IOException {
        BankFileRailTest.bankSends(name, content);
    }

    private long rail() {
        return count("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE system_account = 'RAIL' AND currency = 'EUR'");
    }

    private long count(String sql) {
        return pool.query(sql).execute().await().indefinitely().iterator().next().getLong(0);
    }

    private void poll() throws Throwable {
        VertxContextSupport.subscribeAndAwait(() -> inbox.poll());
    }

    private void cutOff() throws Throwable {
        VertxContextSupport.subscribeAndAwait(() -> outbox.cutOff());
    }
}
