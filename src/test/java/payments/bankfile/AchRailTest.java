package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.account.InternalAccount;
import payments.bankfile.BankFileRailTest.Customer;
import payments.bankfile.nacha.NachaFile;
import payments.ledger.Journal;
import payments.transaction.Deposits;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/**
 * The NACHA ACH rail in production, end to end against files on the bank's SFTP server (the same
 * server and profile as BankFileRailTest, routes ACH=nacha-files): a USD payout leaves as an ACH
 * credit in a balanced NACHA file, settles on its effective date, a return refunds it with the
 * reason its code gives, a notification of change corrects the account the next payment uses.
 */
@QuarkusTest
@TestProfile(BankFileRailTest.BankRail.class)
class AchRailTest {

    @Inject
    Pool pool;
    @Inject
    AchOutbox outbox;
    @Inject
    BankFileInbox inbox;
    @Inject
    Deposits deposits;
    @Inject
    payments.ledger.LedgerAudit audit;

    @BeforeEach
    void eventsKept() {
        api().body(Map.of("webhookEndpoint", "https://localhost:9/ach-rail-events")).patch("/config").then().statusCode(200);
    }

    @AfterEach
    void noEndpoint() {
        api().body(Map.of("webhookEndpoint", "")).patch("/config").then().statusCode(200);
    }

    @Test
    void aUsdPayoutLeavesAsABalancedAchCreditSettlesOnItsEffectiveDateAndAReturnRefundsIt() throws Throwable {
        Customer customer = fundedUsdCustomer(10_000);
        String bank = MoneyFixtures.externalUsdAccount(customer.id(), "11");
        Map<String, Object> body = MoneyFixtures.transferBody(customer.usd(), bank, 2_500);
        body.put("remittanceInformation", "Invoice 2026-118");
        String payout = api().body(body).post("/quotes").then().statusCode(201).extract().path("transactionId");
        assertEquals("ACH", transaction(payout).getString("paymentRail"));

        assertTrue(cutOff() >= 1);
        String trace = traceOf(payout);
        NachaFile.Read file = NachaFile.read(pickUp(trace));
        assertEquals(" " + SftpBank.ACH_ODFI, file.header().immediateDestination());
        NachaFile.Batch batch = batchHolding(file, trace);
        assertEquals("PPD", batch.standardEntryClassCode(), "a person's account");
        assertEquals("220", batch.serviceClassCode());
        assertEquals("1234567890", batch.companyIdentification());
        LocalDate effective = LocalDate.now(ZoneId.of("America/New_York"));
        effective = AchCalendar.nextBankingDay(effective);
        assertEquals(NachaFile.date(effective), batch.effectiveEntryDate(), "no same-day window: the next banking day");
        NachaFile.Entry entry = entryTraced(batch, trace);
        assertEquals("22", entry.transactionCode(), "a checking account credited");
        assertEquals("021000021", entry.receivingDfi());
        assertEquals(2_500, entry.amount());
        assertEquals(List.of(new NachaFile.Remittance("Invoice 2026-118")), entry.addenda());
        assertTrue(trace.startsWith(SftpBank.ACH_ODFI.substring(0, 8)), trace);
        assertEquals("PROCESSING", transaction(payout).getString("status"));

        assertEquals(0, settleDue(effective.minusDays(1)), "not before its effective date");
        assertTrue(settleDue(effective) >= 1);
        assertEquals("COMPLETED", transaction(payout).getString("status"));
        assertEquals(7_500, MoneyFixtures.balance(customer.usd()));

        // The bank's statement books the file as one debit naming it: reconciled with each of its payouts' settlements.
        String fileId = pool.preparedQuery("SELECT batch_id FROM bank_payouts WHERE end_to_end_id = $1").execute(io.vertx.mutiny.sqlclient.Tuple.of(trace))
                .await().indefinitely().iterator().next().getString(0);
        long fileTotal = count("SELECT sum(amount) FROM bank_payouts WHERE batch_id = '" + fileId + "'");
        long payouts = count("SELECT count(*) FROM bank_payouts WHERE batch_id = '" + fileId + "'");
        String statementId = "ACH-" + trace;
        BankFileRailTest.bankSends("statement-" + trace + ".xml", BankFileSamples.camt053(statementId, "000123456789", "USD",
                java.time.Instant.now().plusSeconds(3600), "100000.00", java.math.BigDecimal.valueOf(10_000_000 - fileTotal, 2).toPlainString(),
                List.of(new BankFileSamples.StatementEntry("ACH-DEBIT-" + trace, "DBIT", java.math.BigDecimal.valueOf(fileTotal, 2).toPlainString(),
                        null, null, fileId))));
        poll();
        String report = payments.TestSupport.operationsDesk().queryParam("limit", "100").get("/bank-statements").then().statusCode(200)
                .extract().path("data.find { it.statementId == '" + statementId + "' }.id");
        Map<String, Object> line = payments.TestSupport.operationsDesk().queryParam("limit", "100").get("/bank-statements/" + report + "/lines")
                .then().statusCode(200).extract().path("data.find { it.matchedOn == 'batch " + fileId + "' }");
        assertEquals("MATCHED", line.get("status"), String.valueOf(line));
        assertEquals((int) payouts, line.get("ledgerEntries"), "each payout's settlement");
        assertEquals(-fileTotal, ((Number) line.get("bankAmount")).longValue());

        String returns = returnFile(trace, entry, "R03", "0600");
        BankFileRailTest.bankSends("returns-" + trace + ".ach", returns);
        poll();
        JsonPath returned = transaction(payout);
        assertEquals("FAILED", returned.getString("status"));
        assertEquals("ACCOUNT_INVALID", returned.getString("failureReason"), "R03: no account, or it could not be located");
        assertEquals("COMPLETED", returned.getString("refund.status"));
        assertEquals(10_000, MoneyFixtures.balance(customer.usd()), "refunded exactly");
        assertEquals(List.of("OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.COMPLETED",
                "OUTGOING_PAYMENT.FAILED", "OUTGOING_PAYMENT.REFUND_PENDING", "OUTGOING_PAYMENT.REFUND_COMPLETED"), eventsAbout(payout));

        long entries = count("SELECT count(*) FROM ledger_entries");
        BankFileRailTest.bankSends("returns-repeat-" + trace + ".ach", returns);
        BankFileRailTest.bankSends("returns-resent-" + trace + ".ach", returnFile(trace, entry, "R03", "0615"));
        poll();
        assertEquals(entries, count("SELECT count(*) FROM ledger_entries"), "the same file again, and the same return in a new file, book nothing");
        assertEquals(10_000, MoneyFixtures.balance(customer.usd()));
        assertLedgerClean();
    }

    @Test
    void aBai2StatementReconcilesAnAchFileBookedAsOneDebitAndShowsAFeeTheLedgerLacks() throws Throwable {
        Customer customer = fundedUsdCustomer(10_000);
        String bank = MoneyFixtures.externalUsdAccount(customer.id(), "11");
        String payout = api().body(MoneyFixtures.transferBody(customer.usd(), bank, 1_700)).post("/quotes").then().statusCode(201)
                .extract().path("transactionId");
        assertTrue(cutOff() >= 1);
        String trace = traceOf(payout);
        LocalDate today = LocalDate.now(ZoneId.of("America/New_York"));
        assertTrue(settleDue(AchCalendar.nextBankingDay(today)) >= 1);
        String fileId = pool.preparedQuery("SELECT batch_id FROM bank_payouts WHERE end_to_end_id = $1").execute(io.vertx.mutiny.sqlclient.Tuple.of(trace))
                .await().indefinitely().iterator().next().getString(0);
        long fileTotal = count("SELECT sum(amount) FROM bank_payouts WHERE batch_id = '" + fileId + "'");

        // The US bank's end-of-day BAI2 report: the file as one ACH debit naming it, and a fee nobody booked (the bank's own code 901, a debit as configured).
        long opening = 10_000_000;
        String statement = bai2(trace.substring(8), today, opening, opening - fileTotal - 150, List.of(
                "16,455," + fileTotal + ",0,BAI-" + trace + "," + fileId + ",ACH SETTLEMENT",
                "16,901,150,0,FEE-" + trace + ",,ACCOUNT ANALYSIS FEE"));
        BankFileRailTest.bankSends("bai2-" + trace + ".txt", statement);
        poll();
        String statementId = "BAI2-" + NachaFile.date(today) + "-" + trace.substring(8) + "-1";
        String report = payments.TestSupport.operationsDesk().queryParam("limit", "100").get("/bank-statements").then().statusCode(200)
                .extract().path("data.find { it.statementId == '" + statementId + "' }.id");
        List<Map<String, Object>> lines = payments.TestSupport.operationsDesk().queryParam("limit", "100")
                .get("/bank-statements/" + report + "/lines").then().statusCode(200).extract().path("data");
        Map<String, Object> batchLine = lines.stream().filter(l -> ("batch " + fileId).equals(l.get("matchedOn"))).findFirst().orElseThrow();
        assertEquals("MATCHED", batchLine.get("status"), String.valueOf(lines));
        assertEquals(-fileTotal, ((Number) batchLine.get("bankAmount")).longValue());
        Map<String, Object> fee = lines.stream().filter(l -> ((Number) l.get("bankAmount")).longValue() == -150).findFirst().orElseThrow();
        assertEquals("BANK_ONLY", fee.get("status"), "a fee the ledger never booked is shown, not booked");

        BankFileRailTest.bankSends("bai2-resent-" + trace + ".txt", statement.replace("0900,", "0905,"));
        BankFileRailTest.bankSends("bai2-altered-" + trace + ".txt", statement.replace("16,901,150,", "16,901,151,"));
        poll();
        assertEquals(1, count("SELECT count(*) FROM bank_statements WHERE statement_id = '" + statementId + "'"), "the same report again adds nothing");
        assertEquals(1, count("SELECT count(*) FROM bank_files_received WHERE file_name = 'bai2-altered-" + trace + ".txt'"
                + " AND status = 'QUARANTINED'"), "a file whose control totals disagree is refused whole");
        assertLedgerClean();
    }

    /** A BAI2 file with one account section of {@code details} (16 records), its totals and counts computed. */
    private static String bai2(String fileId, LocalDate asOf, long opening, long closing, List<String> details) {
        long total = opening + closing + details.stream().mapToLong(d -> Long.parseLong(d.split(",")[2])).sum();
        String date = NachaFile.date(asOf);
        return String.join("\n", List.of("01,091000019," + SftpBank.ACH_ODFI + "," + date + ",0900," + fileId + ",,,2/",
                "02,123456789,091000019,1," + date + ",,USD,2/",
                "03,000123456789,USD,010," + opening + ",,,015," + closing + ",,/",
                String.join("\n", details),
                "49," + total + "," + (details.size() + 2) + "/",
                "98," + total + ",1," + (details.size() + 4) + "/",
                "99," + total + ",1," + (details.size() + 6) + "/")) + "\n";
    }

    @Test
    void aNotificationOfChangeCorrectsTheAccountForTheNextPaymentAndIsKept() throws Throwable {
        Customer customer = fundedUsdCustomer(5_000);
        String bank = MoneyFixtures.externalUsdAccount(customer.id(), "22");
        String first = api().body(MoneyFixtures.transferBody(customer.usd(), bank, 1_000)).post("/quotes").then().statusCode(201)
                .extract().path("transactionId");
        cutOff();
        String trace = traceOf(first);
        NachaFile.Entry sent = entryTraced(batchHolding(NachaFile.read(pickUp(trace)), trace), trace);

        // C06: the account number and the account type (32: savings) are wrong.
        String corrected = "99887766554";
        NachaFile.Entry notice = new NachaFile.Entry("21", "021000021", sent.accountNumber(), 0, sent.individualIdentification(),
                sent.individualName(), "", "091000030000001", List.of(new NachaFile.Change("C06", trace, "02100002",
                String.format("%-17s   %s", corrected, "32"), "091000030000001")));
        BankFileRailTest.bankSends("noc-" + trace + ".ach", NachaFile.write(bankHeader(), List.of(bankBatch("COR", List.of(notice)))));
        poll();

        UUID account = UUID.fromString(bank.substring(bank.indexOf(':') + 1));
        String info = pool.preparedQuery("SELECT account_info FROM external_accounts WHERE id = $1").execute(Tuple.of(account))
                .await().indefinitely().iterator().next().getString(0);
        assertTrue(info.contains("\"accountNumber\":\"" + corrected + "\""), info);
        assertTrue(info.contains("\"bankAccountType\":\"SAVINGS\""), info);
        var audit = pool.preparedQuery("SELECT change_code, applied, changes, original_trace FROM external_account_changes"
                + " WHERE external_account_id = $1").execute(Tuple.of(account)).await().indefinitely().iterator().next();
        assertEquals("C06", audit.getString(0));
        assertTrue(audit.getBoolean(1));
        assertTrue(audit.getString(2).contains("*******6554") && !audit.getString(2).contains(corrected), "masked: " + audit.getString(2));
        assertEquals(trace, audit.getString(3));
        assertEquals("COMPLETED".equals(transaction(first).getString("status")) ? "COMPLETED" : "PROCESSING",
                transaction(first).getString("status"), "a notification of change moves no money");

        String second = api().body(MoneyFixtures.transferBody(customer.usd(), bank, 500)).post("/quotes").then().statusCode(201)
                .extract().path("transactionId");
        cutOff();
        String secondTrace = traceOf(second);
        NachaFile.Entry next = entryTraced(batchHolding(NachaFile.read(pickUp(secondTrace)), secondTrace), secondTrace);
        assertEquals(corrected, next.accountNumber(), "the next payment goes to the corrected account");
        assertEquals("32", next.transactionCode(), "a savings account credited");
        assertEquals(5_000 - 1_500, MoneyFixtures.balance(customer.usd()));
        assertLedgerClean();
    }

    /**
     * A RULE_BASED account's deposit swept to the holder's verified bank account leaves as an ACH
     * payout from the holder's own account (issue 50 item 4); when the payout cannot be made the
     * own account keeps the deposit (SWEEP_QUOTE_FAILED), and a return refunds the own account.
     */
    @Test
    void aRuleBasedDepositIsSweptToTheHoldersBankAccountAsAnAchPayout() throws Throwable {
        Customer customer = BankFileRailTest.approvedCustomer();
        String bank = MoneyFixtures.externalUsdAccount(customer.id(), "33");
        Map<String, Object> rule = Map.of("type", "RULE_BASED", "currency", "USD", "customerId", customer.id(),
                "sweepRule", Map.of("destinationAccountId", bank, "payerReference", "ACME PAYROLL"));
        String ruleBased = api().body(rule).post("/internal-accounts").then().statusCode(201).extract().path("id");
        for (int i = 0; i < 100 && !"ACTIVE".equals(api().get("/internal-accounts/" + ruleBased).then().extract().path("status")); i++) {
            Thread.sleep(100);
        }
        long rail = usdRail();

        String deposit = depositInto(customer, ruleBased, 4_200);
        JsonPath swept = transaction(deposit);
        assertEquals("COMPLETED", swept.getString("status"), swept.prettify());
        assertEquals(bank, swept.getString("destination.accountId"));
        assertEquals(0, MoneyFixtures.balance(ruleBased), "a RULE_BASED account holds nothing");
        assertEquals(0, MoneyFixtures.balance(customer.usd()), "the holder's own account paid it out at once");
        assertEquals(rail - 4_200, usdRail(), "the deposit came from the bank; the payout has not settled");
        String payout = "Transaction:" + pool.preparedQuery("SELECT transaction_id FROM bank_payouts WHERE external_account_id = $1")
                .execute(Tuple.of(UUID.fromString(bank.substring(bank.indexOf(':') + 1)))).await().indefinitely().iterator().next().getUUID(0);
        JsonPath out = transaction(payout);
        assertEquals("ACH", out.getString("paymentRail"));
        assertEquals(customer.usd(), out.getString("source.accountId"));
        assertEquals("PROCESSING", out.getString("status"));
        cutOff();
        String trace = traceOf(payout);
        NachaFile.Entry entry = entryTraced(batchHolding(NachaFile.read(pickUp(trace)), trace), trace);
        assertEquals(4_200, entry.amount());
        assertTrue(settleDue(LocalDate.now().plusDays(10)) >= 1);
        assertEquals("COMPLETED", transaction(payout).getString("status"));
        long settled = usdRail();

        BankFileRailTest.bankSends("sweep-returned-" + trace + ".ach", returnFile(trace, entry, "R02", "0700"));
        poll();
        assertEquals("FAILED", transaction(payout).getString("status"));
        assertEquals(4_200, MoneyFixtures.balance(customer.usd()), "a returned sweep lands in the holder's own account");
        assertEquals(settled - 4_200, usdRail(), "the returned money came back from the bank");

        // A payout the rail refuses when quoting (the account's routing number went bad): the own account keeps the deposit.
        pool.preparedQuery("UPDATE external_accounts SET account_info = replace(account_info, '021000021', '021000022') WHERE id = $1")
                .execute(Tuple.of(UUID.fromString(bank.substring(bank.indexOf(':') + 1)))).await().indefinitely();
        String refused = depositInto(customer, ruleBased, 1_300);
        JsonPath kept = transaction(refused);
        assertEquals("FAILED", kept.getString("status"));
        assertEquals("SWEEP_QUOTE_FAILED", kept.getString("failureReason"));
        assertEquals(customer.usd(), kept.getString("destination.accountId"));
        assertEquals(4_200 + 1_300, MoneyFixtures.balance(customer.usd()));
        assertEquals(0, MoneyFixtures.balance(ruleBased));
        assertLedgerClean();
    }

    private long usdRail() {
        return count("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE system_account = 'RAIL' AND currency = 'USD'");
    }

    private String depositInto(Customer customer, String accountId, long amount) throws Throwable {
        UUID id = UUID.fromString(accountId.substring(accountId.indexOf(':') + 1));
        String platformCustomerId = api().get("/customers/" + customer.id()).then().extract().path("platformCustomerId");
        return VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(() -> InternalAccount.<InternalAccount>findById(id)
                .flatMap(account -> deposits.credit(new Deposits.Deposit(account, platformCustomerId, amount, Journal.SystemAccount.RAIL,
                        "REALTIME_FUNDING", "Bank transfer", "Bank transfer", null))))).wireId();
    }

    @Test
    void aChangeOrReturnForAnEntryThisServerNeverSentIsParked() throws Throwable {
        NachaFile.Entry stranger = new NachaFile.Entry("21", "021000021", "12345", 700, "", "NOBODY", "", "091000010000099",
                List.of(new NachaFile.Return("R01", "021000029999999", null, "02100002", "", "091000010000099")));
        NachaFile.Entry change = new NachaFile.Entry("21", "021000021", "12345", 0, "", "NOBODY", "", "091000010000098",
                List.of(new NachaFile.Change("C01", "021000029999998", "02100002", "55555", "091000010000098")));
        long before = count("SELECT count(*) FROM bank_unmatched WHERE end_to_end_id IN ('021000029999999', '021000029999998')");
        BankFileRailTest.bankSends("strangers.ach", NachaFile.write(bankHeader(), List.of(bankBatch("PPD", List.of(stranger)), bankBatch("COR", List.of(change)))));
        poll();
        assertEquals(before + 2, count("SELECT count(*) FROM bank_unmatched WHERE end_to_end_id IN ('021000029999999', '021000029999998')"
                + " AND kind IN ('RETURN_UNKNOWN', 'CHANGE_UNKNOWN')"));
        assertLedgerClean();
    }

    @Test
    void aMalformedNachaFileIsQuarantinedWithNothingBooked() throws Throwable {
        NachaFile.Entry stranger = new NachaFile.Entry("21", "021000021", "12345", 700, "", "NOBODY", "", "091000010000097",
                List.of(new NachaFile.Return("R01", "021000029999997", null, "02100002", "", "091000010000097")));
        String file = NachaFile.write(bankHeader(), List.of(bankBatch("PPD", List.of(stranger))));
        String tampered = file.replaceFirst("0000000700", "0000000800");
        long entries = count("SELECT count(*) FROM ledger_entries");
        BankFileRailTest.bankSends("tampered.ach", tampered);
        poll();
        assertEquals(entries, count("SELECT count(*) FROM ledger_entries"));
        assertEquals(1, count("SELECT count(*) FROM bank_files_received WHERE file_name = 'tampered.ach' AND status = 'QUARANTINED'"
                + " AND detail LIKE 'Not a valid NACHA file%'"));
    }

    // ---- the platform's side -------------------------------------------------------------------

    @Test
    void aPullFromTheHoldersBankAccountIsAnAchDebitCreditedOnItsDateAndClawedBackWhenReturned() throws Throwable {
        Customer customer = BankFileRailTest.approvedCustomer();
        String bank = MoneyFixtures.externalUsdAccount(customer.id(), "11");
        Map<String, Object> pull = MoneyFixtures.transferBody(bank, customer.usd(), 5_000);
        api().body(pull).post("/quotes").then().statusCode(400).body("code", equalTo("EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED"));

        // ACH checks no names: the compliance staff record the check they made out of band.
        String check = "/compliance/external-accounts/" + bank + "/holder-name-check";
        api().body(Map.of("result", "MATCHED", "reason", "x")).post(check).then().statusCode(403);
        payments.TestSupport.complianceDesk().body(Map.of("result", "MAYBE")).post(check).then().statusCode(400)
                .body("details.errors.field", org.hamcrest.Matchers.containsInAnyOrder("result", "reason"));
        payments.TestSupport.complianceDesk().body(Map.of("result", "MATCHED", "reason", "Bank letter of 2026-11-20 names the holder"))
                .post(check).then().statusCode(200).body("beneficiaryVerificationStatus", equalTo("MATCHED"))
                .body("decidedBy", org.hamcrest.Matchers.startsWith("BASIC:Token:"));
        assertEquals("MATCHED", api().get("/customers/external-accounts/" + bank).then().statusCode(200).extract()
                .path("beneficiaryVerificationStatus"));

        String payment = api().body(pull).post("/quotes").then().statusCode(201).extract().path("transactionId");
        assertEquals("PROCESSING", transaction(payment).getString("status"));
        assertEquals(0, MoneyFixtures.balance(customer.usd()), "nothing credited before the debit settles");
        assertTrue(cutOff() >= 1);
        String trace = traceOf(payment);
        NachaFile.Batch batch = batchHolding(NachaFile.read(pickUp(trace)), trace);
        assertEquals("225", batch.serviceClassCode(), "a batch of debits");
        assertEquals("WEB", batch.standardEntryClassCode(), "a person's authorization given online");
        NachaFile.Entry entry = entryTraced(batch, trace);
        assertEquals("27", entry.transactionCode(), "a checking account debited");
        assertEquals(5_000, entry.amount());

        LocalDate effective = LocalDate.parse(batch.effectiveEntryDate(), java.time.format.DateTimeFormatter.ofPattern("yyMMdd"));
        assertEquals(0, settleDue(effective.minusDays(1)));
        assertTrue(settleDue(effective) >= 1);
        assertEquals("COMPLETED", transaction(payment).getString("status"));
        assertEquals(5_000, MoneyFixtures.balance(customer.usd()), "credited on the debit's settlement");

        // The holder spends 30.00 of it, then their bank returns the debit (R01, insufficient funds).
        api().body(MoneyFixtures.transferBody(customer.usd(), bank, 3_000)).post("/quotes").then().statusCode(201);
        assertEquals(2_000, MoneyFixtures.balance(customer.usd()));
        long suspense = count("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE system_account = 'SUSPENSE' AND currency = 'USD'");
        String returns = returnFile(trace, entry, "R01", "0700");
        BankFileRailTest.bankSends("returns-" + trace + ".ach", returns);
        poll();
        JsonPath returned = transaction(payment);
        assertEquals("FAILED", returned.getString("status"));
        assertEquals("COLLECTION_FAILED", returned.getString("failureReason"), "the interface's reason for an incoming payment whose collection failed");
        assertEquals(0, MoneyFixtures.balance(customer.usd()), "clawed back as far as the account has it");
        assertEquals(suspense - 3_000, count("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE system_account = 'SUSPENSE'"
                + " AND currency = 'USD'"), "what was spent is owed: out of SUSPENSE for a person to recover");
        assertEquals(List.of("INCOMING_PAYMENT.COMPLETED", "INCOMING_PAYMENT.FAILED"), eventsAbout(payment));

        BankFileRailTest.bankSends("returns-twice-" + trace + ".ach", returnFile(trace, entry, "R01", "0715"));
        poll();
        assertEquals(0, MoneyFixtures.balance(customer.usd()), "the same return again takes nothing more");
        assertLedgerClean();
    }

    @Test
    void twoPullsReturnedInOneFileAreClawedBackTogetherAsFarAsTheAccountHasThem() throws Throwable {
        Customer customer = BankFileRailTest.approvedCustomer();
        String bank = MoneyFixtures.externalUsdAccount(customer.id(), "11");
        payments.TestSupport.complianceDesk().body(Map.of("result", "MATCHED", "reason", "Bank letter"))
                .post("/compliance/external-accounts/" + bank + "/holder-name-check").then().statusCode(200);
        String first = api().body(MoneyFixtures.transferBody(bank, customer.usd(), 3_000)).post("/quotes").then().statusCode(201)
                .extract().path("transactionId");
        String second = api().body(MoneyFixtures.transferBody(bank, customer.usd(), 2_000)).post("/quotes").then().statusCode(201)
                .extract().path("transactionId");
        assertTrue(cutOff() >= 1);
        assertTrue(settleDue(LocalDate.now().plusDays(10)) >= 2);
        assertEquals(5_000, MoneyFixtures.balance(customer.usd()));
        api().body(MoneyFixtures.transferBody(customer.usd(), bank, 4_000)).post("/quotes").then().statusCode(201);
        long suspense = count("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE system_account = 'SUSPENSE' AND currency = 'USD'");

        String firstTrace = traceOf(first);
        String secondTrace = traceOf(second);
        NachaFile.Batch batch = batchHolding(NachaFile.read(pickUp(firstTrace)), firstTrace);
        // Traced by another bank than the other tests' returns: its trace numbers are its own.
        NachaFile.Entry a = returnOf(firstTrace, entryTraced(batch, firstTrace), "R01", "09100002");
        NachaFile.Entry b = returnOf(secondTrace, entryTraced(batchHolding(NachaFile.read(pickUp(secondTrace)), secondTrace), secondTrace), "R01",
                "09100002");
        BankFileRailTest.bankSends("returns-both-" + firstTrace + ".ach", NachaFile.write(bankHeader("0800"),
                List.of(bankBatch("WEB", List.of(a, b)))));
        poll();
        assertEquals("FAILED", transaction(first).getString("status"));
        assertEquals("FAILED", transaction(second).getString("status"), "the second return reads the balance the first left");
        assertEquals(0, MoneyFixtures.balance(customer.usd()));
        assertEquals(suspense - 4_000, count("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE system_account = 'SUSPENSE'"
                + " AND currency = 'USD'"), "the 40.00 spent is owed");
        assertLedgerClean();
    }

    /** An approved customer whose USD account took a bank deposit of {@code amount} cents. */
    private Customer fundedUsdCustomer(long amount) throws Throwable {
        Customer customer = BankFileRailTest.approvedCustomer();
        UUID usd = UUID.fromString(customer.usd().substring(customer.usd().indexOf(':') + 1));
        String platformCustomerId = api().get("/customers/" + customer.id()).then().extract().path("platformCustomerId");
        VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(() -> InternalAccount.<InternalAccount>findById(usd)
                .flatMap(account -> deposits.credit(new Deposits.Deposit(account, platformCustomerId, amount, Journal.SystemAccount.RAIL,
                        "REALTIME_FUNDING", "Bank transfer", "Bank transfer", null)))));
        assertEquals(amount, MoneyFixtures.balance(customer.usd()));
        return customer;
    }

    private static JsonPath transaction(String id) {
        return RailChecks.transaction(id);
    }

    private String traceOf(String transactionId) {
        return pool.preparedQuery("SELECT end_to_end_id FROM bank_payouts WHERE transaction_id = $1 AND format = 'NACHA'")
                .execute(Tuple.of(UUID.fromString(transactionId.substring(transactionId.indexOf(':') + 1)))).await().indefinitely()
                .iterator().next().getString(0);
    }

    private List<String> eventsAbout(String transactionId) {
        return RailChecks.eventsAbout(pool, transactionId);
    }

    private long count(String sql) {
        return pool.query(sql).execute().await().indefinitely().iterator().next().getLong(0);
    }

    private void assertLedgerClean() throws Throwable {
        payments.ledger.LedgerAudit.AuditReport report = VertxContextSupport.subscribeAndAwait(() -> audit.run());
        assertTrue(report.clean(), report::toString);
    }

    private int cutOff() throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> outbox.cutOff());
    }

    private int settleDue(LocalDate asOf) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> outbox.settleDue(asOf));
    }

    private int poll() throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> inbox.poll());
    }

    // ---- the bank's side -----------------------------------------------------------------------

    /** The ACH file in the outbox that carries the entry traced {@code trace}. */
    private static String pickUp(String trace) throws IOException {
        try (var files = Files.list(BankFileRailTest.folder("outbox"))) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("ACH.")).toList()) {
                String content = Files.readString(file);
                if (content.contains(trace)) {
                    return content;
                }
            }
        }
        throw new AssertionError("No ACH file in the outbox carries " + trace);
    }

    private static NachaFile.Batch batchHolding(NachaFile.Read file, String trace) {
        return file.batches().stream().filter(batch -> batch.entries().stream().anyMatch(e -> e.traceNumber().equals(trace)))
                .findFirst().orElseThrow();
    }

    private static NachaFile.Entry entryTraced(NachaFile.Batch batch, String trace) {
        return batch.entries().stream().filter(e -> e.traceNumber().equals(trace)).findFirst().orElseThrow();
    }

    /**
     * The receiving bank returns the entry for {@code code}: a return entry (21 for a checking credit, 26 for a checking
     * debit: its code less one) with an addenda 99 naming the original trace.
     */
    private static String returnFile(String trace, NachaFile.Entry original, String code, String createdAt) {
        NachaFile.Entry returned = returnOf(trace, original, code);
        return NachaFile.write(bankHeader(createdAt), List.of(bankBatch(returned.debit() ? "WEB" : "PPD", List.of(returned))));
    }

    private static NachaFile.Entry returnOf(String trace, NachaFile.Entry original, String code) {
        return returnOf(trace, original, code, "09100001");
    }

    /** A return entry traced by the returning bank's {@code prefix} (its routing number's first 8 digits). */
    private static NachaFile.Entry returnOf(String trace, NachaFile.Entry original, String code, String prefix) {
        String returnTrace = prefix + trace.substring(8);
        return new NachaFile.Entry(String.valueOf(Integer.parseInt(original.transactionCode()) - 1), original.receivingDfi(),
                original.accountNumber(), original.amount(), original.individualIdentification(), original.individualName(), "", returnTrace,
                List.of(new NachaFile.Return(code, trace, null, original.receivingDfi().substring(0, 8), "", returnTrace)));
    }

    private static NachaFile.Header bankHeader() {
        return bankHeader("0600");
    }

    private static NachaFile.Header bankHeader(String createdAt) {
        return new NachaFile.Header(" " + SftpBank.ACH_ODFI, " 091000019", "261130", createdAt, "A", "Example Platform", "Example Bank", "");
    }

    private static NachaFile.Batch bankBatch(String entryClass, List<NachaFile.Entry> entries) {
        return new NachaFile.Batch(entries.get(0).debit() ? "225" : "220", "Example Platform", "", "1234567890", entryClass, "PAYOUT", "", "261130", "1", "09100001", "1", entries);
    }
}
