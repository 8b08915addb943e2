package payments.bankfile;

import payments.bankfile.BankMessages.Amount;
import payments.bankfile.BankMessages.BankEvent;
import payments.bankfile.BankMessages.EntryBooked;
import payments.bankfile.BankMessages.StatementEntry;
import payments.bankfile.BankMessages.StatementReported;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a BAI2 cash management balance report, the end-of-day statement US banks send, as one
 * {@link StatementReported} per account section (03 to 49): its detail records (16) are its booked
 * entries, type codes 100-399 credits and 400-699 debits, in minor units of the account's currency;
 * its opening and closing ledger balances are summary codes 010 and 015. The bank's reference is
 * the entry's, the customer reference the originator's (a trace number or a file's id), the text
 * its remittance. Every control total and record count is checked, so a truncated or altered file
 * is refused whole. Records continue over 88 records; a record ends with "/" except a detail's text.
 * Groups must be updates (status 1) of final reports (as-of-date modifier 2, 4 or none): an
 * interim report would reconcile what the final one reports again. Detail type 890 (information,
 * no money) is skipped, a bank's own codes (700-999) read as {@link Bai2Codes} maps them, and any
 * other code refuses the file. Pure: the zone only says when an as-of date ends.
 */
final class Bai2Statements {

    private static final DateTimeFormatter YYMMDD = DateTimeFormatter.ofPattern("yyMMdd");
    private static final String OPENING_LEDGER = "010";
    private static final String CLOSING_LEDGER = "015";
    /** As-of-date modifiers of interim reports (previous day's and same day's): not final statements. */
    private static final java.util.Set<String> INTERIM = java.util.Set.of("1", "3");

    private Bai2Statements() {
    }

    /** Whether {@code content} looks like a BAI2 file: it starts with a file header record. */
    static boolean isBai2(String content) {
        return content.startsWith("01,");
    }

    /** One logical record: its fields, and how many physical records (it and its 88 continuations) it took. */
    private record Rec(List<String> fields, int physical) {
        String code() {
            return fields.get(0);
        }

        String field(int index) {
            return index < fields.size() ? fields.get(index).strip() : "";
        }
    }

    static List<BankEvent> read(String content, ZoneId zone) throws IsoSchemas.InvalidMessage {
        return read(content, zone, Bai2Codes.STANDARD);
    }

    static List<BankEvent> read(String content, ZoneId zone, Bai2Codes codes) throws IsoSchemas.InvalidMessage {
        try {
            return parse(records(content), zone, codes);
        } catch (DateTimeException | NumberFormatException | IndexOutOfBoundsException e) {
            throw new IsoSchemas.InvalidMessage("Not a BAI2 file this server reads: " + e.getMessage());
        }
    }

    /** The logical records: continuations (88) joined to the record they continue. */
    private static List<Rec> records(String content) throws IsoSchemas.InvalidMessage {
        List<Rec> records = new ArrayList<>();
        StringBuilder current = null;
        int physical = 0;
        for (String line : content.split("\r?\n")) {
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith("88,")) {
                if (current == null) {
                    throw new IsoSchemas.InvalidMessage("A continuation record (88) continues nothing");
                }
                // A detail whose text has begun continues its text; any other record continues with its next field.
                current.append(textBegun(current.toString()) ? " " : ",").append(withoutEnd(line.substring(3)));
                physical++;
                continue;
            }
            if (current != null) {
                records.add(rec(current.toString(), physical));
            }
            current = new StringBuilder(withoutEnd(line));
            physical = 1;
        }
        if (current != null) {
            records.add(rec(current.toString(), physical));
        }
        return records;
    }

    /** Whether a detail record (16) has reached its text field, the last: what follows it continues the text. */
    private static boolean textBegun(String record) {
        if (!record.startsWith("16,")) {
            return false;
        }
        Rec detail = rec(record, 1);
        try {
            return detail.fields().size() > afterFundsType(detail, 3) + 2;
        } catch (NumberFormatException incomplete) {
            return false;
        }
    }

    private static String withoutEnd(String line) {
        String trimmed = line.stripTrailing();
        return trimmed.endsWith("/") ? trimmed.substring(0, trimmed.length() - 1) : trimmed;
    }

    private static Rec rec(String text, int physical) {
        return new Rec(Arrays.asList(text.split(",", -1)), physical);
    }

    private static List<BankEvent> parse(List<Rec> records, ZoneId zone, Bai2Codes codes) throws IsoSchemas.InvalidMessage {
        if (records.isEmpty() || !"01".equals(records.get(0).code())) {
            throw new IsoSchemas.InvalidMessage("A BAI2 file starts with its file header (01)");
        }
        Rec header = records.get(0);
        if (!"2".equals(header.field(8))) {
            throw new IsoSchemas.InvalidMessage("BAI version '" + header.field(8) + "': only version 2 is read");
        }
        String fileId = header.field(3) + "-" + header.field(5);
        List<BankEvent> events = new ArrayList<>();
        int at = 1;
        long fileTotal = 0;
        int groups = 0;
        // Numbered across the file: the same account in two groups (two as-of dates) is two statements.
        int sections = 0;
        int fileRecords = header.physical();
        while (at < records.size() && "02".equals(records.get(at).code())) {
            Rec group = records.get(at++);
            if (!"1".equals(group.field(3))) {
                throw new IsoSchemas.InvalidMessage("Group status '" + group.field(3) + "': only an update (1) is read;"
                        + " a deletion, correction or test group is for a person");
            }
            if (INTERIM.contains(group.field(7))) {
                throw new IsoSchemas.InvalidMessage("As-of-date modifier '" + group.field(7) + "': an interim report; only final"
                        + " end-of-day reports are reconciled");
            }
            LocalDate asOf = LocalDate.parse(group.field(4), YYMMDD);
            Instant periodEnd = endOf(asOf, group.field(5), zone);
            String groupCurrency = group.field(6).isEmpty() ? "USD" : group.field(6);
            long groupTotal = 0;
            int accounts = 0;
            int groupRecords = group.physical();
            while (at < records.size() && "03".equals(records.get(at).code())) {
                int start = at;
                Rec account = records.get(at++);
                String accountNumber = account.field(1);
                String currency = account.field(2).isEmpty() ? groupCurrency : account.field(2);
                java.util.Currency.getInstance(currency);
                long total = 0;
                Long opening = null;
                Long closing = null;
                for (int i = 3; i < account.fields().size() && !account.field(i).isEmpty(); ) {
                    String type = account.field(i);
                    long amount = signed(account.field(i + 1));
                    total += amount;
                    if (OPENING_LEDGER.equals(type)) {
                        opening = amount;
                    } else if (CLOSING_LEDGER.equals(type)) {
                        closing = amount;
                    }
                    i = afterFundsType(account, i + 3);
                }
                accounts++;
                sections++;
                String statementId = "BAI2-" + header.field(3) + "-" + truncated(header.field(5), 18) + "-" + sections;
                List<StatementEntry> entries = new ArrayList<>();
                int details = 0;
                while (at < records.size() && "16".equals(records.get(at).code())) {
                    Rec detail = records.get(at++);
                    long amount = unsigned(detail.field(2));
                    total += amount;
                    details++;
                    Bai2Codes.Kind kind = codes.kindOf(Integer.parseInt(detail.field(1)));
                    if (kind == null) {
                        throw new IsoSchemas.InvalidMessage("Detail type code " + detail.field(1) + " is neither a credit (100-399) nor a debit"
                                + " (400-699), and SVC_ACH_BAI2_CUSTOM_CODES does not map it");
                    }
                    if (kind != Bai2Codes.Kind.SKIP) {
                        entries.add(entry(detail, kind == Bai2Codes.Kind.DEBIT, amount, currency, accountNumber, asOf,
                                statementId + "-" + details));
                    }
                }
                Rec trailer = expect(records, at++, "49", "an account trailer");
                int sectionRecords = records.subList(start, at).stream().mapToInt(Rec::physical).sum();
                check(total, signed(trailer.field(1)), "account " + accountNumber + "'s control total");
                check(sectionRecords, Long.parseLong(trailer.field(2)), "account " + accountNumber + "'s record count");
                groupTotal += total;
                groupRecords += sectionRecords;
                events.add(StatementReported.checked(statementId, accountNumber, currency, periodEnd, opening, closing, entries));
            }
            Rec trailer = expect(records, at++, "98", "a group trailer");
            groupRecords += trailer.physical();
            check(groupTotal, signed(trailer.field(1)), "the group's control total");
            check(accounts, Long.parseLong(trailer.field(2)), "the group's number of accounts");
            check(groupRecords, Long.parseLong(trailer.field(3)), "the group's record count");
            fileTotal += groupTotal;
            fileRecords += groupRecords;
            groups++;
        }
        Rec trailer = expect(records, at++, "99", "the file trailer");
        fileRecords += trailer.physical();
        check(fileTotal, signed(trailer.field(1)), "the file's control total");
        check(groups, Long.parseLong(trailer.field(2)), "the file's number of groups");
        check(fileRecords, Long.parseLong(trailer.field(3)), "the file's record count");
        if (at != records.size()) {
            throw new IsoSchemas.InvalidMessage("Records after the file trailer");
        }
        if (events.isEmpty()) {
            throw new IsoSchemas.InvalidMessage("File " + fileId + " reports no account");
        }
        return events;
    }

    /**
     * A detail record: 16, type code, amount, funds type (and what that type adds), bank reference,
     * customer reference, text (the rest, commas included).
     */
    private static StatementEntry entry(Rec detail, boolean debit, long amount, String currency, String account, LocalDate asOf,
                                        String fallbackReference) {
        LocalDate valueDate = "V".equals(detail.field(3)) && !detail.field(4).isEmpty() ? LocalDate.parse(detail.field(4), YYMMDD) : asOf;
        int next = afterFundsType(detail, 3);
        String bankReference = detail.field(next);
        String customerReference = detail.field(next + 1);
        String text = next + 2 < detail.fields().size()
                ? String.join(",", detail.fields().subList(next + 2, detail.fields().size())).strip() : "";
        String endToEnd = customerReference.isEmpty() ? null : customerReference;
        EntryBooked booked = new EntryBooked(endToEnd, debit, amount, currency, new Amount(amount, currency), null, account,
                text.isEmpty() ? null : text, bankReference.isEmpty() ? fallbackReference : bankReference);
        return new StatementEntry(booked, valueDate, endToEnd);
    }

    /** The index after a funds type at {@code at} and the fields it adds: V a value date and time, S three amounts, D its distributions. */
    private static int afterFundsType(Rec rec, int at) {
        return switch (rec.field(at)) {
            case "V" -> at + 3;
            case "S" -> at + 4;
            case "D" -> at + 2 + 2 * Integer.parseInt(rec.field(at + 1));
            default -> at + 1;
        };
    }

    /** When the as-of date's report ends: its as-of time (HHMM; 2400 or 9999 the end of the day), else the day's end. */
    private static Instant endOf(LocalDate asOf, String time, ZoneId zone) {
        if (time.isEmpty() || "2400".equals(time) || "9999".equals(time)) {
            return asOf.plusDays(1).atStartOfDay(zone).toInstant();
        }
        return asOf.atTime(LocalTime.of(Integer.parseInt(time.substring(0, 2)), Integer.parseInt(time.substring(2, 4)))).atZone(zone).toInstant();
    }

    private static Rec expect(List<Rec> records, int at, String code, String what) throws IsoSchemas.InvalidMessage {
        if (at >= records.size() || !code.equals(records.get(at).code())) {
            throw new IsoSchemas.InvalidMessage("Expected " + what + " (" + code + ")"
                    + (at < records.size() ? ", found a record " + records.get(at).code() : ", the file ended"));
        }
        return records.get(at);
    }

    private static void check(long counted, long stated, String what) throws IsoSchemas.InvalidMessage {
        if (counted != stated) {
            throw new IsoSchemas.InvalidMessage("BAI2 " + what + " is " + stated + ", its records make " + counted);
        }
    }

    /** A summary or control amount: optional sign, digits; blank is none (0). */
    private static long signed(String text) {
        return text.isEmpty() ? 0 : Long.parseLong(text.startsWith("+") ? text.substring(1) : text);
    }

    private static long unsigned(String text) {
        if (!text.matches("\\d{1,18}")) {
            throw new NumberFormatException("a detail amount is digits only, found '" + text + "'");
        }
        return Long.parseLong(text);
    }

    private static String truncated(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max);
    }
}
