package payments.quote;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The quote's {@code counterpartyInformation}: what is known of the receiver, limited to the fields
 * the platform's config requires for the receiving currency ({@code requiredCounterpartyFields}).
 * Known means a field of the receiving customer's profile or of the external account's beneficiary;
 * a required field nobody gave is left out. Null when nothing is required or known.
 */
final class CounterpartyInformation {

    /** Each upper-case key and the person-document fields that hold it, first present wins. */
    private static final Map<String, List<String>> SOURCES = Map.of(
            "FULL_NAME", List.of("fullName", "legalName", "businessInfo.legalName"),
            "COMPANY_LEGAL_NAME", List.of("legalName", "businessInfo.legalName"),
            "BIRTH_DATE", List.of("birthDate"),
            "NATIONALITY", List.of("nationality"),
            "COUNTRY_OF_RESIDENCE", List.of("countryOfResidence", "address.country"),
            "EMAIL", List.of("email"),
            "PHONE_NUMBER", List.of("phoneNumber"));

    private CounterpartyInformation() {
    }

    /**
     * @param required the field names the receiving currency's config requires
     * @param receiver the receiver as a document (a customer profile with email and phoneNumber, or a
     *                 beneficiary), read only when a field is required; null when nothing is known
     */
    static Map<String, String> of(List<String> required, Supplier<JsonNode> receiver) {
        JsonNode person = required.isEmpty() || receiver == null ? null : receiver.get();
        if (person == null) {
            return null;
        }
        Map<String, String> known = new LinkedHashMap<>();
        for (String field : required) {
            for (String path : SOURCES.getOrDefault(field, List.of())) {
                JsonNode value = person.at("/" + path.replace('.', '/'));
                if (value.isTextual() && !value.asText().isBlank()) {
                    known.put(field, value.asText());
                    break;
                }
            }
        }
        return known.isEmpty() ? null : known;
    }
}
