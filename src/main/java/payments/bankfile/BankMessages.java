package payments.bankfile;

import com.prowidesoftware.swift.model.mx.MxCamt05400108;
import com.prowidesoftware.swift.model.mx.MxPain00200110;
import com.prowidesoftware.swift.model.mx.dic.AccountIdentification4Choice;
import com.prowidesoftware.swift.model.mx.dic.AccountNotification17;
import com.prowidesoftware.swift.model.mx.dic.CreditDebitCode;
import com.prowidesoftware.swift.model.mx.dic.EntryDetails9;
import com.prowidesoftware.swift.model.mx.dic.EntryTransaction10;
import com.prowidesoftware.swift.model.mx.dic.OriginalPaymentInstruction32;
import com.prowidesoftware.swift.model.mx.dic.PaymentTransaction105;
import com.prowidesoftware.swift.model.mx.dic.ReportEntry10;
import com.prowidesoftware.swift.model.mx.dic.StatusReasonInformation12;
import payments.common.Sha256;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Currency;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads what the bank sends back: pain.002.001.10 payment status reports and camt.054.001.08
 * debit/credit notifications, each checked against its schema first, as a list of
 * {@link BankEvent}s. Pure apart from the schema cache it is given.
 */
public final class BankMessages {

    static final String PAIN_002 = "urn:iso:std:iso:20022:tech:xsd:pain.002.001.10";
    static final String CAMT_054 = "urn:iso:std:iso:20022:tech:xsd:camt.054.001.08";
    /** camt.054 entry status for money booked on the account (as a code, or the older proprietary text). */
    private static final String BOOKED = "BOOK";
    private static final String REJECTED = "RJCT";
    /** The prefix of a booking's key made from its content, when the bank gave it no reference. */
    private static final String CONTENT_KEYED = "entry:";

    /** What one file says, in the order it says it. */
    public sealed interface BankEvent permits StatusReported, BatchRejected, EntryBooked, AccountCorrected {
    }

    /**
     * A NACHA notification of change: the payee's bank took the entry traced {@code originalTrace}
     * but asks that later ones carry {@code corrected} details (by detail, as
     * {@code nacha.AchCodes#corrections} reads them), for {@code changeCode} (C01...).
     */
    public record AccountCorrected(String originalTrace, String changeCode, Map<String, String> corrected, String bankReference)
            implements BankEvent {
    }

    /**
     * A pain.002 rejection of a whole file ({@code paymentInformationId} null) or of one payment
     * information block of it, without transaction lines: every payout in it is rejected.
     */
    public record BatchRejected(String messageId, String paymentInformationId, String reasonCode) implements BankEvent {
    }

    /**
     * A pain.002 transaction status: RJCT is a rejection (with its first reason code); anything else
     * is progress. {@code messageId} and {@code paymentInformationId} (null when not given) name the
     * file and block the report is about.
     */
    public record StatusReported(String messageId, String paymentInformationId, String endToEndId, boolean rejected,
                                 String reasonCode) implements BankEvent {
    }

    /**
     * A booked camt.054 entry: a debit (a payout left the platform's account) or a credit (money in;
     * a return when {@code returnCode} is set), in the notified account's currency. {@code instructed}
     * is the amount the payment was instructed in (the same unless the bank converted).
     * {@code account} is the credited account's IBAN or number (the transaction's creditor account,
     * a virtual account, else the notified account), {@code remittance} the unstructured remittance
     * lines joined by spaces, {@code bankReference} what identifies this booking across files.
     */
    public record EntryBooked(String endToEndId, boolean debit, long amount, String currency, Amount instructed,
                              String returnCode, String account, String remittance, String bankReference) implements BankEvent {
        EntryBooked withReference(String reference) {
            return new EntryBooked(endToEndId, debit, amount, currency, instructed, returnCode, account, remittance, reference);
        }
    }

    public record Amount(long value, String currency) {
    }

    private BankMessages() {
    }

    public static List<BankEvent> read(String xml, IsoSchemas schemas) throws IsoSchemas.InvalidMessage {
        if (xml.contains("<!DOCTYPE") || xml.contains("<!ENTITY")) {
            // ISO 20022 files never declare a DTD; one that does could make a parser read other files.
            throw new IsoSchemas.InvalidMessage("A document type declaration is not allowed in a bank file");
        }
        IsoFacets.check(xml);
        try {
            return parse(xml, schemas);
        } catch (IllegalArgumentException | ArithmeticException e) {
            // An unknown currency, or an amount finer than its currency's minor unit.
            throw new IsoSchemas.InvalidMessage(e.getMessage());
        }
    }

    private static List<BankEvent> parse(String xml, IsoSchemas schemas) throws IsoSchemas.InvalidMessage {
        if (xml.contains(PAIN_002)) {
            schemas.validate(xml, MxPain00200110.class, MxPain00200110._classes);
            return statuses(MxPain00200110.parse(xml));
        }
        if (xml.contains(CAMT_054)) {
            schemas.validate(xml, MxCamt05400108.class, MxCamt05400108._classes);
            return entries(MxCamt05400108.parse(xml));
        }
        throw new IsoSchemas.InvalidMessage("Neither a pain.002.001.10 status report nor a camt.054.001.08 notification");
    }

    private static List<BankEvent> statuses(MxPain00200110 report) throws IsoSchemas.InvalidMessage {
        if (report == null || report.getCstmrPmtStsRpt() == null) {
            throw new IsoSchemas.InvalidMessage("The status report could not be read");
        }
        List<BankEvent> events = new ArrayList<>();
        var group = report.getCstmrPmtStsRpt().getOrgnlGrpInfAndSts();
        String messageId = group == null ? null : group.getOrgnlMsgId();
        if (group != null && REJECTED.equals(group.getGrpSts())) {
            events.add(new BatchRejected(messageId, null, firstCode(group.getStsRsnInf())));
        }
        for (OriginalPaymentInstruction32 instruction : report.getCstmrPmtStsRpt().getOrgnlPmtInfAndSts()) {
            if (REJECTED.equals(instruction.getPmtInfSts()) && instruction.getTxInfAndSts().isEmpty()) {
                events.add(new BatchRejected(messageId, instruction.getOrgnlPmtInfId(), firstCode(instruction.getStsRsnInf())));
            }
            for (PaymentTransaction105 transaction : instruction.getTxInfAndSts()) {
                String status = transaction.getTxSts() != null ? transaction.getTxSts() : instruction.getPmtInfSts();
                List<StatusReasonInformation12> reasons = transaction.getStsRsnInf().isEmpty()
                        ? instruction.getStsRsnInf() : transaction.getStsRsnInf();
                events.add(new StatusReported(messageId, instruction.getOrgnlPmtInfId(), transaction.getOrgnlEndToEndId(),
                        REJECTED.equals(status), firstCode(reasons)));
            }
        }
        return events;
    }

    private static String firstCode(List<StatusReasonInformation12> reasons) {
        return reasons.stream().filter(reason -> reason.getRsn() != null).map(reason -> reason.getRsn().getCd())
                .findFirst().orElse(null);
    }

    private static List<BankEvent> entries(MxCamt05400108 notification) throws IsoSchemas.InvalidMessage {
        if (notification == null || notification.getBkToCstmrDbtCdtNtfctn() == null) {
            throw new IsoSchemas.InvalidMessage("The notification could not be read");
        }
        List<BankEvent> events = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        List<AccountNotification17> notifications = notification.getBkToCstmrDbtCdtNtfctn().getNtfctn();
        for (AccountNotification17 account : notifications) {
            String accountId = identifier(account.getAcct() == null ? null : account.getAcct().getId());
            for (ReportEntry10 entry : account.getNtry()) {
                String status = entry.getSts() == null ? null
                        : entry.getSts().getCd() != null ? entry.getSts().getCd() : entry.getSts().getPrtry();
                if (!BOOKED.equals(status)) {
                    continue; // pending or informational entries move no money yet
                }
                List<EntryTransaction10> transactions = transactions(entry);
                for (int i = 0; i < transactions.size(); i++) {
                    EntryBooked booked = booked(entry, transactions.get(i), accountId, null);
                    String reference = bankReference(entry, transactions.get(i), i);
                    if (reference == null) {
                        String key = contentKey(booked, entry);
                        reference = CONTENT_KEYED + Sha256.hex(key) + "#" + seen.merge(key, 1, Integer::sum);
                    }
                    events.add(booked.withReference(reference));
                }
            }
        }
        return events;
    }

    /** An entry's transactions; an entry without details stands for itself. */
    private static List<EntryTransaction10> transactions(ReportEntry10 entry) {
        List<EntryTransaction10> all = new ArrayList<>();
        for (EntryDetails9 details : entry.getNtryDtls()) {
            all.addAll(details.getTxDtls());
        }
        return all.isEmpty() ? Collections.singletonList(null) : all;
    }

    /**
     * What identifies a booking across files: the bank's own reference of the transaction, else of
     * the entry (with the transaction's place in it); null when the bank gave neither.
     */
    private static String bankReference(ReportEntry10 entry, EntryTransaction10 transaction, int index) {
        if (transaction != null && transaction.getRefs() != null && transaction.getRefs().getAcctSvcrRef() != null) {
            return transaction.getRefs().getAcctSvcrRef();
        }
        return entry.getAcctSvcrRef() == null ? null : entry.getAcctSvcrRef() + "#" + index;
    }

    /**
     * What identifies a booking the bank gave no reference for, whatever file reports it: the
     * account, booking date, direction, amount and currency, end-to-end id, the entry's own
     * reference and the remittance text. Identical bookings in one file are told apart by their
     * count ({@code #1}, {@code #2}): a resend of the same entries under a new message id books
     * nothing again, one more identical entry books one.
     */
    private static String contentKey(EntryBooked booked, ReportEntry10 entry) {
        var date = entry.getBookgDt();
        String bookingDate = date == null ? "" : date.getDt() != null ? date.getDt().toString() : String.valueOf(date.getDtTm());
        return String.join("|", String.valueOf(booked.account()), bookingDate, booked.debit() ? "DBIT" : "CRDT",
                Long.toString(booked.amount()), booked.currency(), String.valueOf(booked.endToEndId()),
                String.valueOf(entry.getNtryRef()), String.valueOf(booked.remittance()));
    }

    /** Whether a booking's reference is this server's content key (the bank gave none). */
    static boolean contentKeyed(String reference) {
        return reference != null && reference.startsWith(CONTENT_KEYED);
    }

    private static EntryBooked booked(ReportEntry10 entry, EntryTransaction10 transaction, String accountId, String bankReference) {
        var amount = transaction != null && transaction.getAmt() != null ? transaction.getAmt() : entry.getAmt();
        CreditDebitCode direction = transaction != null && transaction.getCdtDbtInd() != null
                ? transaction.getCdtDbtInd() : entry.getCdtDbtInd();
        String endToEndId = transaction == null || transaction.getRefs() == null ? null : transaction.getRefs().getEndToEndId();
        String returnCode = transaction == null || transaction.getRtrInf() == null || transaction.getRtrInf().getRsn() == null
                ? null : transaction.getRtrInf().getRsn().getCd();
        String remittance = transaction == null || transaction.getRmtInf() == null ? null
                : String.join(" ", transaction.getRmtInf().getUstrd());
        String creditorAccount = transaction == null || transaction.getRltdPties() == null || transaction.getRltdPties().getCdtrAcct() == null
                ? null : identifier(transaction.getRltdPties().getCdtrAcct().getId());
        var instructed = transaction == null || transaction.getAmtDtls() == null || transaction.getAmtDtls().getInstdAmt() == null
                ? amount : transaction.getAmtDtls().getInstdAmt().getAmt();
        return new EntryBooked(endToEndId, direction == CreditDebitCode.DBIT, minorUnits(amount.getValue(), amount.getCcy()),
                amount.getCcy(), new Amount(minorUnits(instructed.getValue(), instructed.getCcy()), instructed.getCcy()), returnCode,
                creditorAccount != null ? creditorAccount : accountId, remittance, bankReference);
    }

    private static String identifier(AccountIdentification4Choice id) {
        if (id == null) {
            return null;
        }
        return id.getIBAN() != null ? id.getIBAN() : id.getOthr() == null ? null : id.getOthr().getId();
    }

    /** A decimal amount in the currency's minor units; more decimals than the currency has are refused. */
    static long minorUnits(BigDecimal value, String currency) {
        return value.movePointRight(Currency.getInstance(currency).getDefaultFractionDigits()).longValueExact();
    }
}
