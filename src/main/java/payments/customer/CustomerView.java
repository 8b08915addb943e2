package payments.customer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.JsonText;

/** Renders a {@link Customer} in the wire's IndividualCustomer / BusinessCustomer shape. */
@ApplicationScoped
public class CustomerView {

    private final ObjectMapper mapper;
    private final JsonText json;

    public CustomerView(ObjectMapper mapper, JsonText json) {
        this.mapper = mapper;
        this.json = json;
    }

    public ObjectNode toWire(Customer customer) {
        ObjectNode out = mapper.createObjectNode();
        out.put("id", customer.wireId());
        out.put("platformCustomerId", customer.platformCustomerId);
        out.put("customerType", customer.customerType);
        out.put(customer.statusField(), customer.verificationStatus);
        putIfPresent(out, "region", customer.region);
        ArrayNode currencies = out.putArray("currencies");
        customer.currencyList().forEach(currencies::add);
        putIfPresent(out, "email", customer.email);
        putIfPresent(out, "phoneNumber", customer.phoneNumber);
        out.put("umaAddress", customer.umaAddress);
        out.setAll((ObjectNode) json.read(customer.profile));
        if (customer.termsConsent != null) {
            out.set("endUserTermsConsent", json.read(customer.termsConsent));
        }
        if (customer.agreementConsents != null) {
            out.set("agreementConsents", json.read(customer.agreementConsents));
        }
        if (customer.contactVerification != null) {
            JsonNode state = json.read(customer.contactVerification);
            out.putObject("contactVerification").put("email", state.path("email").asText())
                    .put("phone", state.path("phone").asText());
        }
        out.put("createdAt", customer.createdAt.toString());
        out.put("updatedAt", customer.updatedAt.toString());
        out.put("isDeleted", customer.isDeleted());
        return out;
    }

    /** The customer's name: full name, or legal name for a business, else the platform's id. */
    public String displayName(Customer customer) {
        JsonNode profile = json.read(customer.profile);
        JsonNode name = customer.isBusiness() ? profile.path("businessInfo").path("legalName") : profile.path("fullName");
        return name.isTextual() ? name.asText() : customer.platformCustomerId;
    }

    private static void putIfPresent(ObjectNode out, String field, String value) {
        if (value != null) {
            out.put(field, value);
        }
    }
}
