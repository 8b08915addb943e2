package payments.console;

import io.quarkus.qute.TemplateExtension;

import java.util.Map;

/** Names the console's pages show for the API's answers (maps, as the pages receive them). */
@TemplateExtension
final class ConsoleNames {

    private ConsoleNames() {
    }

    /** A customer's name: the person's, else the business's legal name, else its id (a customer may have neither name yet). */
    static Object customerName(Map<String, Object> customer) {
        if (customer.get("fullName") != null) {
            return customer.get("fullName");
        }
        if (customer.get("businessInfo") instanceof Map<?, ?> business && business.get("legalName") != null) {
            return business.get("legalName");
        }
        return customer.get("id");
    }
}
