package payments.bankfile.nacha;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A NACHA ACH file (pure), record by record as {@link NachaLayout} lays them out: {@link #write}
 * computes every control (entry and addenda counts, entry hashes, debit and credit totals, block
 * count, the padding to full blocks); {@link #read} takes a file apart into batches of entries with
 * their addenda (remittance text, returns, notifications of change) and refuses one whose controls do
 * not add up, listing every problem.
 */
public final class NachaFile {

    private static final DateTimeFormatter YYMMDD = DateTimeFormatter.ofPattern("yyMMdd");
    private static final long HASH_MODULUS = 10_000_000_000L;

    /**
     * The file header. {@code immediateDestination} and {@code immediateOrigin} are the 10
     * characters as the bank asks for them (usually a space and a routing number, and a company id);
     * {@code creationDate} YYMMDD and {@code creationTime} HHMM.
     */
    public record Header(String immediateDestination, String immediateOrigin, String creationDate, String creationTime,
                         String fileIdModifier, String destinationName, String originName, String referenceCode) {
    }

    /**
     * A batch: one company, one standard entry class (PPD, CCD, WEB, ...), one company entry
     * description and one effective date (YYMMDD). Service class 200 mixed, 220 credits only, 225 debits only.
     */
    public record Batch(String serviceClassCode, String companyName, String companyDiscretionaryData, String companyIdentification,
                        String standardEntryClassCode, String companyEntryDescription, String companyDescriptiveDate,
                        String effectiveEntryDate, String originatorStatusCode, String originatingDfiIdentification, String batchNumber,
                        List<Entry> entries) {
    }

    /**
     * An entry. {@code receivingDfi} is the payee's full routing number (8 digits and the check
     * digit); {@code amount} in cents; {@code traceNumber} 15 digits (the originating bank's 8, then
     * a sequence). Transaction codes: 22/32 credit a checking/savings account, 27/37 debit one.
     */
    public record Entry(String transactionCode, String receivingDfi, String accountNumber, long amount, String individualIdentification,
                        String individualName, String discretionaryData, String traceNumber, List<Addenda> addenda) {

        public boolean debit() {
            return Integer.parseInt(transactionCode) % 10 >= 5;
        }
    }

    /** What follows an entry. */
    public sealed interface Addenda permits Remittance, Return, Change {
    }

    /** Addenda 05: the payer's text for the payee (up to 80 characters). */
    public record Remittance(String text) implements Addenda {
    }

    /** Addenda 99: the entry is a return of the entry traced by {@code originalTrace}, for {@code reasonCode} (R01...). */
    public record Return(String reasonCode, String originalTrace, String dateOfDeath, String originalReceivingDfi, String information,
                         String traceNumber) implements Addenda {
    }

    /** Addenda 98: a notification of change (C01...) for the entry traced by {@code originalTrace}: the payee's bank's corrected details. */
    public record Change(String changeCode, String originalTrace, String originalReceivingDfi, String correctedData,
                         String traceNumber) implements Addenda {
    }

    /** A file read back: its header and batches. */
    public record Read(Header header, List<Batch> batches) {
    }

    /** A file that is not a well-formed NACHA file, with every problem found. */
    public static final class Invalid extends RuntimeException {
        private final List<String> problems;

        Invalid(List<String> problems) {
            super("Not a well-formed NACHA file: " + String.join("; ", problems));
            this.problems = List.copyOf(problems);
        }

        public List<String> problems() {
            return problems;
        }
    }

    private NachaFile() {
    }

    public static String date(LocalDate date) {
        return date.format(YYMMDD);
    }

    /** The file (records ending in a line feed), every control computed, padded with filler records to full blocks of ten. */
    public static String write(Header header, List<Batch> batches) {
        List<String> lines = new ArrayList<>();
        lines.add(NachaLayout.FILE_HEADER.write(Map.ofEntries(Map.entry("priorityCode", "01"),
                Map.entry("immediateDestination", header.immediateDestination()), Map.entry("immediateOrigin", header.immediateOrigin()),
                Map.entry("fileCreationDate", header.creationDate()), Map.entry("fileCreationTime", header.creationTime()),
                Map.entry("fileIdModifier", header.fileIdModifier()), Map.entry("recordSize", "094"), Map.entry("blockingFactor", "10"),
                Map.entry("formatCode", "1"), Map.entry("immediateDestinationName", header.destinationName()),
                Map.entry("immediateOriginName", header.originName()), Map.entry("referenceCode", blankIfNull(header.referenceCode())))));
        Totals file = new Totals();
        for (Batch batch : batches) {
            lines.add(NachaLayout.BATCH_HEADER.write(Map.ofEntries(Map.entry("serviceClassCode", batch.serviceClassCode()),
                    Map.entry("companyName", batch.companyName()), Map.entry("companyDiscretionaryData", blankIfNull(batch.companyDiscretionaryData())),
                    Map.entry("companyIdentification", batch.companyIdentification()),
                    Map.entry("standardEntryClassCode", batch.standardEntryClassCode()),
                    Map.entry("companyEntryDescription", batch.companyEntryDescription()),
                    Map.entry("companyDescriptiveDate", blankIfNull(batch.companyDescriptiveDate())),
                    Map.entry("effectiveEntryDate", batch.effectiveEntryDate()), Map.entry("originatorStatusCode", batch.originatorStatusCode()),
                    Map.entry("originatingDfiIdentification", batch.originatingDfiIdentification()),
                    Map.entry("batchNumber", batch.batchNumber()))));
            Totals totals = new Totals();
            for (Entry entry : batch.entries()) {
                lines.add(NachaLayout.ENTRY_DETAIL.write(entryValues(entry)));
                totals.add(entry);
                int sequence = 0;
                for (Addenda addenda : entry.addenda()) {
                    lines.add(addendaRecord(addenda, ++sequence, entry.traceNumber()));
                }
            }
            lines.add(NachaLayout.BATCH_CONTROL.write(Map.ofEntries(Map.entry("serviceClassCode", batch.serviceClassCode()),
                    Map.entry("entryAddendaCount", Integer.toString(totals.records)), Map.entry("entryHash", Long.toString(totals.hash())),
                    Map.entry("totalDebitEntryDollarAmount", Long.toString(totals.debits)),
                    Map.entry("totalCreditEntryDollarAmount", Long.toString(totals.credits)),
                    Map.entry("companyIdentification", batch.companyIdentification()),
                    Map.entry("originatingDfiIdentification", batch.originatingDfiIdentification()),
                    Map.entry("batchNumber", batch.batchNumber()))));
            file.add(totals);
        }
        int blocks = (lines.size() + 1 + NachaLayout.BLOCKING_FACTOR - 1) / NachaLayout.BLOCKING_FACTOR;
        lines.add(NachaLayout.FILE_CONTROL.write(Map.of("batchCount", Integer.toString(batches.size()), "blockCount", Integer.toString(blocks),
                "entryAddendaCount", Integer.toString(file.records), "entryHash", Long.toString(file.hash()),
                "totalDebitEntryDollarAmount", Long.toString(file.debits), "totalCreditEntryDollarAmount", Long.toString(file.credits))));
        while (lines.size() % NachaLayout.BLOCKING_FACTOR != 0) {
            lines.add(NachaLayout.FILLER);
        }
        return String.join("\n", lines) + "\n";
    }

    private static Map<String, String> entryValues(Entry entry) {
        if (entry.receivingDfi() == null || !entry.receivingDfi().matches("\\d{9}")) {
            throw new IllegalArgumentException("A receiving DFI is a routing number of 9 digits, not " + entry.receivingDfi());
        }
        Map<String, String> values = new HashMap<>();
        values.put("transactionCode", entry.transactionCode());
        values.put("receivingDfiIdentification", entry.receivingDfi().substring(0, 8));
        values.put("checkDigit", entry.receivingDfi().substring(8));
        values.put("dfiAccountNumber", entry.accountNumber());
        values.put("amount", Long.toString(entry.amount()));
        values.put("individualIdentificationNumber", blankIfNull(entry.individualIdentification()));
        values.put("individualName", entry.individualName());
        values.put("discretionaryData", blankIfNull(entry.discretionaryData()));
        values.put("addendaRecordIndicator", entry.addenda().isEmpty() ? "0" : "1");
        values.put("traceNumber", entry.traceNumber());
        return values;
    }

    private static String addendaRecord(Addenda addenda, int sequence, String entryTrace) {
        if (addenda instanceof Remittance remittance) {
            return NachaLayout.ADDENDA.write(Map.of("addendaTypeCode", "05", "paymentRelatedInformation", remittance.text(),
                    "addendaSequenceNumber", Integer.toString(sequence), "entryDetailSequenceNumber", entryTrace.substring(entryTrace.length() - 7)));
        }
        if (addenda instanceof Return r) {
            return NachaLayout.RETURN_ADDENDA.write(Map.of("addendaTypeCode", "99", "returnReasonCode", r.reasonCode(),
                    "originalEntryTraceNumber", r.originalTrace(), "dateOfDeath", blankIfNull(r.dateOfDeath()),
                    "originalReceivingDfiIdentification", r.originalReceivingDfi(), "addendaInformation", blankIfNull(r.information()),
                    "traceNumber", r.traceNumber()));
        }
        Change c = (Change) addenda;
        return NachaLayout.CHANGE_ADDENDA.write(Map.of("addendaTypeCode", "98", "changeCode", c.changeCode(),
                "originalEntryTraceNumber", c.originalTrace(), "originalReceivingDfiIdentification", c.originalReceivingDfi(),
                "correctedData", c.correctedData(), "traceNumber", c.traceNumber()));
    }

    private static String blankIfNull(String value) {
        return value == null ? "" : value;
    }

    /** Counts, hash and totals of what a batch or file holds. */
    private static final class Totals {
        int records;
        long hashSum;
        long debits;
        long credits;

        void add(Entry entry) {
            records += 1 + entry.addenda().size();
            hashSum += Long.parseLong(entry.receivingDfi().substring(0, 8));
            if (entry.debit()) {
                debits += entry.amount();
            } else {
                credits += entry.amount();
            }
        }

        void add(Totals batch) {
            records += batch.records;
            hashSum += batch.hashSum;
            debits += batch.debits;
            credits += batch.credits;
        }

        long hash() {
            return hashSum % HASH_MODULUS;
        }
    }

    /** The file's batches and entries; {@link Invalid} listing every malformed record and every control that does not add up. */
    public static Read read(String content) {
        List<String> problems = new ArrayList<>();
        List<String> lines = content.lines().filter(line -> !line.isEmpty()).toList();
        Header header = null;
        List<Batch> batches = new ArrayList<>();
        Map<String, String> batchHeader = null;
        List<Entry> entries = new ArrayList<>();
        Entry open = null;
        List<Addenda> openAddenda = new ArrayList<>();
        boolean openIndicated = false;
        Totals file = new Totals();
        boolean ended = false;
        for (int i = 0; i < lines.size() && problems.size() < 20; i++) {
            String line = lines.get(i);
            String where = "line " + (i + 1);
            if (line.length() != NachaLayout.LENGTH) {
                problems.add(where + " is " + line.length() + " characters long, not " + NachaLayout.LENGTH);
                continue;
            }
            if (ended) {
                if (!line.equals(NachaLayout.FILLER)) {
                    problems.add(where + " follows the file control record and is not a filler record");
                }
                continue;
            }
            char type = line.charAt(0);
            try {
                if (type != '7' && open != null) {
                    if (openIndicated == openAddenda.isEmpty()) {
                        problems.add("the entry traced " + open.traceNumber() + " says it has " + (openIndicated ? "" : "no ")
                                + "addenda; " + openAddenda.size() + " follow");
                    }
                    entries.add(withAddenda(open, openAddenda));
                    open = null;
                }
                if (header == null && type != '1') {
                    problems.add(where + " comes before the file header");
                }
                switch (type) {
                    case '1' -> {
                        if (header != null) {
                            problems.add(where + " is a second file header");
                        }
                        header = header(NachaLayout.FILE_HEADER.read(line));
                    }
                    case '5' -> {
                        if (batchHeader != null) {
                            problems.add(where + " opens a batch while batch " + batchHeader.get("batchNumber") + " is still open");
                        }
                        batchHeader = NachaLayout.BATCH_HEADER.read(line);
                        entries = new ArrayList<>();
                    }
                    case '6' -> {
                        if (batchHeader == null) {
                            problems.add(where + " is an entry outside a batch");
                        }
                        Map<String, String> values = NachaLayout.ENTRY_DETAIL.read(line);
                        open = entry(values);
                        openIndicated = "1".equals(values.get("addendaRecordIndicator"));
                        openAddenda = new ArrayList<>();
                    }
                    case '7' -> {
                        if (open == null) {
                            problems.add(where + " is an addenda record without an entry");
                        } else {
                            openAddenda.add(addenda(line));
                        }
                    }
                    case '8' -> {
                        if (batchHeader == null) {
                            problems.add(where + " closes a batch that was not opened");
                            continue;
                        }
                        Batch batch = batch(batchHeader, entries);
                        Totals totals = new Totals();
                        batch.entries().forEach(totals::add);
                        Map<String, String> control = NachaLayout.BATCH_CONTROL.read(line);
                        String named = where + " (batch " + batch.batchNumber() + ")";
                        check(named, control, totals, problems);
                        for (String field : List.of("serviceClassCode", "batchNumber", "originatingDfiIdentification")) {
                            if (!control.get(field).equals(batchHeader.get(field))) {
                                problems.add(named + " states " + field + " " + control.get(field) + "; its header says " + batchHeader.get(field));
                            }
                        }
                        file.add(totals);
                        batches.add(batch);
                        batchHeader = null;
                    }
                    case '9' -> {
                        if (batchHeader != null) {
                            problems.add(where + " ends the file while batch " + batchHeader.get("batchNumber") + " is still open");
                        }
                        Map<String, String> control = NachaLayout.FILE_CONTROL.read(line);
                        check(where + " (file)", control, file, problems);
                        if (Integer.parseInt(control.get("batchCount")) != batches.size()) {
                            problems.add(where + " counts " + Integer.parseInt(control.get("batchCount")) + " batches; the file has " + batches.size());
                        }
                        int blocks = (lines.size() + NachaLayout.BLOCKING_FACTOR - 1) / NachaLayout.BLOCKING_FACTOR;
                        if (Integer.parseInt(control.get("blockCount")) != blocks) {
                            problems.add(where + " counts " + Integer.parseInt(control.get("blockCount")) + " blocks; the file has " + blocks);
                        }
                        ended = true;
                    }
                    default -> problems.add(where + " has record type '" + type + "', not one of 1, 5, 6, 7, 8, 9");
                }
            } catch (IllegalArgumentException e) {
                problems.add(where + ": " + e.getMessage());
            }
        }
        if (header == null) {
            problems.add("no file header record");
        }
        if (!ended) {
            problems.add("no file control record");
        }
        if (!problems.isEmpty()) {
            throw new Invalid(problems);
        }
        return new Read(header, List.copyOf(batches));
    }

    private static void check(String where, Map<String, String> control, Totals computed, List<String> problems) {
        compare(where, "entry and addenda count", Long.parseLong(control.get("entryAddendaCount")), computed.records, problems);
        compare(where, "entry hash", Long.parseLong(control.get("entryHash")), computed.hash(), problems);
        compare(where, "debit total", Long.parseLong(control.get("totalDebitEntryDollarAmount")), computed.debits, problems);
        compare(where, "credit total", Long.parseLong(control.get("totalCreditEntryDollarAmount")), computed.credits, problems);
    }

    private static void compare(String where, String what, long stated, long computed, List<String> problems) {
        if (stated != computed) {
            problems.add(where + " states " + what + " " + stated + "; its records add up to " + computed);
        }
    }

    private static Header header(Map<String, String> v) {
        return new Header(v.get("immediateDestination"), v.get("immediateOrigin"), v.get("fileCreationDate"), v.get("fileCreationTime"),
                v.get("fileIdModifier"), v.get("immediateDestinationName"), v.get("immediateOriginName"), v.get("referenceCode"));
    }

    private static Batch batch(Map<String, String> v, List<Entry> entries) {
        return new Batch(v.get("serviceClassCode"), v.get("companyName"), v.get("companyDiscretionaryData"), v.get("companyIdentification"),
                v.get("standardEntryClassCode"), v.get("companyEntryDescription"), v.get("companyDescriptiveDate"),
                v.get("effectiveEntryDate"), v.get("originatorStatusCode"), v.get("originatingDfiIdentification"), v.get("batchNumber"),
                List.copyOf(entries));
    }

    private static Entry entry(Map<String, String> v) {
        return new Entry(v.get("transactionCode"), v.get("receivingDfiIdentification") + v.get("checkDigit"), v.get("dfiAccountNumber"),
                Long.parseLong(v.get("amount")), v.get("individualIdentificationNumber"), v.get("individualName"),
                v.get("discretionaryData"), v.get("traceNumber"), List.of());
    }

    private static Entry withAddenda(Entry entry, List<Addenda> addenda) {
        return new Entry(entry.transactionCode(), entry.receivingDfi(), entry.accountNumber(), entry.amount(),
                entry.individualIdentification(), entry.individualName(), entry.discretionaryData(), entry.traceNumber(), List.copyOf(addenda));
    }

    private static Addenda addenda(String line) {
        return switch (line.substring(1, 3)) {
            case "05" -> new Remittance(NachaLayout.ADDENDA.read(line).get("paymentRelatedInformation"));
            case "99" -> {
                Map<String, String> v = NachaLayout.RETURN_ADDENDA.read(line);
                yield new Return(v.get("returnReasonCode"), v.get("originalEntryTraceNumber"), v.get("dateOfDeath"),
                        v.get("originalReceivingDfiIdentification"), v.get("addendaInformation"), v.get("traceNumber"));
            }
            case "98" -> {
                Map<String, String> v = NachaLayout.CHANGE_ADDENDA.read(line);
                yield new Change(v.get("changeCode"), v.get("originalEntryTraceNumber"), v.get("originalReceivingDfiIdentification"),
                        v.get("correctedData"), v.get("traceNumber"));
            }
            default -> throw new IllegalArgumentException("addenda type " + line.substring(1, 3) + " is not 05, 98 or 99");
        };
    }
}
