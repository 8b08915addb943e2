package payments.bankfile;

import com.prowidesoftware.swift.model.mx.MxCamt05300108;
import com.prowidesoftware.swift.model.mx.MxCamt05400108;
import com.prowidesoftware.swift.model.mx.dic.AccountStatement9;
import com.prowidesoftware.swift.model.mx.dic.CashBalance8;
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
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Currency;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads what the bank sends back: pain.002.001.10 payment status reports, camt.054.001.08
 * debit/credit notifications and camt.053.001.08 statements, each checked against its schema first, as a list of
 * {@link BankEvent}s. Pure apart from the schema cache it is given.
 */
public final class BankMessages {

    static final String PAIN_002 = "urn:iso:std:iso:20022:tech:xsd:pain.002.001.10";
    static final String CAMT_054 = "urn:iso:std:iso:20022:tech:xsd:camt.054.001.08";
    static final String CAMT_053 = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08";
    /** camt.053 balance types: the opening and closing booked balances. */
    private static final String OPENING = "OPBD";
    private static final String CLOSING = "CLBD";
    /** camt.054 entry status for money booked on the account (as a code, or the older proprietary text). */
    private static final String BOOKED = "BOOK";
    private static final String REJECTED = "RJCT";
    /** The prefix of a booking's key made from its content, when the bank gave it no reference. */
    private static final String CONTENT_KEYED = "entry:";

    /** What one file says, in the order it says it. */
    public sealed interface BankEvent permits StatusReported, BatchRejected, EntryBooked, AccountCorrected, StatementReported {
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

    /**
     * A camt.053 end-of-day statement of one account in one currency: its booked entries (what the
     * bank says moved, booked nothing by this server: {@link Reconciliations} compares them with
     * the ledger) up to {@code periodEnd}, and its opening and closing booked balances when given
     * (the entries are checked to add up to them).
     */
    public record StatementReported(String statementId, String account, String currency, Instant periodEnd, Long opening, Long closing,
                                    List<StatementEntry> entries) implements BankEvent {

        /** The statement, once its booked entries take its opening balance to its closing one (when it gives both). */
        static StatementReported checked(String statementId, String account, String currency, Instant periodEnd, Long opening, Long closing,
                                         List<StatementEntry> entries) throws IsoSchemas.InvalidMessage {
            if (opening != null && closing != null) {
                long moved = entries.stream().mapToLong(e -> e.entry().debit() ? -e.entry().amount() : e.entry().amount()).sum();
                if (opening + moved != closing) {
                    throw new IsoSchemas.InvalidMessage("Statement " + statementId + ": its booked entries (" + moved
                            + ") do not take the opening balance (" + opening + ") to the closing one (" + closing + ")");
                }
            }
            return new StatementReported(statementId, account, currency, periodEnd, opening, closing, List.copyOf(entries));
        }
    }

    /** A statement's booked entry, its booking date, and the bank's batch it was booked in (a file's message id), if named. */
    public record StatementEntry(EntryBooked entry, LocalDate bookingDate, String batchId) {
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
        if (xml.contains(CAMT_053)) {
            schemas.validate(xml, MxCamt05300108.class, MxCamt05300108._classes);
            return statements(MxCamt05300108.parse(xml));
        }
        if (xml.contains(CAMT_054)) {
            schemas.validate(xml, MxCamt05400108.class, MxCamt05400108._classes);
            return entries(MxCamt05400108.parse(xml));
        }
        throw new IsoSchemas.InvalidMessage("Neither a pain.002.001.10 status report, a camt.054.001.08 notification nor a camt.053.001.08 statement");
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
                events.addAll(bookings(entry, accountId, seen));
            }
        }
        return events;
    }

    private static List<BankEvent> statements(MxCamt05300108 message) throws IsoSchemas.InvalidMessage {
        if (message == null || message.getBkToCstmrStmt() == null) {
            throw new IsoSchemas.InvalidMessage("The statement could not be read");
        }
        List<BankEvent> events = new ArrayList<>();
        var header = message.getBkToCstmrStmt().getGrpHdr();
        for (AccountStatement9 statement : message.getBkToCstmrStmt().getStmt()) {
            String accountId = identifier(statement.getAcct() == null ? null : statement.getAcct().getId());
            List<StatementEntry> entries = new ArrayList<>();
            Map<String, Integer> seen = new HashMap<>();
            for (ReportEntry10 entry : statement.getNtry()) {
                for (EntryBooked booked : bookings(entry, accountId, seen)) {
                    entries.add(new StatementEntry(booked, bookingDate(entry), batchOf(entry)));
                }
            }
            String currency = statementCurrency(statement, entries);
            Long opening = balance(statement, OPENING, currency);
            Long closing = balance(statement, CLOSING, currency);
            OffsetDateTime end = statement.getFrToDt() != null && statement.getFrToDt().getToDtTm() != null ? statement.getFrToDt().getToDtTm()
                    : statement.getCreDtTm() != null ? statement.getCreDtTm() : header == null ? null : header.getCreDtTm();
            if (end == null) {
                throw new IsoSchemas.InvalidMessage("Statement " + statement.getId() + " says neither its period nor when it was made");
            }
            events.add(StatementReported.checked(statement.getId(), accountId, currency, end.toInstant(), opening, closing, entries));
        }
        return events;
    }

    /**
     * An entry's bookings (one per transaction, each with what identifies it across files), as a
     * notification or a statement reports them; none while it is not booked (pending or
     * informational entries move no money yet).
     */
    private static List<EntryBooked> bookings(ReportEntry10 entry, String accountId, Map<String, Integer> seen) {
        String status = entry.getSts() == null ? null : entry.getSts().getCd() != null ? entry.getSts().getCd() : entry.getSts().getPrtry();
        if (!BOOKED.equals(status)) {
            return List.of();
        }
        List<EntryTransaction10> transactions = transactions(entry);
        List<EntryBooked> bookings = new ArrayList<>();
        for (int i = 0; i < transactions.size(); i++) {
            bookings.add(keyed(booked(entry, transactions.get(i), accountId, null), entry, transactions.get(i), i, seen));
        }
        return bookings;
    }

    /** The one currency of a statement: its account's, else its entries'; a statement mixing currencies is refused. */
    private static String statementCurrency(AccountStatement9 statement, List<StatementEntry> entries) throws IsoSchemas.InvalidMessage {
        String currency = statement.getAcct() != null && statement.getAcct().getCcy() != null ? statement.getAcct().getCcy()
                : entries.isEmpty() ? null : entries.get(0).entry().currency();
        if (currency == null && !statement.getBal().isEmpty() && statement.getBal().get(0).getAmt() != null) {
            currency = statement.getBal().get(0).getAmt().getCcy();
        }
        if (currency == null) {
            throw new IsoSchemas.InvalidMessage("Statement " + statement.getId() + " names no currency");
        }
        for (StatementEntry entry : entries) {
            if (!currency.equals(entry.entry().currency())) {
                throw new IsoSchemas.InvalidMessage("Statement " + statement.getId() + " of a " + currency + " account has an entry in "
                        + entry.entry().currency());
            }
        }
        return currency;
    }

    /** A booked balance of the given type in minor units (negative when the account is overdrawn); null when not given. */
    private static Long balance(AccountStatement9 statement, String type, String currency) throws IsoSchemas.InvalidMessage {
        for (CashBalance8 balance : statement.getBal()) {
            String code = balance.getTp() == null || balance.getTp().getCdOrPrtry() == null ? null : balance.getTp().getCdOrPrtry().getCd();
            if (type.equals(code) && balance.getAmt() != null) {
                if (!currency.equals(balance.getAmt().getCcy())) {
                    throw new IsoSchemas.InvalidMessage("Statement " + statement.getId() + " has a " + type + " balance in "
                            + balance.getAmt().getCcy() + ", not " + currency);
                }
                long amount = minorUnits(balance.getAmt().getValue(), currency);
                return balance.getCdtDbtInd() == CreditDebitCode.DBIT ? -amount : amount;
            }
        }
        return null;
    }

    private static LocalDate bookingDate(ReportEntry10 entry) {
        var date = entry.getBookgDt();
        return date == null ? null : date.getDt() != null ? date.getDt() : date.getDtTm() == null ? null : date.getDtTm().toLocalDate();
    }

    /** The batch an entry was booked in, as the bank names it: the message id of the file it came from, else the block's id. */
    private static String batchOf(ReportEntry10 entry) {
        for (EntryDetails9 details : entry.getNtryDtls()) {
            if (details.getBtch() != null) {
                return details.getBtch().getMsgId() != null ? details.getBtch().getMsgId() : details.getBtch().getPmtInfId();
            }
        }
        return null;
    }

    /** An entry's transactions; an entry without details stands for itself. */
    private static List<EntryTransaction10> transactions(ReportEntry10 entry) {
        List<EntryTransaction10> all = new ArrayList<>();
        for (EntryDetails9 details : entry.getNtryDtls()) {
            all.addAll(details.getTxDtls());
        }
        return all.isEmpty() ? Collections.singletonList(null) : all;
    }

    /** A booking with what identifies it across files: the bank's reference, else its content's key ({@code seen} counts repeats in one file). */
    private static EntryBooked keyed(EntryBooked booked, ReportEntry10 entry, EntryTransaction10 transaction, int index,
                                     Map<String, Integer> seen) {
        String reference = bankReference(entry, transaction, index);
        if (reference == null) {
            String key = contentKey(booked, entry);
            reference = CONTENT_KEYED + Sha256.hex(key) + "#" + seen.merge(key, 1, Integer::sum);
        }
        return booked.withReference(reference);
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
