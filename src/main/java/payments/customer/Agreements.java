package payments.customer;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Optional;

/** The agreements a customer accepts before moving money, and the versions in force. */
public final class Agreements {

    public static final String END_USER_TERMS = "END_USER_TERMS";
    public static final String CURRENT_TERMS_VERSION = "V1";

    /** One entry of GET /customers/agreements. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Agreement(String type, String version, String url) {
    }

    /** GET /customers/end-user-terms (deprecated). */
    public record EndUserTerms(String version, String url) {
    }

    public record AgreementList(List<Agreement> data) {
    }

    private static final List<Agreement> CURRENT = List.of(
            new Agreement(END_USER_TERMS, CURRENT_TERMS_VERSION, "https://payments.invalid/legal/end-user-terms/v1"),
            new Agreement("PRIVACY_POLICY", "V1", "https://payments.invalid/legal/privacy-policy/v1"));

    private Agreements() {
    }

    public static List<Agreement> current() {
        return CURRENT;
    }

    public static List<String> types() {
        return CURRENT.stream().map(Agreement::type).toList();
    }

    public static Optional<Agreement> find(String type, String version) {
        return CURRENT.stream().filter(a -> a.type().equals(type) && a.version().equals(version)).findFirst();
    }

    public static EndUserTerms endUserTerms() {
        Agreement terms = find(END_USER_TERMS, CURRENT_TERMS_VERSION).orElseThrow();
        return new EndUserTerms(terms.version(), terms.url());
    }
}
