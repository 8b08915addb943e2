package payments.customer;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.JsonText;

import java.util.List;

/** The agreements a customer accepted: kept by type, with the End User Terms mirrored as the reference's endUserTermsConsent. */
@ApplicationScoped
public class CustomerConsents {

    private final JsonText json;
    private final ObjectMapper mapper;

    public CustomerConsents(JsonText json, ObjectMapper mapper) {
        this.json = json;
        this.mapper = mapper;
    }

    /** Terms on file: required before the customer can get quotes. */
    public static boolean hasAcceptedTerms(Customer customer) {
        return customer.termsConsent != null;
    }

    /** Keeps the agreement consents (replacing by type) and mirrors the End User Terms one. */
    void recordConsents(Customer customer, CustomerRequest.TermsConsent termsConsent,
                        List<CustomerRequest.AgreementConsent> consents) {
        if (termsConsent != null) {
            customer.termsConsent = json.write(termsConsent);
        }
        if (consents == null) {
            return;
        }
        ArrayNode stored = customer.agreementConsents == null ? mapper.createArrayNode()
                : (ArrayNode) json.read(customer.agreementConsents);
        for (CustomerRequest.AgreementConsent consent : consents) {
            for (int i = stored.size() - 1; i >= 0; i--) {
                if (stored.get(i).path("type").asText().equals(consent.type())) {
                    stored.remove(i);
                }
            }
            stored.add(mapper.valueToTree(consent));
            if (Agreements.END_USER_TERMS.equals(consent.type())) {
                customer.termsConsent = json.write(consent.asTermsConsent());
            }
        }
        customer.agreementConsents = json.write(stored);
    }
}
