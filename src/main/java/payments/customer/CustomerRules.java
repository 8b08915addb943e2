package payments.customer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.UnknownFields;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.FieldRules;
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

    private final RequestSchemas schemas;
    private final ServerClock clock;

    public CustomerRules(RequestSchemas schemas, ServerClock clock) {
        this.schemas = schemas;
        this.clock = clock;
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

    /** The request validated against its schema and these rules (400 listing every invalid field). */
    ObjectNode validated(JsonNode body, String schemaName, PlatformSettings settings, boolean creating) {
        ObjectNode request = schemas.validate(body, schemaName,
                (valid, errors) -> checkRules(valid, body, settings, creating, errors));
        checkTermsVersions(request, body.get("agreementConsents"));
        return request;
    }

    private void checkRules(ObjectNode request, JsonNode body, PlatformSettings settings, boolean creating,
                            List<FieldError> errors) {
        String platformCustomerId = request.path("platformCustomerId").asText("");
        if (platformCustomerId.length() > 255 || request.has("platformCustomerId") && platformCustomerId.isBlank()) {
            errors.add(new FieldError("platformCustomerId", FieldError.Constraint.length(1, 255), "Must be 1 to 255 characters"));
        }
        JsonNode currencies = request.get("currencies");
        if (currencies != null) {
            List<String> supported = settings.supportedCurrencyCodes();
            Set<String> seen = new LinkedHashSet<>();
            for (int i = 0; i < currencies.size(); i++) {
                String code = currencies.get(i).asText();
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
        String uma = request.path("umaAddress").asText(null);
        if (uma != null && !UMA_ADDRESS.matcher(uma).matches()) {
            errors.add(new FieldError("umaAddress", FieldError.Constraint.pattern(UMA_ADDRESS.pattern()),
                    "Must be an UMA address such as $alice@example.com"));
        }
        JsonNode consents = body.get("agreementConsents");
        if (consents != null && !consents.isNull()) {
            errors.addAll(UnknownFields.validate(consents, AGREEMENT_CONSENTS, "agreementConsents").errors());
            if (request.has("endUserTermsConsent")) {
                errors.add(FieldError.of("endUserTermsConsent",
                        "Deprecated: send agreementConsents or endUserTermsConsent, not both"));
            }
        }
        if (Customer.INDIVIDUAL.equals(request.path("customerType").asText())) {
            checkIdentification(request, errors);
            checkOtherDescription(request, "sourceOfFundsCategories", "sourceOfFundsOtherDescription", "", errors);
            checkOtherDescription(request, "sourceOfWealthCategories", "sourceOfWealthOtherDescription", "", errors);
            checkOtherDescription(request, "purposeOfAccount", "purposeOfAccountOtherDescription", "", errors);
            checkPastDate(request, "birthDate", "", errors);
        } else if (request.has("businessInfo")) {
            JsonNode info = request.get("businessInfo");
            checkOtherDescription(info, "sourceOfFundsCategories", "sourceOfFundsOtherDescription", "businessInfo.", errors);
            checkOtherDescription(info, "purposeOfAccount", "purposeOfAccountOtherDescription", "businessInfo.", errors);
            checkPastDate(info, "incorporatedOn", "businessInfo.", errors);
        }
        if (creating && Regions.requiresContactVerification(request.path("region").asText(null))) {
            for (String field : List.of("email", "phoneNumber")) {
                if (!request.has(field)) {
                    errors.add(FieldError.of(field, "Is required for customers in region " + request.get("region").asText()));
                }
            }
        }
        if (!creating && request.has("email") && request.has("phoneNumber")) {
            errors.add(FieldError.of("phoneNumber", "Update email and phoneNumber in separate requests"));
        }
    }

    private static void checkIdentification(JsonNode request, List<FieldError> errors) {
        String idType = request.path("idType").asText(null);
        if (idType != null && !Set.of("SSN", "ITIN").contains(idType)) {
            errors.add(new FieldError("idType", FieldError.Constraint.oneOf(List.of("SSN", "ITIN")),
                    "Only SSN and ITIN are accepted for individuals"));
        } else {
            FieldRules.identification(request, "", errors);
        }
        if (request.has("countryOfIssuance") && !"US".equals(request.get("countryOfIssuance").asText())) {
            errors.add(new FieldError("countryOfIssuance", FieldError.Constraint.oneOf(List.of("US")),
                    "SSN and ITIN are issued by the US"));
        }
    }

    private static void checkOtherDescription(JsonNode node, String field, String description, String prefix,
                                              List<FieldError> errors) {
        JsonNode value = node.get(field);
        boolean other = value != null && (value.isArray()
                ? java.util.stream.StreamSupport.stream(value.spliterator(), false).anyMatch(v -> "OTHER".equals(v.asText()))
                : "OTHER".equals(value.asText()));
        if (other && node.path(description).asText("").isBlank()) {
            errors.add(FieldError.of(prefix + description, "Is required when " + field + " includes OTHER"));
        }
    }

    private void checkPastDate(JsonNode node, String field, String prefix, List<FieldError> errors) {
        FieldRules.notInFuture(node, field, prefix, clock.today(), errors);
    }

    private static void checkTermsVersions(JsonNode request, JsonNode consents) {
        JsonNode terms = request.get("endUserTermsConsent");
        if (terms != null && Agreements.find(Agreements.END_USER_TERMS, terms.get("termsVersion").asText()).isEmpty()) {
            throw new ApiException(ErrorCode.END_USER_TERMS_VERSION_NOT_FOUND, "End User Terms version " + terms.get("termsVersion").asText() + " does not exist; the current one is "
                            + Agreements.CURRENT_TERMS_VERSION);
        }
        if (consents != null && consents.isArray()) {
            for (JsonNode consent : consents) {
                if (Agreements.find(consent.get("type").asText(), consent.get("version").asText()).isEmpty()) {
                    throw new ApiException(ErrorCode.END_USER_TERMS_VERSION_NOT_FOUND, "Agreement " + consent.get("type").asText()
                            + " has no version " + consent.get("version").asText() + "; see GET /customers/agreements");
                }
            }
        }
    }
}
