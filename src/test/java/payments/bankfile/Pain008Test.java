package payments.bankfile;

import com.prowidesoftware.swift.model.mx.MxPain00800108;
import org.junit.jupiter.api.Test;
import payments.account.MandateTerms;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pain.008 writer against its schema, TARGET2's calendar, and a mandate's terms. */
class Pain008Test {

    private static final IsoSchemas SCHEMAS = new IsoSchemas();
    private static final Pain008.Creditor PLATFORM = new Pain008.Creditor("Example Platform Ltd", "DE89370400440532013000", "COBADEFFXXX",
            "DE98ZZZ09999999999");

    @Test
    void collectionsAreWrittenOneBlockPerSequenceTypeAndPassTheSchema() throws Exception {
        Pain008.Collection first = new Pain008.Collection("E2E1", 4_000, "EUR", "Jane Payee", "FR1420041010050500013M02606", null,
                "MNDT-1", LocalDate.of(2026, 11, 1), "FRST", "Invoice 7");
        Pain008.Collection later = new Pain008.Collection("E2E2", 1_999, "EUR", "Jöhn Dœ", "DE89370400440532013000", "COBADEFFXXX",
                "MNDT-2", LocalDate.of(2025, 3, 4), "RCUR", null);
        String file = Pain008.write(new Pain008.Batch("D123", Instant.parse("2026-11-27T15:00:00Z"), LocalDate.of(2026, 11, 30), PLATFORM,
                List.of(later, first)));
        SCHEMAS.validate(file, MxPain00800108.class, MxPain00800108._classes);
        assertEquals(2, file.split("<PmtInf>").length - 1, file);
        assertTrue(file.contains("<PmtInfId>D123-FRST</PmtInfId>") && file.contains("<PmtInfId>D123-RCUR</PmtInfId>"), file);
        assertTrue(file.contains("<CtrlSum>59.99</CtrlSum>"), file);
        assertTrue(file.contains("<Cd>CORE</Cd>") && file.contains("<Cd>SEPA</Cd>"), file);
        assertTrue(file.contains("<Id>NOTPROVIDED</Id>"), "a debtor bank known by the IBAN alone");
        assertFalse(file.contains("ö") || file.contains("œ"), "names in SEPA's character set");
        assertTrue(file.contains("<Ustrd>Invoice 7</Ustrd>"), file);
    }

    @Test
    void theBatchWriterTakesAnUnwritableCollectionOutAlone() {
        BankPayout good = BankPayout.probe(true);
        BankPayout broken = BankPayout.probe(true);
        broken.endToEndId = "1".repeat(32);
        broken.currency = "XXX1";
        BatchWriter.Written written = new BatchWriter(SCHEMAS, BatchWriter.Layout.pain008(PLATFORM, LocalDate.of(2026, 11, 30)))
                .write("D1", Instant.parse("2026-11-27T15:00:00Z"), List.of(good, broken));
        assertEquals(List.of(good), written.payouts());
        assertEquals(List.of(broken), List.copyOf(written.unwritable().keySet()));
        Pain008.Creditor brokenPlatform = new Pain008.Creditor("Platform", "DE89\u000b370400440532013000", null, "DE98ZZZ09999999999");
        assertThrows(IllegalStateException.class, () -> new BatchWriter(SCHEMAS, BatchWriter.Layout.pain008(brokenPlatform,
                LocalDate.of(2026, 11, 30))).write("D2", Instant.now(), List.of(good)), "the platform's fault: nothing leaves, nothing fails");
    }

    @Test
    void collectionsAreDueOnTheNextTarget2BusinessDay() {
        assertEquals(LocalDate.of(2026, 4, 5), TargetCalendar.easterSunday(2026));
        assertEquals(LocalDate.of(2027, 3, 28), TargetCalendar.easterSunday(2027));
        assertEquals(LocalDate.of(2026, 12, 1), TargetCalendar.collectionDate(LocalDate.of(2026, 11, 30)));
        assertEquals(LocalDate.of(2026, 11, 30), TargetCalendar.collectionDate(LocalDate.of(2026, 11, 27)), "Friday: Monday");
        assertEquals(LocalDate.of(2026, 12, 28), TargetCalendar.collectionDate(LocalDate.of(2026, 12, 24)), "past Christmas and a Sunday");
        assertEquals(LocalDate.of(2026, 4, 7), TargetCalendar.collectionDate(LocalDate.of(2026, 4, 2)), "past Good Friday and Easter Monday");
        assertEquals(LocalDate.of(2026, 5, 4), TargetCalendar.collectionDate(LocalDate.of(2026, 4, 30)), "1 May, a Friday");
        assertFalse(TargetCalendar.businessDay(LocalDate.of(2027, 1, 1)));
        java.util.Optional<java.time.LocalTime> cutOff = java.util.Optional.of(java.time.LocalTime.of(15, 0));
        assertEquals(LocalDate.of(2026, 12, 1), TargetCalendar.collectionDate(LocalDate.of(2026, 11, 30).atTime(14, 59), cutOff),
                "before the bank's cut-off: presented today, due tomorrow");
        assertEquals(LocalDate.of(2026, 12, 2), TargetCalendar.collectionDate(LocalDate.of(2026, 11, 30).atTime(15, 0), cutOff),
                "after it: presented tomorrow, due the day after");
        assertEquals(LocalDate.of(2026, 12, 1), TargetCalendar.collectionDate(LocalDate.of(2026, 11, 28).atTime(10, 0), cutOff),
                "built on a Saturday: presented Monday, due Tuesday");
        assertEquals(LocalDate.of(2026, 12, 1), TargetCalendar.collectionDate(LocalDate.of(2026, 11, 28).atTime(10, 0),
                java.util.Optional.empty()));
    }

    @Test
    void aMandateLapses36MonthsAfterItsLastCollection() {
        LocalDate signed = LocalDate.of(2022, 1, 10);
        assertFalse(MandateTerms.lapsed(signed, null, LocalDate.of(2025, 1, 10)));
        assertTrue(MandateTerms.lapsed(signed, null, LocalDate.of(2025, 1, 11)), "never collected: from its signature");
        assertFalse(MandateTerms.lapsed(signed, LocalDate.of(2024, 6, 1), LocalDate.of(2027, 6, 1)));
        assertTrue(MandateTerms.lapsed(signed, LocalDate.of(2024, 6, 1), LocalDate.of(2027, 6, 2)));
        assertEquals("FRST", MandateTerms.sequenceType(false));
        assertEquals("RCUR", MandateTerms.sequenceType(true));
    }
}
