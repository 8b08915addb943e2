package payments.incoming;

import com.fasterxml.jackson.databind.JsonNode;
import payments.customer.Customer;
import payments.quote.ReceiverService.FieldDefinition;

import java.util.ArrayList;
import java.util.List;

/**
 * What a sending institution asks to know about the receiver of an incoming payment, and whether
 * the platform's answer has it. Pure. Only what the customer record lacks is asked for.
 */
public final class ReceiverInfoFields {

    private ReceiverInfoFields() {
    }

    /**
     * The sandbox sender screens individuals by nationality (mandatory) and would like a postal
     * address (optional) for anyone.
     */
    public static List<FieldDefinition> requestedFor(String customerType, JsonNode profile) {
        List<FieldDefinition> fields = new ArrayList<>();
        if (Customer.INDIVIDUAL.equals(customerType) && !present(profile.path("nationality"))) {
            fields.add(new FieldDefinition("NATIONALITY", true));
        }
        if (!present(profile.path("address"))) {
            fields.add(new FieldDefinition("POSTAL_ADDRESS", false));
        }
        return fields;
    }

    /** The mandatory fields {@code info} (the platform's receiverCustomerInfo, maybe null) leaves out. */
    public static List<String> missingMandatory(List<FieldDefinition> requested, JsonNode info) {
        return requested.stream()
                .filter(FieldDefinition::mandatory)
                .map(FieldDefinition::name)
                .filter(name -> info == null || !present(info.path(name)))
                .toList();
    }

    private static boolean present(JsonNode value) {
        return !value.isMissingNode() && !value.isNull() && !(value.isTextual() && value.asText().isBlank())
                && !(value.isContainerNode() && value.isEmpty());
    }
}
