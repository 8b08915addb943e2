package payments.bankfile;

import org.junit.jupiter.api.Test;
import payments.bankfile.BankMessages.BankEvent;
import payments.bankfile.BankMessages.EntryBooked;
import payments.bankfile.BankMessages.StatusReported;
import payments.bankfile.Pain001.Batch;
import payments.bankfile.Pain001.Debtor;
import payments.bankfile.Pain001.Payout;
import payments.transaction.FailureReason;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ISO 20022 files of the bank rail, written and read without a server. */
class BankMessagesTest {

    private final IsoSchemas schemas = new IsoSchemas();

    static final Debtor PLATFORM = new Debtor("Example Platform", "DE89370400440532013000", null, "COBADEFFXXX");

    @Test
    void aBatchIsASchemaValidCreditTransferInitiation() throws Exception {
        Batch batch = new Batch("B01JX3ZQ5N8Y", Instant.parse("2026-11-25T10:15:30.123Z"), PLATFORM, List.of(
                new Payout("0191a2b3c4d5e6f708192a3b4c5d6e7f", 12345, "EUR", "Jane Doe", "FR7630006000011234567890189", null,
                        "AGRIFRPPXXX", null, "REF-1"),
                new Payout("0191a2b3c4d5e6f708192a3b4c5d6e80", 500, "USD", "John Roe", null, "000123456789", null, "021000021", null),
                new Payout("0191a2b3c4d5e6f708192a3b4c5d6e81", 1000, "JPY", "Kenji", null, "1234567", null, null, null)));
        String xml = Pain001.write(batch);
        schemas.validate(xml, com.prowidesoftware.swift.model.mx.MxPain00100109.class,
                com.prowidesoftware.swift.model.mx.MxPain00100109._classes);
        assertTrue(xml.contains("urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"), xml);
        assertTrue(xml.contains("<NbOfTxs>3</NbOfTxs>"), xml);
        assertTrue(xml.contains("Ccy=\"EUR\">123.45<"), "minor units as the currency's decimals: " + xml);
        assertTrue(xml.contains("Ccy=\"USD\">5.00<"), xml);
        assertTrue(xml.contains("Ccy=\"JPY\">1000<"), "a currency without minor units: " + xml);
        assertTrue(xml.contains("<CtrlSum>1128.45</CtrlSum>"), xml);
        assertTrue(xml.contains("<ClrSysId><Cd>USABA</Cd></ClrSysId><MmbId>021000021</MmbId>")
                || xml.replaceAll("\\s+", "").contains("<ClrSysId><Cd>USABA</Cd></ClrSysId><MmbId>021000021</MmbId>"), xml);
        assertEquals(xml, Pain001.write(batch), "the same batch, the same file");
        assertTrue(xml.contains("<PmtInfId>B01JX3ZQ5N8Y-EUR</PmtInfId>"), xml);
        assertTrue(xml.contains("<BtchBookg>false</BtchBookg>"), "each payout booked on its own: " + xml);
        String longest = "B" + "0123456789abcdef0123456789abcdef";
        assertEquals(35, Pain001.paymentInformationId(longest, "USD").length());
        assertTrue(Pain001.write(new Batch(longest, batch.createdAt(), PLATFORM, batch.payouts()))
                .contains("<PmtInfId>" + Pain001.paymentInformationId(longest, "USD") + "</PmtInfId>"));
    }

    @Test
    void aFileThatBreaksTheSchemaIsRefused() {
        String good = Pain001.write(new Batch("B1", Instant.parse("2026-11-25T10:15:30Z"), PLATFORM, List.of(
                new Payout("E1", 100, "EUR", "Jane", "FR7630006000011234567890189", null, null, null, null))));
        for (String broken : List.of(
                good.replace("<CtrlSum>1.00</CtrlSum>", "<CtrlSum>one</CtrlSum>"),
                good.replaceFirst("(?s)<Dbtr>.*?</Dbtr>", ""),
                good.replace("<NbOfTxs>1</NbOfTxs>", "<Unknown>1</Unknown>"),
                good.replace("urn:iso:std:iso:20022:tech:xsd:pain.001.001.09", "urn:example"))) {
            assertTrue(!broken.equals(good), "the test breaks the file");
            assertThrows(IsoSchemas.InvalidMessage.class, () -> schemas.validate(broken,
                    com.prowidesoftware.swift.model.mx.MxPain00100109.class,
                    com.prowidesoftware.swift.model.mx.MxPain00100109._classes), broken);
        }
    }

    @Test
    void aStatusReportNamesRejectionsAndTheirReasons() throws Exception {
        List<BankEvent> events = BankMessages.read(BankFileSamples.pain002("B1", List.of(
                new BankFileSamples.Status("E1", "ACCP", null),
                new BankFileSamples.Status("E2", "RJCT", "AC04"),
                new BankFileSamples.Status("E3", "RJCT", "RR04"))), schemas);
        assertEquals(List.of(new StatusReported("B1", "B1-EUR", "E1", false, null), new StatusReported("B1", "B1-EUR", "E2", true, "AC04"),
                new StatusReported("B1", "B1-EUR", "E3", true, "RR04")), events);
    }

    @Test
    void aReportCanRejectAWholeFileOrOneBlock() throws Exception {
        assertEquals(List.of(new BankMessages.BatchRejected("B9", null, "AM04")),
                BankMessages.read(BankFileSamples.pain002Rejecting("B9", null, "AM04"), schemas));
        assertEquals(List.of(new BankMessages.BatchRejected("B9", "B9-EUR", "RR04")),
                BankMessages.read(BankFileSamples.pain002Rejecting("B9", "B9-EUR", "RR04"), schemas));
    }

    @Test
    void aNotificationListsBookedEntriesOnly() throws Exception {
        List<BankEvent> events = BankMessages.read(BankFileSamples.camt054("N1", "DE89370400440532013000", List.of(
                new BankFileSamples.Entry("BOOK", "DBIT", "123.45", "EUR", "E1", null, null),
                new BankFileSamples.Entry("PDNG", "DBIT", "1.00", "EUR", "E9", null, null),
                new BankFileSamples.Entry("BOOK", "CRDT", "123.45", "EUR", "E1", "AC04", null),
                new BankFileSamples.Entry("BOOK", "CRDT", "20.00", "EUR", null, null, "Invoice SVC-ABCDEF012345"),
                new BankFileSamples.Entry("BOOK", "DBIT", "9.20", "EUR", "E7", null, null, "10.00 USD"))), schemas);
        assertEquals(List.of(
                new EntryBooked("E1", true, 12345, "EUR", new BankMessages.Amount(12345, "EUR"), null, "DE89370400440532013000", null, "N1-0#0"),
                new EntryBooked("E1", false, 12345, "EUR", new BankMessages.Amount(12345, "EUR"), "AC04", "DE89370400440532013000", null, "N1-2#0"),
                new EntryBooked(null, false, 2000, "EUR", new BankMessages.Amount(2000, "EUR"), null, "DE89370400440532013000",
                        "Invoice SVC-ABCDEF012345", "N1-3#0"),
                new EntryBooked("E7", true, 920, "EUR", new BankMessages.Amount(1000, "USD"), null, "DE89370400440532013000", null, "N1-4#0")),
                events);
    }

    @Test
    void whatIsNotABankMessageIsRefused() {
        assertThrows(IsoSchemas.InvalidMessage.class, () -> BankMessages.read("<hello/>", schemas));
        String withEntity = BankFileSamples.pain002("B1", List.of(new BankFileSamples.Status("E1", "RJCT", "AC01")))
                .replace("<Document", "<!DOCTYPE Document [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<Document")
                .replace("<OrgnlEndToEndId>E1<", "<OrgnlEndToEndId>&x;<");
        assertThrows(IsoSchemas.InvalidMessage.class, () -> BankMessages.read(withEntity, schemas), "no DTD, no external entity");
        assertThrows(IsoSchemas.InvalidMessage.class, () -> BankMessages.read("not xml at all", schemas));
        String unclosed = BankFileSamples.pain002("B1", List.of(new BankFileSamples.Status("E1", "RJCT", "AC01")));
        assertThrows(IsoSchemas.InvalidMessage.class, () -> BankMessages.read(unclosed.substring(0, unclosed.length() - 20), schemas));
        assertThrows(IsoSchemas.InvalidMessage.class, () -> BankMessages.read(BankFileSamples.camt054("N2", "X", List.of(
                new BankFileSamples.Entry("BOOK", "CRDT", "1.005", "EUR", null, null, null))), schemas), "finer than a cent");
    }

    /** What the official XSD forbids and the generated schema lets through: each refuses the whole file. */
    @Test
    void amountsCurrenciesAndDatesOutsideTheOfficialFacetsAreRefused() throws Exception {
        String good = BankFileSamples.camt054("N3", "DE89370400440532013000", List.of(
                new BankFileSamples.Entry("BOOK", "CRDT", "60.00", "EUR", null, null, "Top-up")));
        assertEquals(1, BankMessages.read(good, schemas).size());
        for (String broken : List.of(good.replace(">60.00<", ">-60.00<"), good.replace(">60.00<", ">0.00<"),
                good.replace(">60.00<", ">+60.00<"), good.replace(">60.00<", ">1234567890123456789<"),
                good.replace(">60.00<", ">60.000001<"), good.replace("Ccy=\"EUR\"", "Ccy=\"eur\""),
                good.replace("<CreDtTm>2026-11-25T11:00:00Z</CreDtTm>", "<CreDtTm>2026-11-25</CreDtTm>"),
                good.replace("<CreDtTm>2026-11-25T11:00:00Z</CreDtTm>", "<CreDtTm>2026-13-45T11:00:00Z</CreDtTm>"))) {
            assertTrue(!broken.equals(good), "the test breaks the file");
            assertThrows(IsoSchemas.InvalidMessage.class, () -> BankMessages.read(broken, schemas), broken);
        }
        IsoSchemas.InvalidMessage negative = assertThrows(IsoSchemas.InvalidMessage.class,
                () -> BankMessages.read(good.replace(">60.00<", ">-60.00<"), schemas));
        assertTrue(negative.getMessage().contains("zero or above"), negative.getMessage());
        // A charge may be zero; a booked amount never.
        IsoFacets.check("<Document><Chrgs><TtlChrgsAndTaxAmt Ccy=\"EUR\">0.00</TtlChrgsAndTaxAmt></Chrgs></Document>");
        IsoSchemas.InvalidMessage zero = assertThrows(IsoSchemas.InvalidMessage.class, () -> IsoFacets.check(
                "<Document><Chrgs><TtlChrgsAndTaxAmt Ccy=\"EUR\">0.00</TtlChrgsAndTaxAmt></Chrgs><Ntry><Amt Ccy=\"EUR\">0</Amt></Ntry></Document>"));
        assertTrue(zero.getMessage().contains("booked amount 0 is not above zero"), zero.getMessage());
    }

    /**
     * Without the bank's reference an entry is keyed on its content, not on the message it came in:
     * the same entry in a resent message has the same key; two entries differing only in their
     * entry reference have two.
     */
    @Test
    void anEntryWithoutTheBanksReferenceIsKeyedOnWhatItIs() throws Exception {
        List<BankFileSamples.Entry> entries = List.of(new BankFileSamples.Entry("BOOK", "CRDT", "5.00", "EUR", null, null, "Gift"),
                new BankFileSamples.Entry("BOOK", "CRDT", "5.00", "EUR", null, null, "Gift"));
        String first = BankFileSamples.camt054("N4", "DE89370400440532013000", entries).replaceAll("<AcctSvcrRef>[^<]*</AcctSvcrRef>", "");
        String resent = first.replaceFirst("<MsgId>[^<]+</MsgId>", "<MsgId>OTHER</MsgId>");
        List<String> keys = BankMessages.read(first, schemas).stream().map(event -> ((EntryBooked) event).bankReference()).toList();
        assertEquals(keys, BankMessages.read(resent, schemas).stream().map(event -> ((EntryBooked) event).bankReference()).toList());
        assertEquals(2, keys.stream().distinct().count(), keys.toString());
        assertTrue(keys.stream().allMatch(BankMessages::contentKeyed), keys.toString());
        String sameRef = first.replace("<NtryRef>1</NtryRef>", "<NtryRef>0</NtryRef>");
        List<String> counted = BankMessages.read(sameRef, schemas).stream().map(event -> ((EntryBooked) event).bankReference()).toList();
        assertEquals(2, counted.stream().distinct().count(), "identical entries in one file are counted apart: " + counted);
    }

    /** Text goes into a file in the bank Latin set: accents dropped, controls as spaces, the rest as full stops. */
    @Test
    void textIsWrittenInTheBankLatinSet() throws Exception {
        assertEquals("Zoe Muller + Co", BankText.latin("Zo\u00eb\u000bM\u00fcller  & Co", 140, "."));
        assertEquals("Strasse 5 (Haus) .", BankText.latin("Stra\u00dfe 5 (Haus) \u2603", 140, "."));
        assertEquals("Jo.l", BankText.latin("Jo\ud83d\ude00l", 140, "."), "a character outside the BMP is one full stop");
        assertEquals(".", BankText.latin("\u0007\t", 140, "."));
        assertEquals("abc", BankText.latin("abcdef", 3, "."));
        Batch batch = new Batch("B01JX3ZQ5N8Z", Instant.parse("2026-11-25T10:15:30Z"), PLATFORM, List.of(
                new Payout("0191a2b3c4d5e6f708192a3b4c5d6e7f", 100, "EUR", "Ann\u000bLee", "FR7630006000011234567890189", null,
                        null, null, "Invoice\u0001 42")));
        String xml = Pain001.write(batch);
        schemas.validate(xml, com.prowidesoftware.swift.model.mx.MxPain00100109.class,
                com.prowidesoftware.swift.model.mx.MxPain00100109._classes);
        assertTrue(xml.contains("<Nm>Ann Lee</Nm>") && xml.contains("<Ustrd>Invoice 42</Ustrd>"), xml);
    }

    @Test
    void reasonCodesMapToTheInterfacesFailureReasons() {
        assertEquals(FailureReason.ACCOUNT_INVALID, BankReasonCodes.rejection("AC01"));
        assertEquals(FailureReason.ACCOUNT_CANNOT_RECEIVE, BankReasonCodes.rejection("AC04"));
        assertEquals(FailureReason.LIMIT_EXCEEDED, BankReasonCodes.rejection("AM02"));
        assertEquals(FailureReason.COMPLIANCE_REJECTED, BankReasonCodes.rejection("RR04"));
        assertEquals(FailureReason.QUOTE_EXECUTION_FAILED, BankReasonCodes.rejection("MS03"));
        assertEquals(FailureReason.QUOTE_EXECUTION_FAILED, BankReasonCodes.rejection(null));
    }
}
