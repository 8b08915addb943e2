package payments.customer;

import com.fasterxml.jackson.annotation.JsonInclude;
import payments.common.ServerConfig;

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

    public static final String PRIVACY_POLICY = "PRIVACY_POLICY";
    /** The versions in force; their URLs come from configuration. */
    private static final List<Agreement> CURRENT = List.of(
            new Agreement(END_USER_TERMS, CURRENT_TERMS_VERSION, null),
            new Agreement(PRIVACY_POLICY, "V1", null));

    private Agreements() {
    }

    public static List<Agreement> current(ServerConfig.AgreementUrls urls) {
        return CURRENT.stream().map(a -> new Agreement(a.type(), a.version(),
                END_USER_TERMS.equals(a.type()) ? urls.endUserTermsUrl() : urls.privacyPolicyUrl())).toList();
    }

    public static List<String> types() {
        return CURRENT.stream().map(Agreement::type).toList();
    }

    public static Optional<Agreement> find(String type, String version) {
        return CURRENT.stream().filter(a -> a.type().equals(type) && a.version().equals(version)).findFirst();
    }

    public static EndUserTerms endUserTerms(ServerConfig.AgreementUrls urls) {
        return new EndUserTerms(CURRENT_TERMS_VERSION, urls.endUserTermsUrl());
    }
}
