package payments.bankfile;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.account.BankIdentifiers;
import payments.bankfile.BankFileSamples.Entry;
import payments.bankfile.BankFileSamples.Status;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/**
 * The ISO 20022 file rail end to end in production mode, against an in-process SFTP server: payouts
 * leave as a pain.001 file the bank picks up over SFTP; the bank's pain.002 and camt.054 files
 * reject, complete, return and credit, each booked once.
 */
@QuarkusTest
@TestProfile(BankFileRailTest.BankRail.class)
public class BankFileRailTest {

    public static class BankRail implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(SftpBank.class));
        }
    }

    @Inject
    Pool pool;
    @Inject
    BankFileOutbox outbox;
    @Inject
    BankFileInbox inbox;
    @Inject
    payments.ledger.LedgerAudit audit;
    @Inject
    payments.transaction.PaymentLifecycle lifecycle;

    private static SshClient bankClient;

    @BeforeAll
    static void bankSide() {
        bankClient = SshClient.setUpDefaultClient();
        bankClient.start();
    }

    @AfterAll
    static void closeBankSide() throws IOException {
        bankClient.stop();
    }

    /** The outbox stores an event only while an endpoint is configured; the tests read the events from it. */
    @BeforeEach
    void eventsKept() {
        api().body(Map.of("webhookEndpoint", "https://localhost:9/bank-rail-events")).patch("/config").then().statusCode(200);
    }

    @AfterEach
    void noEndpoint() {
        api().body(Map.of("webhookEndpoint", "")).patch("/config").then().statusCode(200);
    }

    private static final IsoSchemas SCHEMAS = new IsoSchemas();

    @Test
    void aDepositCreditsTheAccountItsReferenceNamesAndAPayoutLeavesAsAPain001PickedUpOverSftp() throws Throwable {
        Customer customer = approvedCustomer();
        Customer other = approvedCustomer();
        String reference = eurAccount(customer).getString("fundingPaymentInstructions[0].accountOrWalletInfo.reference");
        JsonPath instructions = eurAccount(customer);
        assertEquals("DE89370400440532013000", instructions.getString("fundingPaymentInstructions[0].accountOrWalletInfo.iban"),
                "the platform's own account at the bank");
        assertEquals("Commerzbank", instructions.getString("fundingPaymentInstructions[0].accountOrWalletInfo.bankName"));
        assertEquals(List.of(), eurAccount(customer).setRootPath("data.find { it.id == '" + customer.accounts().get("USD") + "' }")
                .getList("fundingPaymentInstructions"), "no bank account in USD: nowhere to send USD");

        bankSends("camt054-deposit.xml", BankFileSamples.camt054(fileId(), "DE89370400440532013000", List.of(
                new Entry("BOOK", "CRDT", "250.00", "EUR", null, null, "Top-up " + reference))));
        assertEquals(1, poll());
        assertEquals(25000, MoneyFixtures.balance(customer.eur()), "the EUR account its reference names");
        assertEquals(0, MoneyFixtures.balance(customer.accounts().get("USD")), "and no other");
        assertEquals(0, MoneyFixtures.balance(other.eur()));
        JsonPath deposit = transaction(latestIncoming(customer.eur()));
        assertEquals("COMPLETED", deposit.getString("status"));
        assertEquals(customer.id(), deposit.getString("customerId"));
        assertEquals(List.of("INCOMING_PAYMENT.COMPLETED"), eventsAbout(deposit.getString("id")));
        // The account is pooled: without its reference, a credit names no one and waits for a person.
        bankSends("camt054-no-reference.xml", BankFileSamples.camt054(fileId(), "DE89370400440532013000", List.of(
                new Entry("BOOK", "CRDT", "5.00", "EUR", null, null, null))));
        assertEquals(1, poll());
        assertEquals(25000, MoneyFixtures.balance(customer.eur()));

        String payout = payout(customer, 1234);
        assertEquals("PROCESSING", transaction(payout).getString("status"));
        assertEquals(1, cutOff());
        String file = pickUp(payout);
        SCHEMAS.validate(file, com.prowidesoftware.swift.model.mx.MxPain00100109.class,
                com.prowidesoftware.swift.model.mx.MxPain00100109._classes);
        assertTrue(file.contains("<EndToEndId>" + endToEndId(payout) + "</EndToEndId>"), file);
        assertTrue(file.contains("Ccy=\"EUR\">12.34<"), file);
        assertTrue(file.contains("<IBAN>DE89370400440532013000</IBAN>"), "the platform's account is debited: " + file);
        assertTrue(java.util.regex.Pattern.compile("<Ustrd>REF-[0-9A-F]{12}</Ustrd>").matcher(file).find(),
                "without remittanceInformation the payee's bank shows the transaction's own reference: " + file);
        assertEquals(0, cutOff(), "nothing queued: no second file");

        // The payer's text travels to the payee (issue 51 item 3); the status reports still match on the EndToEndId.
        String invoice = payout(customer, 500, "Invoice 2026-042");
        assertEquals(1, cutOff());
        String withText = pickUp(invoice);
        assertTrue(withText.contains("<Ustrd>Invoice 2026-042</Ustrd>"), withText);
        assertTrue(withText.contains("<EndToEndId>" + endToEndId(invoice) + "</EndToEndId>"), withText);
    }

    @Test
    void aRejectionRefundsExactlyAndABookedDebitCompletes() throws Throwable {
        Customer customer = fundedCustomer(10000);
        String account = customer.eur();
        long before = MoneyFixtures.balance(account);
        String rejected = payout(customer, 700);
        String paid = payout(customer, 300);
        assertEquals(before - 1000, MoneyFixtures.balance(account), "both held");
        cutOff();

        bankSends("pain002.xml", BankFileSamples.pain002(batchOf(paid), List.of(new Status(endToEndId(paid), "ACCP", null),
                new Status(endToEndId(rejected), "RJCT", "AC04"))));
        poll();
        JsonPath failed = transaction(rejected);
        assertEquals("FAILED", failed.getString("status"));
        assertEquals("ACCOUNT_CANNOT_RECEIVE", failed.getString("failureReason"));
        assertEquals("COMPLETED", failed.getString("refund.status"));
        assertEquals("PROCESSING", transaction(paid).getString("status"), "accepted for processing is not settlement");
        assertEquals(before - 300, MoneyFixtures.balance(account), "the rejected payout refunded exactly");

        bankBooksDebit(paid, "3.00");
        assertEquals("COMPLETED", transaction(paid).getString("status"));
        assertEquals(before - 300, MoneyFixtures.balance(account));
        assertEquals(before - 300, MoneyFixtures.totalBalance(account), "nothing left held");
        assertLedgerClean();
    }

    @Test
    void aReturnAfterCompletionFailsAndRefundsInTheReferenceOrder() throws Throwable {
        Customer customer = fundedCustomer(5000);
        String account = customer.eur();
        long before = MoneyFixtures.balance(account);
        String payout = payout(customer, 2000);
        cutOff();
        bankBooksDebit(payout, "20.00");
        assertEquals("COMPLETED", transaction(payout).getString("status"));
        bankSends("returned.xml", BankFileSamples.camt054(fileId(), "DE89370400440532013000", List.of(
                new Entry("BOOK", "CRDT", "20.00", "EUR", endToEndId(payout), "AC04", null))));
        poll();
        JsonPath returned = transaction(payout);
        assertEquals("FAILED", returned.getString("status"));
        assertEquals("PAYOUT_RETURNED", returned.getString("failureReason"));
        assertEquals("COMPLETED", returned.getString("refund.status"));
        assertEquals(before, MoneyFixtures.balance(account), "refunded exactly");
        assertEquals(List.of("OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.COMPLETED",
                "OUTGOING_PAYMENT.FAILED", "OUTGOING_PAYMENT.REFUND_PENDING", "OUTGOING_PAYMENT.REFUND_COMPLETED"), eventsAbout(payout));
        assertLedgerClean();
    }

    /** A payout still queued can be cancelled (it leaves in no file); one already in a file cannot (409). */
    @Test
    void aQueuedPayoutIsCancelledOutOfTheNextFileAndABatchedOneIsNot() throws Throwable {
        Customer customer = fundedCustomer(3000);
        String cancelled = payout(customer, 1000);
        api().body(Map.of()).post("/transactions/" + cancelled + "/cancel").then().statusCode(200)
                .body("status", org.hamcrest.Matchers.equalTo("FAILED"));
        assertEquals(3000, MoneyFixtures.balance(customer.eur()), "refunded");
        String sent = payout(customer, 500);
        cutOff();
        String file = pickUp(sent);
        assertFalse(file.contains(endToEndId(cancelled)), "the cancelled payout is in no file");
        api().body(Map.of()).post("/transactions/" + sent + "/cancel").then().statusCode(409)
                .body("code", org.hamcrest.Matchers.equalTo("TRANSACTION_NOT_CANCELLABLE"));
        assertEquals("PROCESSING", transaction(sent).getString("status"));
        assertEquals(2500, MoneyFixtures.balance(customer.eur()));
    }

    /** A status report may reject a whole file or one block of it without naming its payouts: each is rejected. */
    @Test
    void aRejectedFileRejectsEachOfItsPayouts() throws Throwable {
        Customer customer = fundedCustomer(4000);
        String first = payout(customer, 1000);
        String second = payout(customer, 2000);
        cutOff();
        String batch = batchOf(first);
        assertEquals(batch, batchOf(second), "one file");
        // Refused as a duplicate (the file delivered again after a crash): the first delivery stands.
        bankSends("duplicate-file.xml", BankFileSamples.pain002Rejecting(batch, null, "DU01"));
        poll();
        assertEquals("PROCESSING", transaction(first).getString("status"));
        assertEquals(1, count("SELECT count(*) FROM bank_unmatched WHERE kind = 'DUPLICATE_FILE' AND detail LIKE '%" + batch + "%'"));
        bankSends("rejected-file.xml", BankFileSamples.pain002Rejecting(batch, null, "AM04"));
        poll();
        for (String payout : List.of(first, second)) {
            assertEquals("FAILED", transaction(payout).getString("status"));
            assertEquals("QUOTE_EXECUTION_FAILED", transaction(payout).getString("failureReason"));
        }
        assertEquals(4000, MoneyFixtures.balance(customer.eur()), "both refunded");

        String third = payout(customer, 300);
        cutOff();
        bankSends("rejected-block.xml", BankFileSamples.pain002Rejecting(batchOf(third),
                Pain001.paymentInformationId(batchOf(third), "EUR"), "RR04"));
        poll();
        assertEquals("COMPLIANCE_REJECTED", transaction(third).getString("failureReason"));
        assertEquals(4000, MoneyFixtures.balance(customer.eur()));
        assertLedgerClean();
    }

    /** Money that leaves twice for one payout, or comes back for one already failed, is for a person, never silently absorbed. */
    @Test
    void aSecondDebitForOnePayoutIsParkedAsADuplicate() throws Throwable {
        Customer customer = fundedCustomer(2000);
        String payout = payout(customer, 700);
        cutOff();
        bankBooksDebit(payout, "7.00");
        bankBooksDebit(payout, "7.00");
        assertEquals("COMPLETED", transaction(payout).getString("status"));
        assertEquals(1, count("SELECT count(*) FROM bank_unmatched WHERE kind = 'DUPLICATE_DEBIT' AND end_to_end_id = '"
                + endToEndId(payout) + "'"));
        assertEquals(1300, MoneyFixtures.balance(customer.eur()), "paid once from the customer's account");
    }

    /**
     * A credit for an account closed since arrives but is not credited: the incoming payment fails
     * with COLLECTION_FAILED, and the money waits in SUSPENSE for the operator to send it back.
     */
    @Test
    void aCreditForAClosedAccountIsAFailedCollectionHeldForReturn() throws Throwable {
        Customer customer = approvedCustomer();
        String reference = eurAccount(customer).getString("fundingPaymentInstructions[0].accountOrWalletInfo.reference");
        api().body(Map.of("status", "CLOSED")).patch("/internal-accounts/" + customer.eur()).then().statusCode(200);
        long suspense = suspense("EUR");
        bankSends("to-closed.xml", BankFileSamples.camt054(fileId(), "DE89370400440532013000", List.of(
                new Entry("BOOK", "CRDT", "12.00", "EUR", null, null, reference))));
        poll();
        JsonPath failed = transaction(latestIncoming(customer.eur()));
        assertEquals("FAILED", failed.getString("status"));
        assertEquals("COLLECTION_FAILED", failed.getString("failureReason"));
        assertEquals(customer.id(), failed.getString("customerId"));
        assertEquals(List.of("INCOMING_PAYMENT.FAILED"), eventsAbout(failed.getString("id")));
        assertEquals(0, MoneyFixtures.balance(customer.eur()), "nothing credited");
        assertEquals(suspense + 1200, suspense("EUR"), "held for return to the sender");
        assertEquals(1, count("SELECT count(*) FROM bank_unmatched WHERE kind = 'COLLECTION_FAILED' AND detail LIKE '%"
                + failed.getString("id") + "%'"));
        assertLedgerClean();
    }

    /**
     * A realtime-funded quote shows the platform's bank account and the quote's own reference: the
     * money arriving with it runs the payment; money the quote cannot take is held for return.
     */
    @Test
    void aCreditNamingARealtimeQuoteRunsItsPayment() throws Throwable {
        Customer payer = approvedCustomer();
        Customer payee = approvedCustomer();
        Map<String, Object> body = new java.util.HashMap<>();
        body.put("source", Map.of("sourceType", "REALTIME_FUNDING", "currency", "EUR", "customerId", payer.id()));
        body.put("destination", Map.of("destinationType", "ACCOUNT", "accountId", payee.eur()));
        body.put("lockedCurrencySide", "SENDING");
        body.put("lockedCurrencyAmount", 1500);
        JsonPath quote = api().body(body).post("/quotes").then().statusCode(201).extract().jsonPath();
        assertEquals("DE89370400440532013000", quote.getString("paymentInstructions[0].accountOrWalletInfo.iban"));
        String reference = quote.getString("paymentInstructions[0].accountOrWalletInfo.reference");
        long suspense = suspense("EUR");

        bankSends("for-quote-wrong.xml", BankFileSamples.camt054(fileId(), "DE89370400440532013000", List.of(
                new Entry("BOOK", "CRDT", "14.00", "EUR", null, null, reference))));
        poll();
        assertEquals("PENDING", api().get("/quotes/" + quote.getString("id")).then().statusCode(200).extract().path("status"),
                "another amount runs nothing");
        assertEquals(suspense + 1400, suspense("EUR"), "held for return");

        bankSends("for-quote.xml", BankFileSamples.camt054(fileId(), "DE89370400440532013000", List.of(
                new Entry("BOOK", "CRDT", "15.00", "EUR", null, null, "Paying " + reference))));
        poll();
        JsonPath paid = MoneyFixtures.awaitTransaction(quote.getString("transactionId"), "COMPLETED");
        assertEquals(paid.getLong("receivedAmount.amount"), MoneyFixtures.balance(payee.eur()));
        assertEquals(suspense + 1400, suspense("EUR"));
        assertLedgerClean();
    }

    /**
     * A realtime-funded payout the bank then rejects: the payer's money came over the rail and this
     * rail cannot send it back by itself, so it waits in SUSPENSE and the refund ends FAILED.
     */
    @Test
    void aRejectedRealtimeFundedPayoutParksTheFundsForReturn() throws Throwable {
        Customer payer = approvedCustomer();
        String iban = BankIdentifiers.ibanWithCheckDigits("DE", "37040044" + String.format("%010d", ThreadLocalRandom.current().nextLong(10_000_000_000L)));
        String bank = api().body(Map.of("customerId", payer.id(), "currency", "EUR", "accountInfo", Map.of("accountType", "EUR_ACCOUNT",
                        "iban", iban, "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL", "fullName", "Rita Realtime",
                                "birthDate", "1990-01-15", "nationality", "FR", "countryOfResidence", "FR",
                                "address", Map.of("line1", "1 Rue", "postalCode", "75001", "country", "FR")))))
                .post("/customers/external-accounts").then().statusCode(201).extract().path("id");
        Map<String, Object> body = new java.util.HashMap<>();
        body.put("source", Map.of("sourceType", "REALTIME_FUNDING", "currency", "EUR", "customerId", payer.id()));
        body.put("destination", Map.of("destinationType", "ACCOUNT", "accountId", bank));
        body.put("lockedCurrencySide", "SENDING");
        body.put("lockedCurrencyAmount", 2200);
        JsonPath quote = api().body(body).post("/quotes").then().statusCode(201).extract().jsonPath();
        bankSends("realtime-in.xml", BankFileSamples.camt054(fileId(), "DE89370400440532013000", List.of(
                new Entry("BOOK", "CRDT", "22.00", "EUR", null, null, quote.getString("paymentInstructions[0].accountOrWalletInfo.reference")))));
        poll();
        String payout = quote.getString("transactionId");
        assertEquals("PROCESSING", transaction(payout).getString("status"));
        long suspense = suspense("EUR");
        cutOff();
        bankSends("realtime-rejected.xml", BankFileSamples.pain002(batchOf(payout), List.of(new Status(endToEndId(payout), "RJCT", "AC01"))));
        poll();
        JsonPath failed = transaction(payout);
        assertEquals("ACCOUNT_INVALID", failed.getString("failureReason"));
        assertEquals("FAILED", failed.getString("refund.status"), "no rail sends it back by itself");
        assertEquals(suspense + 2200, suspense("EUR"), "the payer's money waits for a person to return it");
        assertLedgerClean();
    }

    /** A file quarantined before (a reader that could not read it then) is booked when it is put back. */
    @Test
    void aFileOnceQuarantinedIsBookedWhenPutBack() throws Throwable {
        Customer customer = approvedCustomer();
        String reference = eurAccount(customer).getString("fundingPaymentInstructions[0].accountOrWalletInfo.reference");
        String content = BankFileSamples.camt054(fileId(), "DE89370400440532013000", List.of(
                new Entry("BOOK", "CRDT", "3.00", "EUR", null, null, reference)));
        pool.preparedQuery("INSERT INTO bank_files_received (content_sha256, file_name, status, detail, events, received_at)"
                        + " VALUES ($1, 'earlier.xml', 'QUARANTINED', 'an older reader refused it', 0, now())")
                .execute(Tuple.of(BankFileInbox.sha256(content.getBytes(StandardCharsets.UTF_8)))).await().indefinitely();
        bankSends("put-back.xml", content);
        assertEquals(1, poll());
        assertEquals(300, MoneyFixtures.balance(customer.eur()));
    }

    @Test
    void theSameFileTwiceAndToTwoPollersAtOnceIsBookedOnce() throws Throwable {
        Customer customer = approvedCustomer();
        String reference = eurAccount(customer).getString("fundingPaymentInstructions[0].accountOrWalletInfo.reference");
        String content = BankFileSamples.camt054(fileId(), "DE89370400440532013000", List.of(
                new Entry("BOOK", "CRDT", "10.00", "EUR", null, null, reference)));
        bankSends("again-1.xml", content);
        bankSends("again-2.xml", content);
        // Two instances polling at the same moment: the same files, one claim each.
        ExecutorService pollers = Executors.newFixedThreadPool(2);
        try {
            List<Future<Integer>> polls = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                polls.add(pollers.submit(() -> {
                    try {
                        return poll();
                    } catch (Throwable e) {
                        throw new IllegalStateException(e);
                    }
                }));
            }
            int booked = 0;
            for (Future<Integer> poll : polls) {
                booked += poll.get();
            }
            assertEquals(1, booked, "one file booked, by one poller");
        } finally {
            pollers.shutdown();
        }
        assertEquals(1000, MoneyFixtures.balance(customer.eur()), "credited once");
        assertTrue(inboxFiles().isEmpty(), "both files moved aside");
        assertEquals(2, movedAside("processed", "-again-"), "both kept: the same content under two names");
        // A corrected resend with other content but the same bank entry books nothing either.
        bankSends("again-3.xml", content.replace("<CreDtTm>2026-11-25T11:00:00Z</CreDtTm>", "<CreDtTm>2026-11-25T12:00:00Z</CreDtTm>"));
        assertEquals(1, poll(), "a new file");
        assertEquals(1000, MoneyFixtures.balance(customer.eur()), "its entry was booked already");
    }

    @Test
    void aMalformedFileIsQuarantinedWithNothingBooked() throws Throwable {
        long entries = count("SELECT count(*) FROM ledger_entries");
        bankSends("broken.xml", BankFileSamples.pain002("B1", List.of(new Status("X", "RJCT", "AC01"))).replace("</TxSts>", ""));
        bankSends("not-iso.xml", "<statement>hello</statement>");
        assertEquals(0, poll());
        assertEquals(entries, count("SELECT count(*) FROM ledger_entries"));
        assertEquals(1, movedAside("quarantine", "-broken.xml"));
        assertEquals(1, movedAside("quarantine", "-not-iso.xml"));
        assertEquals(2, count("SELECT count(*) FROM bank_files_received WHERE status = 'QUARANTINED' AND file_name IN ('broken.xml', 'not-iso.xml')"));
    }

    @Test
    void anUnknownReferenceIsParkedInSuspenseNeverLost() throws Throwable {
        long suspense = suspense("EUR");
        bankSends("unknown.xml", BankFileSamples.camt054(fileId(), "DE00000000000000000000", List.of(
                new Entry("BOOK", "CRDT", "42.00", "EUR", null, null, "Gift SVC-000000000000"),
                new Entry("BOOK", "DBIT", "1.50", "EUR", null, null, "Bank fee"))));
        poll();
        assertEquals(suspense + 4200 - 150, suspense("EUR"), "the credit waits in SUSPENSE, the debit is booked out of it");
        assertEquals(1, count("SELECT count(*) FROM bank_unmatched WHERE kind = 'CREDIT_UNKNOWN' AND amount = 4200"));
        assertEquals(1, count("SELECT count(*) FROM bank_unmatched WHERE kind = 'DEBIT_UNKNOWN' AND amount = 150"));
        assertLedgerClean();
    }

    /**
     * A line whose booking fails for a reason that would come again (here a database rule refusing
     * one deposit) is undone alone and parked with its money in SUSPENSE; the file's other lines
     * are booked and the file is done, instead of the whole file failing at every poll.
     */
    @Test
    void aLineThatCannotBeBookedIsParkedAndTheRestOfItsFileIsBooked() throws Throwable {
        Customer customer = approvedCustomer();
        String reference = eurAccount(customer).getString("fundingPaymentInstructions[0].accountOrWalletInfo.reference");
        long suspense = suspense("EUR");
        String fileId = fileId();
        List<Entry> lines = List.of(
                new Entry("BOOK", "CRDT", "10.00", "EUR", null, null, "Top-up " + reference),
                new Entry("BOOK", "CRDT", "7.77", "EUR", null, null, "Top-up " + reference),
                new Entry("BOOK", "CRDT", "20.00", "EUR", null, null, "Top-up " + reference));
        try (AutoCloseable refused = eurDepositsRefused("777")) {
            bankSends("one-line-refused.xml", BankFileSamples.camt054(fileId, "DE89370400440532013000", lines));
            assertEquals(1, poll(), "the file is booked");
        }
        assertEquals(3000, MoneyFixtures.balance(customer.eur()), "the lines before and after the refused one");
        assertEquals(suspense + 777, suspense("EUR"), "the refused line's money waits in SUSPENSE");
        assertEquals(1, count("SELECT count(*) FROM bank_unmatched WHERE kind = 'BOOKING_FAILED' AND amount = 777"
                + " AND detail LIKE '%deposit refused by the test%'"));
        assertEquals(1, movedAside("processed", "one-line-refused"));
        assertEquals(0, poll(), "nothing left to book");
        // The bank resends its entries with one more: the parked line stays parked, booked once.
        List<Entry> resent = new ArrayList<>(lines);
        resent.add(new Entry("BOOK", "CRDT", "1.00", "EUR", null, null, "Top-up " + reference));
        bankSends("resent.xml", BankFileSamples.camt054(fileId, "DE89370400440532013000", resent));
        assertEquals(1, poll());
        assertEquals(3100, MoneyFixtures.balance(customer.eur()), "only the new entry");
        assertEquals(suspense + 777, suspense("EUR"));
        assertLedgerClean();
    }

    /**
     * More failing lines than a file may park (a third of its lines) point to a fault of the server:
     * nothing of the file is booked or parked (their bank references stay unspent), and once the
     * fault is gone the next poll books it whole.
     */
    @Test
    void aFileWithMoreBadLinesThanItMayParkWaitsWholeForTheFix() throws Throwable {
        Customer customer = approvedCustomer();
        String reference = eurAccount(customer).getString("fundingPaymentInstructions[0].accountOrWalletInfo.reference");
        long suspense = suspense("EUR");
        try (AutoCloseable refused = eurDepositsRefused("777, 888")) {
            bankSends("two-lines-refused.xml", BankFileSamples.camt054(fileId(), "DE89370400440532013000", List.of(
                    new Entry("BOOK", "CRDT", "7.77", "EUR", null, null, "Top-up " + reference),
                    new Entry("BOOK", "CRDT", "10.00", "EUR", null, null, "Top-up " + reference),
                    new Entry("BOOK", "CRDT", "8.88", "EUR", null, null, "Top-up " + reference))));
            assertEquals(0, poll(), "not booked");
            assertTrue(inboxFiles().contains("two-lines-refused.xml"), "left in the inbox");
            assertEquals(0, MoneyFixtures.balance(customer.eur()));
            assertEquals(suspense, suspense("EUR"), "nothing parked");
        }
        assertEquals(1, poll());
        assertEquals(2665, MoneyFixtures.balance(customer.eur()), "every line, once the fault is gone");
        assertEquals(suspense, suspense("EUR"));
        assertLedgerClean();
    }

    /**
     * A payee name with a character no bank file may carry (U+000B) is written in the bank Latin
     * set; a payout that still cannot be written (its IBAN broken behind the API's back) fails
     * alone and is refunded, and the other payouts of its cut-off leave.
     */
    @Test
    void aPayeeNameIsWrittenInTheBankSetAndAPayoutNoFileCanCarryFailsAloneRefunded() throws Throwable {
        Customer customer = fundedCustomer(5000);
        String named = payoutTo(customer, 1000, "Zo\u00eb\u000bM\u00fcller & Co");
        String sent = payout(customer, 700);
        String broken = payout(customer, 300);
        pool.preparedQuery("UPDATE bank_payouts SET iban = 'DE89' || chr(11) || '370400440532013000' WHERE end_to_end_id = $1")
                .execute(Tuple.of(endToEndId(broken))).await().indefinitely();
        assertEquals(1, cutOff());
        String file = pickUp(named);
        SCHEMAS.validate(file, com.prowidesoftware.swift.model.mx.MxPain00100109.class,
                com.prowidesoftware.swift.model.mx.MxPain00100109._classes);
        assertTrue(file.contains("<Nm>Zoe Muller + Co</Nm>"), file);
        assertTrue(file.contains(endToEndId(sent)), "the other payouts leave: " + file);
        assertFalse(file.contains(endToEndId(broken)), file);
        assertEquals("PROCESSING", transaction(named).getString("status"));
        JsonPath failed = transaction(broken);
        assertEquals("FAILED", failed.getString("status"));
        assertEquals("ACCOUNT_INVALID", failed.getString("failureReason"));
        assertEquals("COMPLETED", failed.getString("refund.status"));
        assertEquals(5000 - 1000 - 700, MoneyFixtures.balance(customer.eur()), "the failed payout refunded, the others held");
        assertEquals(0, count("SELECT count(*) FROM bank_payouts WHERE end_to_end_id = '" + endToEndId(broken) + "'"), "withdrawn");
        assertEquals(0, cutOff(), "nothing left queued");
        assertLedgerClean();
    }

    /**
     * Each payment travels its rail, routed per payment (SftpBank routes SEPA and SEPA_INSTANT to this
     * rail and nothing else): a rail no implementation carries is refused when quoting, before anything is held.
     */
    @Test
    void eachPaymentTravelsItsRailAndARailNothingCarriesIsRefusedWhenQuoting() throws Throwable {
        Customer customer = fundedCustomer(3000);
        String sepa = payoutTo(customer, 1000, "Ada Rail");
        JsonPath first = transaction(sepa);
        assertEquals("SEPA", first.getString("paymentRail"), "none asked for: the account's first rail");
        Map<String, Object> instantBody = MoneyFixtures.transferBody(customer.eur(), first.getString("destination.accountId"), 500);
        instantBody.put("destination", Map.of("destinationType", "ACCOUNT", "accountId", first.getString("destination.accountId"),
                "paymentRail", "SEPA_INSTANT"));
        String instant = api().body(instantBody).post("/quotes").then().statusCode(201).extract().path("transactionId");
        assertEquals("SEPA_INSTANT", transaction(instant).getString("paymentRail"));
        assertEquals(1, cutOff());
        assertTrue(pickUp(sepa).contains(endToEndId(instant)), "both routed to the file rail");

        String usdBank = api().body(payments.account.ExternalAccountTest.usdAccount(customer.id(), "000"))
                .post("/customers/external-accounts").then().statusCode(201).extract().path("id");
        String ach = api().body(MoneyFixtures.transferBody(customer.eur(), usdBank, 500)).post("/quotes").then().statusCode(201)
                .extract().path("transactionId");
        assertEquals("ACH", transaction(ach).getString("paymentRail"), "routed to the NACHA rail (AchRailTest)");
        assertEquals(1L, count("SELECT count(*) FROM bank_payouts WHERE format = 'NACHA' AND transaction_id = '"
                + ach.substring(ach.indexOf(':') + 1) + "'"), "queued for an ACH file");
        Map<String, Object> wire = MoneyFixtures.transferBody(customer.eur(), usdBank, 500);
        wire.put("destination", Map.of("destinationType", "ACCOUNT", "accountId", usdBank, "paymentRail", "WIRE"));
        api().body(wire).post("/quotes").then().statusCode(501).body("message", containsString("WIRE payments"));
        assertEquals(3000 - 1500 - 500, MoneyFixtures.balance(customer.eur()), "the refused payment held nothing");
        assertLedgerClean();
    }

    /** The official XSD forbids negative amounts, which the generated schema does not know: such a file books nothing. */
    @Test
    void aNotificationWithANegativeAmountIsQuarantinedAndDebitsNoOne() throws Throwable {
        Customer customer = fundedCustomer(10000);
        String reference = eurAccount(customer).getString("fundingPaymentInstructions[0].accountOrWalletInfo.reference");
        long entries = count("SELECT count(*) FROM ledger_entries");
        bankSends("negative.xml", BankFileSamples.camt054(fileId(), "DE89370400440532013000", List.of(
                new Entry("BOOK", "CRDT", "-60.00", "EUR", null, null, "Top-up " + reference))));
        assertEquals(0, poll());
        assertEquals(10000, MoneyFixtures.balance(customer.eur()));
        assertEquals(entries, count("SELECT count(*) FROM ledger_entries"));
        assertEquals(1, movedAside("quarantine", "-negative.xml"));
        assertEquals(1, count("SELECT count(*) FROM bank_files_received WHERE file_name = 'negative.xml' AND status = 'QUARANTINED'"
                + " AND detail LIKE '%not a plain decimal%'"));
    }

    /**
     * A status report applies only to a payout in the file (and block) it names: a rejection of a
     * payout still queued, or naming another file, changes nothing and the payout leaves; and any
     * failure of a queued payout takes it out of the next file.
     */
    @Test
    void aStatusReportAppliesOnlyToAPayoutInTheFileItNamesAndAFailureWithdrawsAQueuedPayout() throws Throwable {
        Customer customer = fundedCustomer(3000);
        String queued = payout(customer, 1000);
        bankSends("early-rejection.xml", BankFileSamples.pain002("B" + fileId(), List.of(new Status(endToEndId(queued), "RJCT", "AC04"))));
        poll();
        assertEquals("PROCESSING", transaction(queued).getString("status"), "not in any file yet");
        assertEquals(2000, MoneyFixtures.balance(customer.eur()), "still held, not refunded");
        assertEquals(1, count("SELECT count(*) FROM bank_unmatched WHERE kind = 'REJECTION_NOT_IN_FILE' AND end_to_end_id = '"
                + endToEndId(queued) + "'"));
        cutOff();
        String batch = batchOf(queued);
        assertTrue(pickUp(queued).contains(endToEndId(queued)));
        String otherBlock = BankFileSamples.pain002(batch, List.of(new Status(endToEndId(queued), "RJCT", "AC04")))
                .replace(Pain001.paymentInformationId(batch, "EUR"), Pain001.paymentInformationId(batch, "USD"));
        bankSends("other-block.xml", otherBlock);
        poll();
        assertEquals("PROCESSING", transaction(queued).getString("status"), "another block of its file");
        bankSends("its-file.xml", BankFileSamples.pain002(batch, List.of(new Status(endToEndId(queued), "RJCT", "AC04"))));
        poll();
        assertEquals("FAILED", transaction(queued).getString("status"));
        assertEquals(3000, MoneyFixtures.balance(customer.eur()));

        String failedInQueue = payout(customer, 500);
        java.util.UUID id = java.util.UUID.fromString(failedInQueue.substring(failedInQueue.indexOf(':') + 1));
        assertTrue(VertxContextSupport.subscribeAndAwait(() -> io.quarkus.hibernate.reactive.panache.Panache.withTransaction(
                () -> lifecycle.report(payments.transaction.RailReport.failed(id, payments.transaction.FailureReason.QUOTE_EXECUTION_FAILED,
                        payments.transaction.RefundReason.TRANSACTION_FAILED)))));
        assertEquals(3000, MoneyFixtures.balance(customer.eur()), "refunded");
        assertEquals(0, cutOff(), "and never sent");
        assertEquals(0, count("SELECT count(*) FROM bank_payouts WHERE end_to_end_id = '" + endToEndId(failedInQueue) + "'"));
        assertLedgerClean();
    }

    /** A return booked for more than the payout (its instructed amount) keeps the ledger equal to the bank: the rest in SUSPENSE. */
    @Test
    void aReturnBookedForAnotherAmountBooksTheDifferenceToSuspense() throws Throwable {
        Customer customer = fundedCustomer(2000);
        String payout = payout(customer, 1000);
        cutOff();
        bankBooksDebit(payout, "10.00");
        long suspense = suspense("EUR");
        long rail = rail("EUR");
        bankSends("returned-more.xml", BankFileSamples.camt054(fileId(), "DE89370400440532013000", List.of(
                new Entry("BOOK", "CRDT", "1000.00", "EUR", endToEndId(payout), "AC04", null, "10.00 EUR"))));
        poll();
        assertEquals("FAILED", transaction(payout).getString("status"));
        assertEquals(2000, MoneyFixtures.balance(customer.eur()), "the payout's own amount back");
        assertEquals(suspense + 99000, suspense("EUR"), "the rest of what the bank booked");
        assertEquals(rail - 100000, rail("EUR"), "RAIL moved by what the bank booked");
        assertEquals(1, count("SELECT count(*) FROM bank_unmatched WHERE kind = 'RETURN_DIFFERENCE' AND amount = 100000"));
        assertLedgerClean();
    }

    /**
     * A return booked before the payout's debit: the payout never settled, so the ledger had not
     * moved for it; all of the return waits in SUSPENSE and the debit, when it comes, is parked out
     * of it. RAIL equals the bank at every step.
     */
    @Test
    void aReturnBookedBeforeItsDebitKeepsRailEqualToTheBank() throws Throwable {
        Customer customer = fundedCustomer(2000);
        String payout = payout(customer, 1000);
        cutOff();
        long suspense = suspense("EUR");
        long rail = rail("EUR");
        bankSends("returned-first.xml", BankFileSamples.camt054(fileId(), "DE89370400440532013000", List.of(
                new Entry("BOOK", "CRDT", "10.00", "EUR", endToEndId(payout), "AC04", null))));
        poll();
        assertEquals("FAILED", transaction(payout).getString("status"));
        assertEquals(2000, MoneyFixtures.balance(customer.eur()), "the hold released");
        assertEquals(suspense + 1000, suspense("EUR"));
        assertEquals(rail - 1000, rail("EUR"), "the money came in");
        bankBooksDebit(payout, "10.00");
        assertEquals(suspense, suspense("EUR"));
        assertEquals(rail, rail("EUR"), "and went out");
        assertEquals(1, count("SELECT count(*) FROM bank_unmatched WHERE kind = 'CONTRADICTION' AND end_to_end_id = '" + endToEndId(payout) + "'"));
        assertLedgerClean();
    }

    /** Entries without the bank's reference are keyed on what they are: resent under a new message id, they book nothing again. */
    @Test
    void anEntryWithoutTheBanksReferenceResentUnderANewMessageIdIsBookedOnce() throws Throwable {
        Customer customer = approvedCustomer();
        String reference = eurAccount(customer).getString("fundingPaymentInstructions[0].accountOrWalletInfo.reference");
        List<Entry> entries = List.of(new Entry("BOOK", "CRDT", "10.00", "EUR", null, null, "Top-up " + reference));
        String first = withoutBankReferences(BankFileSamples.camt054(fileId(), "DE89370400440532013000", entries));
        bankSends("unreferenced.xml", first);
        assertEquals(1, poll());
        assertEquals(1000, MoneyFixtures.balance(customer.eur()));
        bankSends("unreferenced-resent.xml", first.replaceFirst("<MsgId>[^<]+</MsgId>", "<MsgId>RESENT-" + fileId() + "</MsgId>"));
        assertEquals(1, poll(), "a new file");
        assertEquals(1000, MoneyFixtures.balance(customer.eur()), "its entry was booked already");
        assertEquals(1, count("SELECT count(*) FROM bank_unmatched WHERE kind = 'REPEATED_ENTRY' AND remittance = 'Top-up " + reference + "'"),
                "shown to a person, who books it if the bank really booked it twice");
        List<Entry> more = new ArrayList<>(entries);
        more.add(new Entry("BOOK", "CRDT", "10.00", "EUR", null, null, "Top-up " + reference));
        bankSends("unreferenced-more.xml", withoutBankReferences(BankFileSamples.camt054(fileId(), "DE89370400440532013000", more)));
        assertEquals(1, poll());
        assertEquals(2000, MoneyFixtures.balance(customer.eur()), "a second entry, told apart by its own entry reference");
        assertLedgerClean();
    }

    /** A file larger than svc.bank-files.max-file-bytes is quarantined unread. */
    @Test
    void anOversizedFileIsQuarantinedUnread() throws Throwable {
        Customer customer = approvedCustomer();
        String reference = eurAccount(customer).getString("fundingPaymentInstructions[0].accountOrWalletInfo.reference");
        String content = BankFileSamples.camt054(fileId(), "DE89370400440532013000", List.of(
                new Entry("BOOK", "CRDT", "10.00", "EUR", null, null, "Top-up " + reference)));
        bankSends("oversized.xml", content.replace("</Document>", "<!--" + "x".repeat(SftpBank.MAX_FILE_BYTES) + "--></Document>"));
        assertEquals(0, poll());
        assertEquals(0, MoneyFixtures.balance(customer.eur()));
        assertEquals(1, movedAside("quarantine", "-oversized.xml"));
        assertEquals(1, count("SELECT count(*) FROM bank_files_received WHERE file_name = 'oversized.xml' AND detail LIKE 'Refused unread%'"));
    }

    // ---- the platform's side -------------------------------------------------------------------

    /** A customer approved by the compliance staff (production decides no packet itself), with EUR and USD accounts. */
    static Customer approvedCustomer() {
        Map<String, Object> body = new java.util.HashMap<>(payments.customer.CustomerTest.individual(
                payments.TestSupport.uniqueCustomerRef("bank"), "Bea Banked"));
        body.put("idType", "SSN");
        body.put("identifier", "123-45-6789");
        body.put("currencies", List.of("EUR", "USD"));
        body.put("endUserTermsConsent", Map.of("acceptedAt", "2025-01-01T00:00:00Z", "ipAddress", "198.51.100.24",
                "termsVersion", "V1", "acceptanceMethod", "CHECKBOX"));
        String customerId = api().body(body).post("/customers").then().statusCode(201).extract().path("id");
        payments.verification.VerificationTest.upload(customerId, "PASSPORT", payments.verification.VerificationTest.PNG);
        String verificationId = payments.verification.VerificationTest.submit(customerId).getString("id");
        payments.TestSupport.complianceDesk().body(Map.of("reason", "Documents checked"))
                .post("/compliance/reviews/" + verificationId + "/approve").then().statusCode(200);
        return new Customer(customerId, MoneyFixtures.activeAccounts(customerId));
    }

    record Customer(String id, Map<String, String> accounts) {
        String eur() {
            return accounts.get("EUR");
        }

        String usd() {
            return accounts.get("USD");
        }
    }

    /** The customer's EUR account as the platform reads it. */
    private static JsonPath eurAccount(Customer customer) {
        String json = api().queryParam("customerId", customer.id()).get("/customers/internal-accounts").then().statusCode(200)
                .extract().asString();
        return new JsonPath(json).setRootPath("data.find { it.id == '" + customer.eur() + "' }");
    }

    /** A new customer's EUR account, funded by a bank credit naming its reference. */
    private Customer fundedCustomer(long amount) throws Throwable {
        Customer customer = approvedCustomer();
        String reference = eurAccount(customer).getString("fundingPaymentInstructions[0].accountOrWalletInfo.reference");
        bankSends("top-up-" + fileId() + ".xml", BankFileSamples.camt054(fileId(), "DE89370400440532013000", List.of(
                new Entry("BOOK", "CRDT", java.math.BigDecimal.valueOf(amount, 2).toPlainString(), "EUR", null, null,
                        "Top-up " + reference))));
        poll();
        assertEquals(amount, MoneyFixtures.balance(customer.eur()));
        return customer;
    }

    /** A payout of {@code amount} cents to a new EUR bank account of a payee named {@code payeeName}; answers its transaction id. */
    private static String payoutTo(Customer customer, long amount, String payeeName) {
        String iban = BankIdentifiers.ibanWithCheckDigits("DE", "37040044" + String.format("%010d", ThreadLocalRandom.current().nextLong(10_000_000_000L)));
        String bank = api().body(Map.of("customerId", customer.id(), "currency", "EUR", "accountInfo", Map.of("accountType", "EUR_ACCOUNT",
                        "iban", iban, "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL", "fullName", payeeName,
                                "birthDate", "1990-01-15", "nationality", "FR", "countryOfResidence", "FR",
                                "address", Map.of("line1", "1 Rue", "postalCode", "75001", "country", "FR")))))
                .post("/customers/external-accounts").then().log().ifValidationFails().statusCode(201).extract().path("id");
        return api().body(MoneyFixtures.transferBody(customer.eur(), bank, amount)).post("/quotes").then().log().ifValidationFails().statusCode(201)
                .extract().path("transactionId");
    }

    private static String withoutBankReferences(String camt054) {
        return camt054.replaceAll("<AcctSvcrRef>[^<]*</AcctSvcrRef>", "");
    }

    /** A payout of {@code amount} cents from the account to a new EUR bank account; answers its transaction id. */
    static String payout(Customer customer, long amount) {
        return payout(customer, amount, null);
    }

    private static String payout(Customer customer, long amount, String remittanceInformation) {
        String iban = BankIdentifiers.ibanWithCheckDigits("DE", "37040044" + String.format("%010d", ThreadLocalRandom.current().nextLong(10_000_000_000L)));
        String bank = MoneyFixtures.externalEurAccount(customer.id(), iban);
        Map<String, Object> body = MoneyFixtures.transferBody(customer.eur(), bank, amount);
        if (remittanceInformation != null) {
            body.put("remittanceInformation", remittanceInformation);
        }
        return api().body(body).post("/quotes").then().log().ifValidationFails().statusCode(201).extract().path("transactionId");
    }

    private static JsonPath transaction(String id) {
        return RailChecks.transaction(id);
    }

    private String batchOf(String transactionId) {
        return pool.preparedQuery("SELECT batch_id FROM bank_payouts WHERE end_to_end_id = $1")
                .execute(Tuple.of(endToEndId(transactionId))).await().indefinitely().iterator().next().getString(0);
    }

    static String endToEndId(String transactionId) {
        return transactionId.substring(transactionId.indexOf(':') + 1).replace("-", "");
    }

    private String latestIncoming(String accountId) {
        return "Transaction:" + pool.preparedQuery("SELECT id FROM transactions WHERE destination_account_id = $1 AND type = 'INCOMING' ORDER BY id DESC LIMIT 1")
                .execute(Tuple.of(java.util.UUID.fromString(accountId.substring(accountId.indexOf(':') + 1)))).await().indefinitely()
                .iterator().next().getUUID(0);
    }

    private List<String> eventsAbout(String transactionId) {
        return RailChecks.eventsAbout(pool, transactionId);
    }

    /**
     * A database rule that refuses to record EUR deposits of these amounts (minor units, comma
     * separated), as a fault of the server would, until closed.
     */
    private AutoCloseable eurDepositsRefused(String amounts) {
        pool.query("""
                CREATE FUNCTION refuse_deposits() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN RAISE EXCEPTION 'deposit refused by the test'; END $$;
                CREATE TRIGGER refuse_deposits BEFORE INSERT ON transactions FOR EACH ROW
                    WHEN (NEW.received_amount IN (%s) AND NEW.received_currency = 'EUR') EXECUTE FUNCTION refuse_deposits()"""
                .formatted(amounts)).execute().await().indefinitely();
        return () -> pool.query("DROP TRIGGER refuse_deposits ON transactions; DROP FUNCTION refuse_deposits()")
                .execute().await().indefinitely();
    }

    /** The ledger audit run directly: its endpoint is the sandbox's. */
    private void assertLedgerClean() throws Throwable {
        payments.ledger.LedgerAudit.AuditReport report = VertxContextSupport.subscribeAndAwait(() -> audit.run());
        assertTrue(report.clean(), report::toString);
    }

    private long suspense(String currency) {
        return count("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE system_account = 'SUSPENSE' AND currency = '" + currency + "'");
    }

    private long rail(String currency) {
        return count("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE system_account = 'RAIL' AND currency = '" + currency + "'");
    }

    private long count(String sql) {
        return pool.query(sql).execute().await().indefinitely().iterator().next().getLong(0);
    }

    // ---- the bank's side -----------------------------------------------------------------------

    static Path folder(String relative) {
        return SftpBank.folder().resolve("exchange").resolve(relative);
    }

    public static void bankSends(String name, String content) throws IOException {
        Files.createDirectories(folder("inbox"));
        Files.writeString(folder("inbox").resolve(name), content);
    }

    /** The bank's notification that it booked the payout's debit, read. */
    private void bankBooksDebit(String transactionId, String amount) throws Throwable {
        bankSends("debit-" + fileId() + ".xml", BankFileSamples.camt054(fileId(), "DE89370400440532013000", List.of(
                new Entry("BOOK", "DBIT", amount, "EUR", endToEndId(transactionId), null, null))));
        poll();
    }

    /** Files moved to the inbox's {@code folder} whose names contain {@code part}. */
    private static long movedAside(String folder, String part) throws IOException {
        try (var files = Files.list(folder("inbox/" + folder))) {
            return files.filter(f -> f.getFileName().toString().contains(part)).count();
        }
    }

    private static List<String> inboxFiles() throws IOException {
        try (var files = Files.list(folder("inbox"))) {
            return files.filter(Files::isRegularFile).map(f -> f.getFileName().toString()).toList();
        }
    }

    public static String fileId() {
        return "F" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
    }

    /** The bank picks up the outbox file naming the payout, over SFTP. */
    private String pickUp(String transactionId) throws IOException {
        String port = org.eclipse.microprofile.config.ConfigProvider.getConfig().getValue("svc.bank-files.sftp.port", String.class);
        try (ClientSession session = bankClient.connect(SftpBank.USER, "127.0.0.1", Integer.parseInt(port))
                .verify(Duration.ofSeconds(10)).getSession()) {
            session.addPasswordIdentity(SftpBank.PASSWORD);
            session.auth().verify(Duration.ofSeconds(10));
            try (SftpClient sftp = SftpClientFactory.instance().createSftpClient(session)) {
                for (SftpClient.DirEntry entry : sftp.readDir("/exchange/outbox")) {
                    if (!entry.getAttributes().isRegularFile()) {
                        continue;
                    }
                    try (InputStream in = sftp.read("/exchange/outbox/" + entry.getFilename())) {
                        String content = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                        if (content.contains(endToEndId(transactionId))) {
                            assertFalse(entry.getFilename().startsWith("."), "never a partial file");
                            return content;
                        }
                    }
                }
            }
        }
        throw new AssertionError("No outbox file names " + transactionId);
    }

    private int cutOff() throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> outbox.cutOff());
    }

    private int poll() throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> inbox.poll());
    }
}
