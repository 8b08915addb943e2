package payments.bankfile.nacha;

import org.junit.jupiter.api.Test;
import payments.bankfile.nacha.NachaFile.Batch;
import payments.bankfile.nacha.NachaFile.Entry;
import payments.bankfile.nacha.NachaFile.Header;
import payments.transaction.FailureReason;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Against published example files (moov-io/ach's test data, Apache-2.0; see NOTICE) and back. */
class NachaFileTest {

    private static final Header FED = new Header(" 031300012", "0231380104", "190816", "1055", "A", "Federal Reserve Bank", "My Bank Name",
            "12345678");

    @Test
    void writesThePublishedCreditAndDebitFilesCharacterForCharacter() throws IOException {
        Batch credit = new Batch("220", "Name on Account", "", "231380104", "PPD", "REG.SALARY", "", "190816", "1", "12104288", "1",
                List.of(new Entry("22", "231380104", "987654321", 100_000_000, "", "Credit Account 1", "", "121042880000002", List.of())));
        assertEquals(published("ppd-credit.ach"), withoutFinalNewline(NachaFile.write(FED, List.of(credit))));

        Batch debits = new Batch("225", "Name on Account", "", "231380104", "CCD", "Vndr Pay", "", "190816", "1", "03130001", "1", List.of(
                new Entry("27", "231380104", "744-5678-99", 500_000, "location1234567", "Best Co. #123456789012", "S", "031300010000001", List.of()),
                new Entry("27", "231380104", "744-5678-99", 125, "Fee123456789012", "Best Co. #123456789012", "S", "031300010000002", List.of())));
        assertEquals(published("ccd-debit.ach"), withoutFinalNewline(NachaFile.write(FED, List.of(debits))));
    }

    @Test
    void readsThePublishedFilesEntriesAndControls() throws IOException {
        NachaFile.Read credit = NachaFile.read(published("ppd-credit.ach"));
        assertEquals(" 031300012", credit.header().immediateDestination());
        Entry entry = credit.batches().get(0).entries().get(0);
        assertEquals("PPD", credit.batches().get(0).standardEntryClassCode());
        assertEquals("231380104", entry.receivingDfi());
        assertEquals("987654321", entry.accountNumber());
        assertEquals(100_000_000, entry.amount());
        assertFalse(entry.debit());

        List<Entry> debits = NachaFile.read(published("ccd-debit.ach")).batches().get(0).entries();
        assertEquals(List.of(500_000L, 125L), debits.stream().map(Entry::amount).toList());
        assertTrue(debits.stream().allMatch(Entry::debit));
    }

    @Test
    void aReturnFileGivesEachReturnsReasonAndTheEntryItReturns() throws IOException {
        NachaFile.Read returns = NachaFile.read(published("return-WEB.ach"));
        assertEquals(2, returns.batches().size());
        List<NachaFile.Return> found = returns.batches().stream().flatMap(batch -> batch.entries().stream())
                .map(entry -> (NachaFile.Return) entry.addenda().get(0)).toList();
        assertEquals(List.of("R01", "R03"), found.stream().map(NachaFile.Return::reasonCode).toList());
        assertEquals("091400600000001", found.get(0).originalTrace());
        assertEquals(FailureReason.ACCOUNT_CANNOT_RECEIVE, AchCodes.returned("R01"), "insufficient funds");
        assertEquals(FailureReason.ACCOUNT_INVALID, AchCodes.returned("R03"), "no account");
        assertEquals(FailureReason.QUOTE_EXECUTION_FAILED, AchCodes.returned("R61"), "a misrouted return: not the payee's doing");
    }

    @Test
    void aNotificationOfChangeGivesTheCorrectedDetails() throws IOException {
        Entry noc = NachaFile.read(published("cor-example.ach")).batches().get(0).entries().get(0);
        NachaFile.Change change = (NachaFile.Change) noc.addenda().get(0);
        assertEquals("C01", change.changeCode());
        assertEquals("121042880000001", change.originalTrace());
        assertEquals(Map.of(AchCodes.ACCOUNT_NUMBER, "1918171614"), AchCodes.corrections("C01", change.correctedData()).orElseThrow());
        assertEquals(Map.of(AchCodes.ROUTING_NUMBER, "021000021", AchCodes.ACCOUNT_NUMBER, "12345678901", AchCodes.TRANSACTION_CODE, "32"),
                AchCodes.corrections("C07", "02100002112345678901      32").orElseThrow());
        assertEquals(Map.of(AchCodes.ROUTING_NUMBER, "021000021", AchCodes.ACCOUNT_NUMBER, "987654"),
                AchCodes.corrections("C03", "021000021   987654").orElseThrow());
        assertTrue(AchCodes.corrections("C14", "x").isEmpty());
        assertTrue(AchCodes.isReturnCode("R01") && AchCodes.isReturnCode("R85"));
        assertFalse(AchCodes.isReturnCode("R00") || AchCodes.isReturnCode("R86") || AchCodes.isReturnCode("C01"));
    }

    @Test
    void whatItWritesItReadsBackWithRemittanceAddendaAndFullBlocks() {
        List<Entry> entries = new java.util.ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            entries.add(new Entry("22", "021000021", "12345678" + i, 1000L * i, "TX" + i, "Payee " + i, "",
                    String.format("12104288%07d", i), List.of(new NachaFile.Remittance("Invoice " + i))));
        }
        Batch batch = new Batch("220", "Example Platform", "", "1234567890", "CCD", "PAYOUT", "", "261130", "1", "12104288", "1", entries);
        String written = NachaFile.write(FED, List.of(batch));
        List<String> lines = written.lines().toList();
        assertEquals(20, lines.size(), "1 + 1 + 12 + 1 + 1 records, padded to two blocks of ten");
        assertTrue(lines.stream().allMatch(line -> line.length() == NachaLayout.LENGTH));
        assertTrue(lines.get(3).startsWith("705Invoice 1"), lines.get(3));
        assertTrue(lines.get(3).endsWith("00010000001"), "addenda 1 of entry 0000001: " + lines.get(3));
        NachaFile.Read read = NachaFile.read(written);
        assertEquals(entries, read.batches().get(0).entries());
        assertEquals("9000001000002000000120012600012000000000000000000021000", lines.get(15).substring(0, 55),
                "1 batch, 2 blocks, 12 records, hash 6 x 02100002, no debits, 210.00 credited");
    }

    @Test
    void aFileWhoseControlsDoNotAddUpIsRefusedWithEveryProblem() throws IOException {
        String tampered = published("ppd-credit.ach").replace("987654321        0100000000", "987654321        0100000001");
        NachaFile.Invalid invalid = assertThrows(NachaFile.Invalid.class, () -> NachaFile.read(tampered));
        assertEquals(2, invalid.problems().size(), invalid.problems().toString());
        assertTrue(invalid.problems().get(0).contains("(batch 0000001) states credit total 100000000; its records add up to 100000001"),
                invalid.problems().toString());
        assertTrue(invalid.problems().get(1).contains("(file) states credit total"), invalid.problems().toString());

        String cut = published("ppd-credit.ach").replace("Credit Account 1        0121042880000002", "Credit Account 1");
        assertTrue(assertThrows(NachaFile.Invalid.class, () -> NachaFile.read(cut)).problems().get(0)
                .contains("line 3 is 70 characters long, not 94"));
        assertThrows(NachaFile.Invalid.class, () -> NachaFile.read("not a file"));
    }

    @Test
    void aFileOutOfShapeIsRefusedNamingWhat() throws IOException {
        String credit = published("ppd-credit.ach");
        String unclosed = credit.replace("82200000010023138010000000000000000100000000231380104                          121042880000001\n", "");
        assertTrue(problems(unclosed).stream().anyMatch(p -> p.contains("ends the file while batch 0000001 is still open")), problems(unclosed).toString());
        String negative = credit.replace("987654321        0100000000", "987654321        -100000000");
        assertTrue(problems(negative).stream().anyMatch(p -> p.contains("ENTRY_DETAIL.amount is not numeric")), problems(negative).toString());
        String blocks = credit.replace("9000001000001000000010023138010", "9000001000002000000010023138010");
        assertEquals(List.of("line 5 counts 2 blocks; the file has 1"), problems(blocks));
        String indicator = credit.replace("Credit Account 1        0121042880000002", "Credit Account 1        1121042880000002");
        assertEquals(List.of("the entry traced 121042880000002 says it has addenda; 0 follow"), problems(indicator));
        String renumbered = credit.replace("231380104                          121042880000001", "231380104                          121042880000002");
        assertEquals(List.of("line 4 (batch 0000001) states batchNumber 0000002; its header says 0000001"), problems(renumbered));
        String twoHeaders = credit.replace("5220Name", credit.substring(0, 95) + "5220Name");
        assertTrue(problems(twoHeaders).contains("line 2 is a second file header"), problems(twoHeaders).toString());
    }

    private static List<String> problems(String file) {
        return assertThrows(NachaFile.Invalid.class, () -> NachaFile.read(file)).problems();
    }

    @Test
    void aValueThatDoesNotFitItsFieldIsABugNotATruncation() {
        assertThrows(IllegalArgumentException.class, () -> NachaLayout.ENTRY_DETAIL.write(Map.of("amount", "12345678901")));
        assertThrows(IllegalArgumentException.class, () -> NachaLayout.ENTRY_DETAIL.write(Map.of("amount", "12.50")));
        assertThrows(IllegalArgumentException.class, () -> NachaLayout.ENTRY_DETAIL.write(Map.of("individualName", "Zo\u00eb")));
    }

    private static String published(String name) throws IOException {
        try (InputStream in = NachaFileTest.class.getResourceAsStream("/nacha/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
    }

    private static String withoutFinalNewline(String text) {
        return text.substring(0, text.length() - 1);
    }
}
