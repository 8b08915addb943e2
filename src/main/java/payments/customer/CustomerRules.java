package payments.customer;

import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.FieldRules;
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.Regions;
import payments.common.ServerClock;
import payments.common.schema.JsonSchema;
import payments.common.schema.RequestSchemas;
import payments.platform.PlatformSettings;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a customer request must satisfy beyond its schema: identifiers, currencies the platform
 * supports, UMA address form, agreement consents and their versions, "other" descriptions, dates
 * in the past, contact details for regions that verify them. Every invalid field is reported at once.
 */
@ApplicationScoped
public class CustomerRules {

    private final ServerClock clock;
    private final JsonSchema create;
    private final JsonSchema update;

    public CustomerRules(RequestSchemas schemas, ServerClock clock) {
        this.clock = clock;
        this.create = schemas.get(RequestSchemas.CUSTOMER_CREATE).withProperty("agreementConsents", AGREEMENT_CONSENTS);
        this.update = schemas.get(RequestSchemas.CUSTOMER_UPDATE).withProperty("agreementConsents", AGREEMENT_CONSENTS);
    }

    private static final Pattern UMA_ADDRESS = Pattern.compile("^\\$[a-z0-9][a-z0-9._-]{0,63}@[a-z0-9-]+(\\.[a-z0-9-]+)+$");

    /** agreementConsents is this interface's own field (the reference only has endUserTermsConsent). */
    private static final JsonSchema AGREEMENT_CONSENTS = JsonSchema.parse(JsonText.parse("""
            {"type": "array", "minItems": 1, "items": {"type": "object",
              "required": ["type", "version", "acceptedAt", "ipAddress", "acceptanceMethod"],
              "properties": {
                "type": {"type": "string", "enum": %s},
                "version": {"type": "string", "minLength": 1, "maxLength": 32},
                "acceptedAt": {"type": "string", "format": "date-time"},
                "ipAddress": {"type": "string", "minLength": 1, "maxLength": 45},
                "acceptanceMethod": {"type": "string", "enum": ["CHECKBOX", "CLICK_TO_ACCEPT"]}}}}
            """.formatted(Agreements.types().stream().map(t -> '"' + t + '"').toList())));

    /** The request checked against its schema and these rules (400 listing every invalid field), and its agreement versions. */
    CustomerRequest checked(JsonBody<CustomerRequest> body, PlatformSettings settings, boolean creating) {
        CustomerRequest request = body.checked(creating ? create : update).valid((given, errors) -> {
            // Without a known customerType the schema could not pick the fields' variant, nor can the rules.
            if (given.customerType() != null) {
                checkRules(given, settings, creating, errors);
            }
        });
        checkAgreementVersions(request);
        return request;
    }

    private void checkRules(CustomerRequest request, PlatformSettings settings, boolean creating, List<FieldError> errors) {
        String platformCustomerId = request.platformCustomerId();
        if (platformCustomerId != null && (platformCustomerId.length() > 255 || platformCustomerId.isBlank())) {
            errors.add(new FieldError("platformCustomerId", FieldError.Constraint.length(1, 255), "Must be 1 to 255 characters"));
        }
        List<String> currencies = request.currencies();
        if (currencies != null) {
            List<String> supported = settings.supportedCurrencyCodes();
            Set<String> seen = new LinkedHashSet<>();
            for (int i = 0; i < currencies.size(); i++) {
                String code = currencies.get(i);
                if (!supported.contains(code)) {
                    errors.add(new FieldError("currencies[" + i + "]", FieldError.Constraint.oneOf(supported),
                            "Not a currency this platform supports"));
                } else if (!seen.add(code)) {
                    errors.add(FieldError.of("currencies[" + i + "]", "Duplicate currency " + code));
                }
            }
            if (currencies.isEmpty()) {
                errors.add(FieldError.of("currencies", "Must list at least one currency"));
            }
        }
        String uma = request.umaAddress();
        if (uma != null && !UMA_ADDRESS.matcher(uma).matches()) {
            errors.add(new FieldError("umaAddress", FieldError.Constraint.pattern(UMA_ADDRESS.pattern()),
                    "Must be an UMA address such as $alice@example.com"));
        }
        if (request.agreementConsents() != null && request.endUserTermsConsent() != null) {
            errors.add(FieldError.of("endUserTermsConsent", "Deprecated: send agreementConsents or endUserTermsConsent, not both"));
        }
        if (request.individual()) {
            checkIdentification(request, errors);
            checkOtherDescription(request.sourceOfFundsCategories(), "sourceOfFundsCategories",
                    request.sourceOfFundsOtherDescription(), "sourceOfFundsOtherDescription", "", errors);
            checkOtherDescription(request.sourceOfWealthCategories(), "sourceOfWealthCategories",
                    request.sourceOfWealthOtherDescription(), "sourceOfWealthOtherDescription", "", errors);
            checkOtherDescription(listOf(request.purposeOfAccount()), "purposeOfAccount",
                    request.purposeOfAccountOtherDescription(), "purposeOfAccountOtherDescription", "", errors);
            FieldRules.notInFuture(request.birthDate(), "birthDate", clock.today(), errors);
        } else if (request.businessInfo() != null) {
            CustomerRequest.BusinessInfo info = request.businessInfo();
            checkOtherDescription(info.sourceOfFundsCategories(), "sourceOfFundsCategories",
                    info.sourceOfFundsOtherDescription(), "sourceOfFundsOtherDescription", "businessInfo.", errors);
            checkOtherDescription(listOf(info.purposeOfAccount()), "purposeOfAccount",
                    info.purposeOfAccountOtherDescription(), "purposeOfAccountOtherDescription", "businessInfo.", errors);
            FieldRules.notInFuture(info.incorporatedOn(), "businessInfo.incorporatedOn", clock.today(), errors);
        }
        if (creating && Regions.requiresContactVerification(request.region())) {
            if (request.email() == null) {
                errors.add(FieldError.of("email", "Is required for customers in region " + request.region()));
            }
            if (request.phoneNumber() == null) {
                errors.add(FieldError.of("phoneNumber", "Is required for customers in region " + request.region()));
            }
        }
        if (!creating && request.email() != null && request.phoneNumber() != null) {
            errors.add(FieldError.of("phoneNumber", "Update email and phoneNumber in separate requests"));
        }
    }

    private static void checkIdentification(CustomerRequest request, List<FieldError> errors) {
        String idType = request.idType();
        if (idType != null && !Set.of("SSN", "ITIN").contains(idType)) {
            errors.add(new FieldError("idType", FieldError.Constraint.oneOf(List.of("SSN", "ITIN")),
                    "Only SSN and ITIN are accepted for individuals"));
        } else {
            FieldRules.identification(idType, request.identifier(), "", errors);
        }
        if (request.countryOfIssuance() != null && !"US".equals(request.countryOfIssuance())) {
            errors.add(new FieldError("countryOfIssuance", FieldError.Constraint.oneOf(List.of("US")),
                    "SSN and ITIN are issued by the US"));
        }
    }

    private static List<String> listOf(String value) {
        return value == null ? null : List.of(value);
    }

    private static void checkOtherDescription(List<String> values, String field, String description, String descriptionField,
                                              String prefix, List<FieldError> errors) {
        if (values != null && values.contains("OTHER") && (description == null || description.isBlank())) {
            errors.add(FieldError.of(prefix + descriptionField, "Is required when " + field + " includes OTHER"));
        }
    }

    private static void checkAgreementVersions(CustomerRequest request) {
        CustomerRequest.TermsConsent terms = request.endUserTermsConsent();
        if (terms != null && Agreements.find(Agreements.END_USER_TERMS, terms.termsVersion()).isEmpty()) {
            throw new ApiException(ErrorCode.END_USER_TERMS_VERSION_NOT_FOUND, "End User Terms version " + terms.termsVersion()
                    + " does not exist; the current one is " + Agreements.CURRENT_TERMS_VERSION);
        }
        for (CustomerRequest.AgreementConsent consent : request.agreementConsents() == null
                ? List.<CustomerRequest.AgreementConsent>of() : request.agreementConsents()) {
            if (Agreements.find(consent.type(), consent.version()).isEmpty()) {
                throw new ApiException(ErrorCode.END_USER_TERMS_VERSION_NOT_FOUND, "Agreement " + consent.type()
                        + " has no version " + consent.version() + "; see GET /customers/agreements");
            }
        }
    }
}
