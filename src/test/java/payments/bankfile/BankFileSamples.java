package payments.bankfile;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Files as a bank sends them back, for tests: pain.002.001.10 status reports and camt.054.001.08 notifications. */
public final class BankFileSamples {

    public record Status(String endToEndId, String status, String reasonCode) {
    }

    /**
     * {@code returnCode} set makes a credit a return of the payout {@code endToEndId};
     * {@code instructed} ("12.00 USD") the amount the payment was instructed in, when the bank converted.
     */
    public record Entry(String status, String direction, String amount, String currency, String endToEndId, String returnCode,
                        String remittance, String instructed) {
        public Entry(String status, String direction, String amount, String currency, String endToEndId, String returnCode,
                     String remittance) {
            this(status, direction, amount, currency, endToEndId, returnCode, remittance, null);
        }
    }

    private BankFileSamples() {
    }

    /** A status report on file {@code messageId}'s EUR block. */
    public static String pain002(String messageId, List<Status> statuses) {
        return pain002(messageId, Pain001.paymentInformationId(messageId, "EUR"), statuses);
    }

    /** A status report on the block {@code paymentInformationId} of file {@code messageId}. */
    public static String pain002(String messageId, String paymentInformationId, List<Status> statuses) {
        String transactions = statuses.stream().map(status -> """
                <TxInfAndSts><OrgnlEndToEndId>%s</OrgnlEndToEndId><TxSts>%s</TxSts>%s</TxInfAndSts>"""
                .formatted(status.endToEndId(), status.status(), status.reasonCode() == null ? ""
                        : "<StsRsnInf><Rsn><Cd>" + status.reasonCode() + "</Cd></Rsn></StsRsnInf>"))
                .collect(Collectors.joining("\n"));
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10">
                <CstmrPmtStsRpt>
                <GrpHdr><MsgId>STS-%d</MsgId><CreDtTm>2026-11-25T10:00:00Z</CreDtTm></GrpHdr>
                <OrgnlGrpInfAndSts><OrgnlMsgId>%s</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId></OrgnlGrpInfAndSts>
                <OrgnlPmtInfAndSts><OrgnlPmtInfId>%s</OrgnlPmtInfId>
                %s
                </OrgnlPmtInfAndSts>
                </CstmrPmtStsRpt>
                </Document>
                """.formatted(Math.abs((messageId + transactions).hashCode()), messageId, paymentInformationId, transactions);
    }

    /** Entries are referenced {@code <fileId>-<index>} by the bank (AcctSvcrRef), unique across files of different ids. */
    /** A status report rejecting a whole file ({@code paymentInformationId} null) or one block of it, with no transaction lines. */
    public static String pain002Rejecting(String messageId, String paymentInformationId, String reasonCode) {
        String reason = "<StsRsnInf><Rsn><Cd>" + reasonCode + "</Cd></Rsn></StsRsnInf>";
        String group = paymentInformationId == null ? "<GrpSts>RJCT</GrpSts>" + reason : "";
        String block = paymentInformationId == null ? ""
                : "<OrgnlPmtInfAndSts><OrgnlPmtInfId>" + paymentInformationId + "</OrgnlPmtInfId><PmtInfSts>RJCT</PmtInfSts>" + reason
                + "</OrgnlPmtInfAndSts>";
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10">
                <CstmrPmtStsRpt>
                <GrpHdr><MsgId>STS-R-%s</MsgId><CreDtTm>2026-11-25T10:00:00Z</CreDtTm></GrpHdr>
                <OrgnlGrpInfAndSts><OrgnlMsgId>%s</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId>%s</OrgnlGrpInfAndSts>
                %s
                </CstmrPmtStsRpt>
                </Document>
                """.formatted(Integer.toHexString((messageId + paymentInformationId).hashCode()), messageId, group, block);
    }

    public static String camt054(String fileId, String account, List<Entry> entries) {
        String booked = IntStream.range(0, entries.size()).mapToObj(i -> {
            Entry entry = entries.get(i);
            String references = entry.endToEndId() == null ? "" : "<Refs><EndToEndId>" + entry.endToEndId() + "</EndToEndId></Refs>";
            String remittance = entry.remittance() == null ? "" : "<RmtInf><Ustrd>" + entry.remittance() + "</Ustrd></RmtInf>";
            String returned = entry.returnCode() == null ? "" : "<RtrInf><Rsn><Cd>" + entry.returnCode() + "</Cd></Rsn></RtrInf>";
            String instructed = entry.instructed() == null ? "" : "<AmtDtls><InstdAmt><Amt Ccy=\"" + entry.instructed().split(" ")[1]
                    + "\">" + entry.instructed().split(" ")[0] + "</Amt></InstdAmt></AmtDtls>";
            return """
                    <Ntry><NtryRef>%2$d</NtryRef><Amt Ccy="%3$s">%4$s</Amt><CdtDbtInd>%5$s</CdtDbtInd><Sts><Cd>%6$s</Cd></Sts>
                    <AcctSvcrRef>%1$s-%2$d</AcctSvcrRef>
                    <BkTxCd><Prtry><Cd>NTRF</Cd></Prtry></BkTxCd>
                    <NtryDtls><TxDtls>%7$s<Amt Ccy="%3$s">%4$s</Amt><CdtDbtInd>%5$s</CdtDbtInd>%8$s%9$s%10$s</TxDtls></NtryDtls></Ntry>"""
                    .formatted(fileId, i, entry.currency(), entry.amount(), entry.direction(), entry.status(), references,
                            instructed, remittance, returned);
        }).collect(Collectors.joining("\n"));
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
                <BkToCstmrDbtCdtNtfctn>
                <GrpHdr><MsgId>NTF-%d</MsgId><CreDtTm>2026-11-25T11:00:00Z</CreDtTm></GrpHdr>
                <Ntfctn><Id>NTF-1</Id><Acct><Id>%s</Id></Acct>
                %s
                </Ntfctn>
                </BkToCstmrDbtCdtNtfctn>
                </Document>
                """.formatted(Math.abs(booked.hashCode()), account.matches("[A-Z]{2}[0-9]{2}[A-Z0-9]+")
                ? "<IBAN>" + account + "</IBAN>" : "<Othr><Id>" + account + "</Id></Othr>", booked);
    }

    /** A statement entry: booked under the bank's {@code reference} (a camt.054's {@code <fileId>-<index>} when it notified it too). */
    public record StatementEntry(String reference, String direction, String amount, String endToEndId, String remittance, String batch) {
        public StatementEntry(String reference, String direction, String amount, String endToEndId, String remittance) {
            this(reference, direction, amount, endToEndId, remittance, null);
        }
    }

    /**
     * A camt.053 end-of-day statement of the account in {@code currency}, its period ending at
     * {@code periodEnd}, with opening and closing booked balances ({@code closing} as given, so a
     * test can make them disagree).
     */
    public static String camt053(String statementId, String account, String currency, java.time.Instant periodEnd, String opening,
                                 String closing, List<StatementEntry> entries) {
        String booked = entries.stream().map(entry -> {
            String details = entry.batch() != null ? "<Btch><MsgId>" + entry.batch() + "</MsgId></Btch>"
                    : "<TxDtls>%s<Amt Ccy=\"%s\">%s</Amt><CdtDbtInd>%s</CdtDbtInd>%s</TxDtls>".formatted(
                            entry.endToEndId() == null ? "" : "<Refs><EndToEndId>" + entry.endToEndId() + "</EndToEndId></Refs>",
                            currency, entry.amount(), entry.direction(),
                            entry.remittance() == null ? "" : "<RmtInf><Ustrd>" + entry.remittance() + "</Ustrd></RmtInf>");
            return """
                    <Ntry><Amt Ccy="%1$s">%2$s</Amt><CdtDbtInd>%3$s</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
                    <BookgDt><Dt>%4$s</Dt></BookgDt><AcctSvcrRef>%5$s</AcctSvcrRef>
                    <BkTxCd><Prtry><Cd>NTRF</Cd></Prtry></BkTxCd>
                    <NtryDtls>%6$s</NtryDtls></Ntry>"""
                    .formatted(currency, entry.amount(), entry.direction(), periodEnd.atZone(java.time.ZoneOffset.UTC).toLocalDate(),
                            entry.reference(), details);
        })
                .collect(Collectors.joining("\n"));
        String balances = """
                <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="%1$s">%2$s</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>%4$s</Dt></Dt></Bal>
                <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="%1$s">%3$s</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>%4$s</Dt></Dt></Bal>"""
                .formatted(currency, opening, closing, periodEnd.atZone(java.time.ZoneOffset.UTC).toLocalDate());
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
                <BkToCstmrStmt>
                <GrpHdr><MsgId>STM-%1$s</MsgId><CreDtTm>%2$s</CreDtTm></GrpHdr>
                <Stmt><Id>%1$s</Id><CreDtTm>%2$s</CreDtTm><FrToDt><FrDtTm>%3$s</FrDtTm><ToDtTm>%2$s</ToDtTm></FrToDt>
                <Acct><Id>%4$s</Id><Ccy>%5$s</Ccy></Acct>
                %6$s
                %7$s
                </Stmt>
                </BkToCstmrStmt>
                </Document>
                """.formatted(statementId, periodEnd.atOffset(java.time.ZoneOffset.UTC), periodEnd.minus(java.time.Duration.ofDays(1))
                .atOffset(java.time.ZoneOffset.UTC), account.matches("[A-Z]{2}[0-9]{2}[A-Z0-9]+") ? "<IBAN>" + account + "</IBAN>"
                : "<Othr><Id>" + account + "</Id></Othr>", currency, balances, booked);
    }
}
