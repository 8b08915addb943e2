package payments.bankfile;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.TestSupport;
import payments.account.BankIdentifiers;
import payments.bankfile.BankFileRailTest.Customer;
import payments.bankfile.BankFileSamples.Entry;
import payments.bankfile.BankFileSamples.Status;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/**
 * SEPA Core direct debits in production, end to end against files on the bank's SFTP server (the
 * bank profile: the platform's creditor identifier is set): a pull from a customer's EUR bank
 * account needs the holder's mandate, leaves in a pain.008 file under it (FRST, then RCUR), is
 * credited when the bank's camt.054 credits it, fails when the bank refuses it (pain.002), and is
 * clawed back when the debtor's bank returns it.
 */
@QuarkusTest
@TestProfile(BankFileRailTest.BankRail.class)
class SepaDirectDebitTest {

    private static final String PLATFORM_IBAN = "DE89370400440532013000";

    @Inject
    Pool pool;
    @Inject
    BankFileOutbox outbox;
    @Inject
    BankFileInbox inbox;
    @Inject
    payments.ledger.LedgerAudit audit;

    @BeforeEach
    void eventsKept() {
        api().body(Map.of("webhookEndpoint", "https://localhost:9/sepa-debit-events")).patch("/config").then().statusCode(200);
    }

    @AfterEach
    void noEndpoint() {
        api().body(Map.of("webhookEndpoint", "")).patch("/config").then().statusCode(200);
    }

    @Test
    void aPullFromAEurAccountIsADirectDebitUnderItsMandateCreditedByTheBankRefusedOrClawedBack() throws Throwable {
        Customer customer = BankFileRailTest.approvedCustomer();
        String bank = MoneyFixtures.externalEurAccount(customer.id(), randomIban());
        TestSupport.complianceDesk().body(Map.of("result", "MATCHED", "reason", "Bank statement names the holder"))
                .post("/compliance/external-accounts/" + bank + "/holder-name-check").then().statusCode(200);
        Map<String, Object> pull = MoneyFixtures.transferBody(bank, customer.eur(), 4_000);
        api().body(pull).post("/quotes").then().statusCode(400).body("details.errors[0].field", equalTo("source.accountId"))
                .body("details.errors[0].message", containsString("direct-debit-mandate"));

        // The mandate: this server's own extension of the external account.
        String mandate = "/customers/external-accounts/" + bank + "/direct-debit-mandate";
        api().get(mandate).then().statusCode(404);
        api().body(Map.of("mandateId", "has spaces", "signedOn", "2999-01-01")).put(mandate).then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("mandateId", "signedOn"));
        api().body(Map.of("mandateId", "M-1", "signedOn", "2026-02-30")).put(mandate).then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("signedOn"));
        api().body(Map.of("mandateId", "M//1", "signedOn", "2026-11-01")).put(mandate).then().statusCode(400)
                .body("details.errors.field", containsInAnyOrder("mandateId"));
        String usdBank = MoneyFixtures.externalUsdAccount(customer.id(), "21");
        String mandateId = "MNDT-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        api().body(Map.of("mandateId", mandateId, "signedOn", "2026-11-01"))
                .put("/customers/external-accounts/" + usdBank + "/direct-debit-mandate").then().statusCode(400)
                .body("details.errors[0].field", equalTo("externalAccountId"));
        api().body(Map.of("mandateId", mandateId, "signedOn", "2026-11-01")).put(mandate).then().statusCode(200)
                .body("mandateId", equalTo(mandateId)).body("nextSequenceType", equalTo("FRST"));
        String otherBank = MoneyFixtures.externalEurAccount(customer.id(), randomIban());
        api().body(Map.of("mandateId", mandateId, "signedOn", "2026-11-01"))
                .put("/customers/external-accounts/" + otherBank + "/direct-debit-mandate").then().statusCode(409);

        // The first collection: FRST, under the mandate, due the next TARGET2 business day.
        String first = api().body(pull).post("/quotes").then().statusCode(201).extract().path("transactionId");
        assertEquals("PROCESSING", RailChecks.transaction(first).getString("status"));
        assertEquals(0, MoneyFixtures.balance(customer.eur()), "nothing credited before the bank credits the collection");
        assertTrue(cutOff() >= 1);
        String file = pickUp(BankFileRailTest.endToEndId(first));
        LocalDate due = TargetCalendar.collectionDate(java.time.LocalDateTime.now(ZoneId.of("Europe/Berlin")), java.util.Optional.empty());
        String collection = collectionOf(file, BankFileRailTest.endToEndId(first));
        assertTrue(blockOf(file, BankFileRailTest.endToEndId(first)).contains("<SeqTp>FRST</SeqTp>"), file);
        assertTrue(file.contains("<ReqdColltnDt>" + due + "</ReqdColltnDt>"), file);
        assertTrue(file.contains("<Id>DE98ZZZ09999999999</Id>"), "the platform's creditor identifier");
        assertTrue(collection.contains("<MndtId>" + mandateId + "</MndtId>") && collection.contains("<DtOfSgntr>2026-11-01</DtOfSgntr>"), collection);
        assertTrue(collection.contains(">40.00</InstdAmt>"), collection);
        api().get(mandate).then().statusCode(200).body("nextSequenceType", equalTo("RCUR")).body("lastCollectedOn", equalTo(due.toString()));

        // The bank credits it: the pull completes; the same notification again credits nothing more.
        String credit = BankFileSamples.camt054(BankFileRailTest.fileId(), PLATFORM_IBAN, List.of(
                new Entry("BOOK", "CRDT", "40.00", "EUR", BankFileRailTest.endToEndId(first), null, null)));
        BankFileRailTest.bankSends("sdd-credit-" + BankFileRailTest.endToEndId(first) + ".xml", credit);
        poll();
        assertEquals("COMPLETED", RailChecks.transaction(first).getString("status"));
        assertEquals(4_000, MoneyFixtures.balance(customer.eur()));
        BankFileRailTest.bankSends("sdd-credit-copy-" + BankFileRailTest.endToEndId(first) + ".xml", credit);
        poll();
        assertEquals(4_000, MoneyFixtures.balance(customer.eur()), "booked once");

        // The second collection is RCUR; the debtor's bank refuses it before settlement (AM04): nothing was credited.
        String second = api().body(MoneyFixtures.transferBody(bank, customer.eur(), 2_500)).post("/quotes").then().statusCode(201)
                .extract().path("transactionId");
        assertTrue(cutOff() >= 1);
        String secondFile = pickUp(BankFileRailTest.endToEndId(second));
        assertTrue(blockOf(secondFile, BankFileRailTest.endToEndId(second)).contains("<SeqTp>RCUR</SeqTp>"), secondFile);
        String batch = batchOf(second);
        BankFileRailTest.bankSends("sdd-refusal-" + batch + ".xml", BankFileSamples.pain002(batch, Pain008.paymentInformationId(batch, "RCUR"),
                List.of(new Status(BankFileRailTest.endToEndId(second), "RJCT", "AM04"))));
        poll();
        JsonPath refused = RailChecks.transaction(second);
        assertEquals("FAILED", refused.getString("status"));
        assertEquals("COLLECTION_FAILED", refused.getString("failureReason"));
        assertEquals(4_000, MoneyFixtures.balance(customer.eur()));

        // The holder spends 10.00, then their bank returns the first collection (MD06, a refund the debtor asked for).
        BankFileRailTest.payout(customer, 1_000);
        long suspense = RailChecks.count(pool, "SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE system_account = 'SUSPENSE' AND currency = 'EUR'");
        BankFileRailTest.bankSends("sdd-return-" + BankFileRailTest.endToEndId(first) + ".xml", BankFileSamples.camt054(BankFileRailTest.fileId(),
                PLATFORM_IBAN, List.of(new Entry("BOOK", "DBIT", "40.00", "EUR", BankFileRailTest.endToEndId(first), "MD06", null))));
        poll();
        JsonPath returned = RailChecks.transaction(first);
        assertEquals("FAILED", returned.getString("status"));
        assertEquals("COLLECTION_FAILED", returned.getString("failureReason"));
        assertEquals(0, MoneyFixtures.balance(customer.eur()), "clawed back as far as the account has it");
        assertEquals(suspense - 1_000, RailChecks.count(pool, "SELECT COALESCE(SUM(amount), 0) FROM ledger_entries"
                + " WHERE system_account = 'SUSPENSE' AND currency = 'EUR'"), "what was spent is owed: out of SUSPENSE");
        assertEquals(List.of("INCOMING_PAYMENT.COMPLETED", "INCOMING_PAYMENT.FAILED"), RailChecks.eventsAbout(pool, first));

        // Revoked: no new pull, and the mandate is gone from the account.
        api().delete(mandate).then().statusCode(204);
        api().get(mandate).then().statusCode(404);
        api().delete(mandate).then().statusCode(404);
        api().body(pull).post("/quotes").then().statusCode(400).body("details.errors[0].field", equalTo("source.accountId"));
        assertTrue(VertxContextSupport.subscribeAndAwait(() -> audit.run()).clean());
    }

    @Test
    void aPullWhoseMandateEndsBeforeItsFileFailsAndOneItsAccountCannotTakeIsParkedAndAStaleFileIsBuiltAgain() throws Throwable {
        Customer customer = BankFileRailTest.approvedCustomer();
        String bank = pullableAccount(customer);
        String mandate = "/customers/external-accounts/" + bank + "/direct-debit-mandate";

        // Revoked between execution and the cut-off: the pull fails and leaves in no file.
        String revoked = api().body(MoneyFixtures.transferBody(bank, customer.eur(), 700)).post("/quotes").then().statusCode(201)
                .extract().path("transactionId");
        api().delete(mandate).then().statusCode(204);
        cutOff();
        JsonPath failed = RailChecks.transaction(revoked);
        assertEquals("FAILED", failed.getString("status"));
        assertEquals("COLLECTION_FAILED", failed.getString("failureReason"));
        assertEquals(0, RailChecks.count(pool, "SELECT count(*) FROM bank_payouts WHERE end_to_end_id = '"
                + BankFileRailTest.endToEndId(revoked) + "'"));

        // A file built but not delivered in time: its collections are built again for a date that can be met.
        recordMandate(bank);
        String late = api().body(MoneyFixtures.transferBody(bank, customer.eur(), 800)).post("/quotes").then().statusCode(201)
                .extract().path("transactionId");
        assertTrue(cutOff() >= 1);
        String firstFile = batchOf(late);
        pool.query("UPDATE bank_batches SET status = 'BUILT' WHERE id = '" + firstFile + "'").execute().await().indefinitely();
        pool.query("UPDATE bank_payouts SET effective_date = DATE '2026-01-05' WHERE batch_id = '" + firstFile + "'").execute()
                .await().indefinitely();
        assertEquals(0, (int) VertxContextSupport.subscribeAndAwait(() -> outbox.deliverBuilt()));
        assertEquals("STALE", statusOfBatch(firstFile));
        assertTrue(cutOff() >= 1);
        assertFalse(batchOf(late).equals(firstFile), "built again into a new file");
        assertTrue(pickUp(BankFileRailTest.endToEndId(late)).contains("<ReqdColltnDt>"
                + TargetCalendar.collectionDate(java.time.LocalDateTime.now(ZoneId.of("Europe/Berlin")), java.util.Optional.empty())));

        // The internal account closes before the bank credits the collection: the money is parked, not lost.
        api().body(Map.of("status", "CLOSED")).patch("/internal-accounts/" + customer.eur()).then().statusCode(200);
        long suspense = RailChecks.count(pool, "SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE system_account = 'SUSPENSE' AND currency = 'EUR'");
        BankFileRailTest.bankSends("sdd-credit-closed-" + BankFileRailTest.endToEndId(late) + ".xml", BankFileSamples.camt054(
                BankFileRailTest.fileId(), PLATFORM_IBAN, List.of(new Entry("BOOK", "CRDT", "8.00", "EUR", BankFileRailTest.endToEndId(late),
                        null, null))));
        poll();
        assertEquals("FAILED", RailChecks.transaction(late).getString("status"));
        assertEquals(suspense + 800, RailChecks.count(pool, "SELECT COALESCE(SUM(amount), 0) FROM ledger_entries"
                + " WHERE system_account = 'SUSPENSE' AND currency = 'EUR'"), "the debtor's money waits in SUSPENSE to go back");
        assertEquals(1, RailChecks.count(pool, "SELECT count(*) FROM bank_unmatched WHERE kind = 'COLLECTION_NOT_CREDITED' AND end_to_end_id = '"
                + BankFileRailTest.endToEndId(late) + "'"));
        assertTrue(VertxContextSupport.subscribeAndAwait(() -> audit.run()).clean());
    }

    /** A new EUR bank account of the customer, its holder's name checked and a mandate recorded. */
    private static String pullableAccount(Customer customer) {
        String bank = MoneyFixtures.externalEurAccount(customer.id(), randomIban());
        TestSupport.complianceDesk().body(Map.of("result", "MATCHED", "reason", "Bank statement names the holder"))
                .post("/compliance/external-accounts/" + bank + "/holder-name-check").then().statusCode(200);
        recordMandate(bank);
        return bank;
    }

    private static void recordMandate(String bank) {
        api().body(Map.of("mandateId", "MNDT-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36), "signedOn", "2026-11-01"))
                .put("/customers/external-accounts/" + bank + "/direct-debit-mandate").then().statusCode(200);
    }

    private String statusOfBatch(String batchId) {
        return pool.query("SELECT status FROM bank_batches WHERE id = '" + batchId + "'").execute().await().indefinitely()
                .iterator().next().getString(0);
    }

    @Test
    void theMandateEndpointsNeedTheirPermissions() {
        String path = "/customers/external-accounts/ExternalAccount:00000000-0000-0000-0000-000000000000/direct-debit-mandate";
        TestSupport.complianceDesk().body(Map.of("mandateId", "M-1", "signedOn", "2026-11-01")).put(path).then().statusCode(403);
        api().body(Map.of("mandateId", "M-1", "signedOn", "2026-11-01")).put(path).then().statusCode(404);
        TestSupport.apiAs("nobody", "wrong").get(path).then().statusCode(401);
    }

    private static String randomIban() {
        return BankIdentifiers.ibanWithCheckDigits("DE", "37040044" + String.format("%010d", ThreadLocalRandom.current().nextLong(10_000_000_000L)));
    }

    private int cutOff() throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> outbox.cutOff());
    }

    private int poll() throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> inbox.poll());
    }

    private String batchOf(String transactionId) {
        return pool.preparedQuery("SELECT batch_id FROM bank_payouts WHERE end_to_end_id = $1")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(BankFileRailTest.endToEndId(transactionId))).await().indefinitely()
                .iterator().next().getString(0);
    }

    /** The pain.008 file in the outbox that collects {@code endToEndId}. */
    private static String pickUp(String endToEndId) throws IOException {
        try (var files = Files.list(BankFileRailTest.folder("outbox"))) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("pain.008.")).toList()) {
                String content = Files.readString(file);
                if (content.contains(endToEndId)) {
                    return content;
                }
            }
        }
        throw new AssertionError("No pain.008 file in the outbox collects " + endToEndId);
    }

    private static String collectionOf(String file, String endToEndId) {
        int at = file.indexOf("<EndToEndId>" + endToEndId);
        return file.substring(file.lastIndexOf("<DrctDbtTxInf>", at), file.indexOf("</DrctDbtTxInf>", at));
    }

    /** The payment information block that holds the collection. */
    private static String blockOf(String file, String endToEndId) {
        int at = file.indexOf("<EndToEndId>" + endToEndId);
        return file.substring(file.lastIndexOf("<PmtInf>", at), file.indexOf("</PmtInf>", at));
    }
}
