package payments.customer.bulk;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import payments.common.ApiException;
import payments.common.FieldError;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The bulk-import CSV: one customer per row, columns as the reference names them, each row turned
 * into the body {@code POST /customers} takes. Pure.
 */
public final class CustomerCsv {

    public static final int MAX_ROWS = 10_000;
    static final List<String> REQUIRED_COLUMNS = List.of("platformCustomerId", "customerType");
    private static final List<String> ADDRESS_CELLS = List.of("addressLine1", "city", "state", "postalCode", "country");
    private static final Map<String, List<String>> REQUIRED_CELLS = Map.of(
            "INDIVIDUAL", concat(List.of("platformCustomerId", "customerType", "fullName", "birthDate"), ADDRESS_CELLS),
            "BUSINESS", concat(List.of("platformCustomerId", "customerType", "businessLegalName"), ADDRESS_CELLS));
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final CSVFormat FORMAT = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true)
            .setIgnoreEmptyLines(true).setTrim(true).get();

    /** A data row: its 1-based number, the id failures are reported under, and the customer body. */
    public record Row(int number, String correlationId, ObjectNode body, List<FieldError> missing) {
    }

    private CustomerCsv() {
    }

    /** Reads the whole file; a file that is not a usable customer CSV is a 400 at upload. */
    public static List<Row> rows(String text) {
        String content = text.startsWith("\uFEFF") ? text.substring(1) : text;
        try (CSVParser parser = CSVParser.parse(new StringReader(content), FORMAT)) {
            List<String> header = parser.getHeaderNames();
            List<FieldError> missing = REQUIRED_COLUMNS.stream().filter(column -> !header.contains(column))
                    .map(column -> FieldError.of("file", "The header has no " + column + " column")).toList();
            if (!missing.isEmpty()) {
                throw ApiException.invalidInput(missing);
            }
            List<Row> rows = new ArrayList<>();
            for (CSVRecord record : parser) {
                if (rows.size() == MAX_ROWS) {
                    throw ApiException.invalidField("file", null, "Has more than " + MAX_ROWS + " rows; split it");
                }
                rows.add(row(rows.size() + 1, record));
            }
            if (rows.isEmpty()) {
                throw ApiException.invalidField("file", null, "Has a header but no customer rows");
            }
            return rows;
        } catch (IOException | UncheckedIOException | IllegalArgumentException | IllegalStateException e) {
            throw ApiException.invalidField("file", null, "Is not a readable CSV file: " + e.getMessage());
        }
    }

    private static Row row(int number, CSVRecord record) {
        String platformCustomerId = cell(record, "platformCustomerId");
        String type = cell(record, "customerType");
        List<FieldError> missing = REQUIRED_CELLS.getOrDefault(type, REQUIRED_COLUMNS).stream()
                .filter(column -> cell(record, column) == null)
                .map(column -> FieldError.of(column, "Is required for " + (type == null ? "every" : type) + " rows"))
                .toList();
        ObjectNode body = MAPPER.createObjectNode();
        put(body, "platformCustomerId", platformCustomerId);
        put(body, "customerType", type);
        String uma = cell(record, "umaAddress");
        put(body, "umaAddress", uma == null || uma.startsWith("$") ? uma : "$" + uma);
        put(body, "email", cell(record, "email"));
        put(body, "phoneNumber", cell(record, "phoneNumber"));
        put(body, "region", cell(record, "region"));
        ObjectNode address = MAPPER.createObjectNode();
        put(address, "line1", cell(record, "addressLine1"));
        put(address, "line2", cell(record, "addressLine2"));
        put(address, "city", cell(record, "city"));
        put(address, "state", cell(record, "state"));
        put(address, "postalCode", cell(record, "postalCode"));
        put(address, "country", cell(record, "country"));
        if (!address.isEmpty()) {
            body.set("address", address);
        }
        if ("BUSINESS".equals(type)) {
            ObjectNode info = body.putObject("businessInfo");
            put(info, "legalName", cell(record, "businessLegalName"));
            put(info, "registrationNumber", cell(record, "businessRegistrationNumber"));
            put(info, "taxId", cell(record, "businessTaxId"));
            put(info, "incorporatedOn", cell(record, "businessIncorporatedOn"));
            String country = cell(record, "businessCountry");
            put(info, "country", country != null ? country : cell(record, "country"));
        } else {
            put(body, "fullName", cell(record, "fullName"));
            put(body, "birthDate", cell(record, "birthDate"));
            put(body, "nationality", cell(record, "nationality"));
        }
        return new Row(number, platformCustomerId != null ? platformCustomerId : "row_" + number, body, missing);
    }

    private static String cell(CSVRecord record, String column) {
        if (!record.isMapped(column) || !record.isSet(column)) {
            return null;
        }
        String value = record.get(column);
        return value == null || value.isBlank() ? null : value;
    }

    private static void put(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }
}
