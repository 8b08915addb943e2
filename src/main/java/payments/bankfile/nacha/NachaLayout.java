package payments.bankfile.nacha;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The NACHA record layouts as data: each record type's fields, where each starts (1-based, as the
 * NACHA Operating Rules' Appendix Three prints them), how long it is and whether it is numeric
 * (right-justified, zero-filled) or alphanumeric (left-justified, space-filled). Every layout covers
 * the 94 characters of a record exactly ({@link #LENGTH}), which the class checks when it loads.
 * Pure: {@link #write} and {@link #read} turn a record into its field values and back.
 */
public enum NachaLayout {

    FILE_HEADER('1', List.of(
            n("recordTypeCode", 1, 1), n("priorityCode", 2, 2), an("immediateDestination", 4, 10), an("immediateOrigin", 14, 10),
            n("fileCreationDate", 24, 6), n("fileCreationTime", 30, 4), an("fileIdModifier", 34, 1), n("recordSize", 35, 3),
            n("blockingFactor", 38, 2), n("formatCode", 40, 1), an("immediateDestinationName", 41, 23),
            an("immediateOriginName", 64, 23), an("referenceCode", 87, 8))),

    BATCH_HEADER('5', List.of(
            n("recordTypeCode", 1, 1), n("serviceClassCode", 2, 3), an("companyName", 5, 16), an("companyDiscretionaryData", 21, 20),
            an("companyIdentification", 41, 10), an("standardEntryClassCode", 51, 3), an("companyEntryDescription", 54, 10),
            an("companyDescriptiveDate", 64, 6), an("effectiveEntryDate", 70, 6), an("settlementDate", 76, 3),
            an("originatorStatusCode", 79, 1), n("originatingDfiIdentification", 80, 8), n("batchNumber", 88, 7))),

    ENTRY_DETAIL('6', List.of(
            n("recordTypeCode", 1, 1), n("transactionCode", 2, 2), n("receivingDfiIdentification", 4, 8), n("checkDigit", 12, 1),
            an("dfiAccountNumber", 13, 17), n("amount", 30, 10), an("individualIdentificationNumber", 40, 15),
            an("individualName", 55, 22), an("discretionaryData", 77, 2), n("addendaRecordIndicator", 79, 1),
            n("traceNumber", 80, 15))),

    /** Addenda type 05: the payer's remittance text (PPD, CCD, WEB). */
    ADDENDA('7', List.of(
            n("recordTypeCode", 1, 1), n("addendaTypeCode", 2, 2), an("paymentRelatedInformation", 4, 80),
            n("addendaSequenceNumber", 84, 4), n("entryDetailSequenceNumber", 88, 7))),

    /** Addenda type 99: why the receiving bank returned an entry. */
    RETURN_ADDENDA('7', List.of(
            n("recordTypeCode", 1, 1), n("addendaTypeCode", 2, 2), an("returnReasonCode", 4, 3), n("originalEntryTraceNumber", 7, 15),
            an("dateOfDeath", 22, 6), n("originalReceivingDfiIdentification", 28, 8), an("addendaInformation", 36, 44),
            n("traceNumber", 80, 15))),

    /** Addenda type 98: a notification of change, the receiving bank's corrected details for an account. */
    CHANGE_ADDENDA('7', List.of(
            n("recordTypeCode", 1, 1), n("addendaTypeCode", 2, 2), an("changeCode", 4, 3), n("originalEntryTraceNumber", 7, 15),
            an("reserved", 22, 6), n("originalReceivingDfiIdentification", 28, 8), an("correctedData", 36, 29),
            an("reservedAfterCorrectedData", 65, 15), n("traceNumber", 80, 15))),

    BATCH_CONTROL('8', List.of(
            n("recordTypeCode", 1, 1), n("serviceClassCode", 2, 3), n("entryAddendaCount", 5, 6), n("entryHash", 11, 10),
            n("totalDebitEntryDollarAmount", 21, 12), n("totalCreditEntryDollarAmount", 33, 12), an("companyIdentification", 45, 10),
            an("messageAuthenticationCode", 55, 19), an("reserved", 74, 6), n("originatingDfiIdentification", 80, 8),
            n("batchNumber", 88, 7))),

    FILE_CONTROL('9', List.of(
            n("recordTypeCode", 1, 1), n("batchCount", 2, 6), n("blockCount", 8, 6), n("entryAddendaCount", 14, 8),
            n("entryHash", 22, 10), n("totalDebitEntryDollarAmount", 32, 12), n("totalCreditEntryDollarAmount", 44, 12),
            an("reserved", 56, 39)));

    /** Every record is this long; files are padded with records of nines to a multiple of {@link #BLOCKING_FACTOR}. */
    public static final int LENGTH = 94;
    public static final int BLOCKING_FACTOR = 10;
    public static final String FILLER = "9".repeat(LENGTH);

    /** A field: 1-based start, length, numeric or alphanumeric. */
    public record Field(String name, int start, int length, boolean numeric) {
    }

    private final char type;
    private final List<Field> fields;

    NachaLayout(char type, List<Field> fields) {
        this.type = type;
        this.fields = fields;
        int next = 1;
        for (Field field : fields) {
            if (field.start() != next) {
                throw new IllegalStateException(name() + "." + field.name() + " starts at " + field.start() + ", not " + next);
            }
            next += field.length();
        }
        if (next != LENGTH + 1) {
            throw new IllegalStateException(name() + " covers " + (next - 1) + " characters, not " + LENGTH);
        }
    }

    public char type() {
        return type;
    }

    public List<Field> fields() {
        return fields;
    }

    /**
     * The record holding {@code values} (by field name; the record type code is filled in). A
     * numeric value must be digits and fit; an alphanumeric one must be printable ASCII and fit
     * (text is made so before it gets here): anything else is a bug, and throws.
     */
    public String write(Map<String, String> values) {
        StringBuilder record = new StringBuilder(LENGTH);
        for (Field field : fields) {
            String value = field.name().equals("recordTypeCode") ? String.valueOf(type) : values.getOrDefault(field.name(), "");
            if (value.length() > field.length()) {
                throw new IllegalArgumentException(name() + "." + field.name() + " is longer than " + field.length() + ": " + value);
            }
            if (field.numeric()) {
                if (!value.chars().allMatch(c -> c >= '0' && c <= '9')) {
                    throw new IllegalArgumentException(name() + "." + field.name() + " is not numeric: " + value);
                }
                record.append("0".repeat(field.length() - value.length())).append(value);
            } else {
                if (!value.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
                    throw new IllegalArgumentException(name() + "." + field.name() + " holds characters outside printable ASCII");
                }
                record.append(value).append(" ".repeat(field.length() - value.length()));
            }
        }
        return record.toString();
    }

    /** The record's field values by name, as written (numeric fields with their zeros, alphanumeric ones trimmed at the end). */
    public Map<String, String> read(String record) {
        if (record.length() != LENGTH || record.charAt(0) != type) {
            throw new IllegalArgumentException("Not a " + name() + " record of " + LENGTH + " characters");
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (Field field : fields) {
            String value = record.substring(field.start() - 1, field.start() - 1 + field.length());
            if (field.numeric() && !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
                throw new IllegalArgumentException(name() + "." + field.name() + " is not numeric: '" + value + "'");
            }
            values.put(field.name(), field.numeric() ? value : value.stripTrailing());
        }
        return values;
    }

    private static Field n(String name, int start, int length) {
        return new Field(name, start, length, true);
    }

    private static Field an(String name, int start, int length) {
        return new Field(name, start, length, false);
    }
}
