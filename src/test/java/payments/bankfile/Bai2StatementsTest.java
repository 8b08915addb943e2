package payments.bankfile;

import org.junit.jupiter.api.Test;
import payments.bankfile.BankMessages.BankEvent;
import payments.bankfile.BankMessages.StatementEntry;
import payments.bankfile.BankMessages.StatementReported;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The BAI2 reader against the published examples (src/test/resources/bai2) and files altered from them. */
class Bai2StatementsTest {

    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");

    @Test
    void theSpecificationsExampleIsOneStatementWithOneCredit() throws Exception {
        String file = sample("spec-section3.txt");
        assertTrue(Bai2Statements.isBai2(file));
        List<BankEvent> events = Bai2Statements.read(file, NEW_YORK);
        assertEquals(1, events.size());
        StatementReported statement = (StatementReported) events.get(0);
        assertEquals("0975312468", statement.account());
        assertEquals("USD", statement.currency(), "no currency named: US dollars");
        assertEquals(500_000L, statement.opening());
        assertNull(statement.closing());
        assertEquals(LocalDate.of(2004, 6, 20).atTime(23, 59).atZone(NEW_YORK).toInstant(), statement.periodEnd());
        StatementEntry entry = statement.entries().get(0);
        assertFalse(entry.entry().debit(), "type 165: a credit");
        assertEquals(1_500_000, entry.entry().amount());
        assertEquals("DD1620", entry.entry().bankReference());
        assertEquals("DEALER PAYMENTS", entry.entry().remittance());
        assertNull(entry.entry().endToEndId());
    }

    @Test
    void aTwoDayFileIsTwoStatementsWithContinuedSummariesAndValueDates() throws Exception {
        List<BankEvent> events = Bai2Statements.read(sample("sample1.txt"), NEW_YORK);
        assertEquals(2, events.size());
        StatementReported first = (StatementReported) events.get(0);
        StatementReported second = (StatementReported) events.get(1);
        assertEquals("CAD", first.currency());
        assertEquals(11, first.entries().size());
        assertEquals(6, second.entries().size());
        assertEquals(List.of(true, true, true, false), first.entries().subList(0, 4).stream().map(e -> e.entry().debit()).toList());
        assertEquals(LocalDate.of(2006, 3, 16), first.entries().get(0).bookingDate(), "its value date");
        assertEquals("RETURNED CHEQUE", first.entries().get(0).entry().remittance());
        long credits = first.entries().stream().filter(e -> !e.entry().debit()).mapToLong(e -> e.entry().amount()).sum();
        assertEquals(208_500, credits, "as its total-credits summary (100) says");
        assertFalse(first.statementId().equals(second.statementId()), "one statement per account section");
        assertTrue(first.statementId().length() <= 35, first.statementId());
        assertEquals(Instant.parse("2006-03-18T05:00:00Z"), first.periodEnd(), "no as-of time: the end of the as-of day in New York");
    }

    @Test
    void aFileWhoseTotalsOrCountsDisagreeOrThatIsNotVersion2IsRefused() throws Exception {
        String file = sample("spec-section3.txt");
        assertRefused(file.replace("16,165,1500000", "16,165,1500001"), "control total");
        assertRefused(file.replace("49,72000000,3/", "49,72000000,4/"), "record count");
        assertRefused(file.replace("98,72000000,1,5/", "98,72000000,2,5/"), "number of accounts");
        assertRefused(file.replace(",,,2/\n02", ",,,3/\n02"), "version 2");
        assertRefused(file.replace("16,165,", "16,765,"), "neither a credit");
        assertRefused(file.replace("02,031001234,122099999,1,", "02,031001234,122099999,3,"), "update (1)");
        assertRefused(file.replace("99,72000000,1,7/\n", ""), "file trailer");
        String opening = "010,500000,,,";
        String withClosing = file.replace("03,0975312468,,010,500000,,,190,70000000,4,0/", "03,0975312468,,010,500000,,,015,2000001,,/")
                .replace("49,72000000,3/", "49,4000001,3/").replace("98,72000000", "98,4000001").replace("99,72000000", "99,4000001");
        assertTrue(withClosing.contains(opening));
        assertRefused(withClosing, "do not take the opening balance");
        String balanced = withClosing.replace("015,2000001", "015,2000000").replace("4000001", "4000000");
        assertEquals(2_000_000L, ((StatementReported) Bai2Statements.read(balanced, NEW_YORK).get(0)).closing());
    }

    @Test
    void aDetailsTextContinuesOverAContinuationRecordAndKeepsItsCommas() throws Exception {
        String file = sample("spec-section3.txt").replace("16,165,1500000,1,DD1620,, DEALER PAYMENTS\n",
                "16,475,1500000,0,DD1620,A123, DEALER, PAYMENTS\n88,MARCH\n").replace("49,72000000,3/", "49,72000000,4/")
                .replace("98,72000000,1,5/", "98,72000000,1,6/").replace("99,72000000,1,7/", "99,72000000,1,8/");
        StatementEntry entry = ((StatementReported) Bai2Statements.read(file, NEW_YORK).get(0)).entries().get(0);
        assertTrue(entry.entry().debit(), "type 475: a debit");
        assertEquals("DEALER, PAYMENTS MARCH", entry.entry().remittance());
        assertEquals("A123", entry.entry().endToEndId(), "the customer reference names what the bank booked");
        assertEquals("A123", entry.batchId());
    }

    @Test
    void aDetailContinuedBeforeItsTextKeepsItsReferencesAndInformationIsSkipped() throws Exception {
        String file = sample("spec-section3.txt").replace("16,165,1500000,1,DD1620,, DEALER PAYMENTS\n",
                "16,115,1500000,S,500000,500000,500000/\n88,AX13912,B1234,WIRE IN\n16,890,0,0,INFO1,,BALANCE AS OF 5PM\n")
                .replace("49,72000000,3/", "49,72000000,5/").replace("98,72000000,1,5/", "98,72000000,1,7/")
                .replace("99,72000000,1,7/", "99,72000000,1,9/");
        StatementReported statement = (StatementReported) Bai2Statements.read(file, NEW_YORK).get(0);
        assertEquals(1, statement.entries().size(), "the information detail (890) moves no money");
        StatementEntry entry = statement.entries().get(0);
        assertEquals("AX13912", entry.entry().bankReference());
        assertEquals("B1234", entry.entry().endToEndId());
        assertEquals("WIRE IN", entry.entry().remittance());
    }

    @Test
    void theSameAccountInTwoGroupsIsTwoStatementsAndAnInterimReportIsRefused() throws Exception {
        String group = "02,031001234,122099999,1,040620,2359,,2/\n03,0975312468,,010,500000,,,190,70000000,4,0/\n"
                + "16,165,1500000,1,DD1620,, DEALER PAYMENTS\n49,72000000,3/\n98,72000000,1,5/\n";
        String file = "01,122099999,123456789,040621,0200,1,,,2/\n" + group + group.replace("040620", "040621")
                + "99,144000000,2,12/\n";
        List<BankEvent> events = Bai2Statements.read(file, NEW_YORK);
        assertEquals(2, events.size());
        assertFalse(((StatementReported) events.get(0)).statementId().equals(((StatementReported) events.get(1)).statementId()));
        assertRefused(sample("spec-section3.txt").replace("040620,2359,,2/", "040620,1100,,3/"), "interim");
    }

    @Test
    void aBanksOwnCodesReadAsTheOperatorMapsThemAndOthersRefuseTheFile() throws Exception {
        String custom = sample("spec-section3.txt").replace("16,165,", "16,901,");
        assertRefused(custom, "SVC_ACH_BAI2_CUSTOM_CODES does not map it");
        StatementEntry asDebit = ((StatementReported) Bai2Statements.read(custom, NEW_YORK, Bai2Codes.parse("901:DEBIT, 950:skip")).get(0))
                .entries().get(0);
        assertTrue(asDebit.entry().debit(), "901 mapped to DEBIT");
        assertEquals(1_500_000, asDebit.entry().amount());
        StatementReported skipped = (StatementReported) Bai2Statements.read(custom, NEW_YORK, Bai2Codes.parse("901:SKIP")).get(0);
        assertTrue(skipped.entries().isEmpty(), "901 mapped to SKIP: information, no money");
        assertFalse(((StatementReported) Bai2Statements.read(custom, NEW_YORK, Bai2Codes.parse("901:CREDIT")).get(0)).entries().get(0)
                .entry().debit());
        // A mapping never overrides the standard ranges, and names what it cannot read.
        assertEquals(Bai2Codes.Kind.CREDIT, Bai2Codes.parse("901:DEBIT").kindOf(165));
        for (String bad : List.of("165:DEBIT", "890:CREDIT", "901:SIDEWAYS", "901", "9x1:CREDIT", "901:CREDIT,901:DEBIT")) {
            assertThrows(IllegalArgumentException.class, () -> Bai2Codes.parse(bad), bad);
        }
        assertEquals(Bai2Codes.STANDARD, Bai2Codes.parse(""));
    }

    private static void assertRefused(String file, String why) {
        IsoSchemas.InvalidMessage refused = assertThrows(IsoSchemas.InvalidMessage.class, () -> Bai2Statements.read(file, NEW_YORK), why);
        assertTrue(refused.getMessage().contains(why), refused.getMessage());
    }

    private static String sample(String name) throws IOException {
        try (InputStream in = Bai2StatementsTest.class.getResourceAsStream("/bai2/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
