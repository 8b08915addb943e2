package payments.customer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.Ids;
import payments.common.JsonText;
import payments.common.Regions;
import payments.common.ServerClock;
import payments.platform.PlatformSettings;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/** A customer's stored record built from a creation request, or changed by an update. */
@ApplicationScoped
public class CustomerRecords {

    private final CustomerConsents agreements;
    private final JsonText json;
    private final ObjectMapper mapper;
    private final ServerClock clock;

    public CustomerRecords(CustomerConsents agreements, JsonText json, ObjectMapper mapper, ServerClock clock) {
        this.agreements = agreements;
        this.json = json;
        this.mapper = mapper;
        this.clock = clock;
    }

    /** Wire fields kept in columns rather than in the profile document. */
    private static final Set<String> COLUMN_FIELDS = Set.of("platformCustomerId", "customerType", "region", "currencies",
            "email", "phoneNumber", "umaAddress", "kycStatus", "kybStatus", "identifier", "endUserTermsConsent",
            "agreementConsents");

    /** What a KYC or KYB review decides on, beside the {@code identifier} column and the address. */
    private static final List<String> INDIVIDUAL_IDENTITY = List.of("fullName", "birthDate", "nationality", "idType",
            "countryOfIssuance");
    private static final List<String> BUSINESS_IDENTITY = List.of("legalName", "registrationNumber", "taxId", "entityType",
            "country", "incorporatedOn", "countriesOfOperation");

    Customer newCustomer(ObjectNode request, JsonNode consents, PlatformSettings settings) {
        Instant now = clock.now();
        Customer customer = new Customer();
        customer.id = Ids.newUuid();
        customer.customerType = request.get("customerType").asText();
        customer.platformCustomerId = request.has("platformCustomerId") ? request.get("platformCustomerId").asText()
                : customer.id.toString().replace("-", "");
        customer.region = request.path("region").asText(null);
        customer.setCurrencyList(request.has("currencies") ? JsonText.texts(request.get("currencies")) : settings.supportedCurrencyCodes());
        customer.email = request.path("email").asText(null);
        customer.phoneNumber = request.path("phoneNumber").asText(null);
        customer.verificationStatus = "UNVERIFIED";
        customer.identifier = request.path("identifier").asText(null);
        ObjectNode profile = request.deepCopy();
        profile.remove(COLUMN_FIELDS);
        customer.profile = json.write(profile);
        agreements.recordConsents(customer, request.get("endUserTermsConsent"), consents);
        if (Regions.requiresContactVerification(customer.region)) {
            customer.contactVerification = json.write(mapper.createObjectNode().put("email", "PENDING").put("phone", "PENDING"));
        }
        customer.createdAt = now;
        customer.updatedAt = now;
        return customer;
    }

    /**
     * The identity fields (wire names) a PATCH sets to new values, read before it is applied: fields
     * sent with the values on file change nothing.
     */
    List<String> identityChanges(Customer customer, ObjectNode request) {
        JsonNode profile = json.read(customer.profile);
        List<String> changed = new ArrayList<>(customer.isBusiness()
                ? IdentityChanges.differing(request.path("businessInfo"), profile.path("businessInfo"), BUSINESS_IDENTITY, "businessInfo.")
                : IdentityChanges.differing(request, profile, INDIVIDUAL_IDENTITY, ""));
        if (request.has("identifier") && !request.get("identifier").asText().equals(customer.identifier)) {
            changed.add("identifier");
        }
        changed.addAll(IdentityChanges.differing(request, profile, List.of("address"), ""));
        return changed;
    }

    /** Applies a PATCH; returns the currencies it added (their accounts still need provisioning). */
    List<String> applyUpdate(Customer customer, ObjectNode request, JsonNode consents) {
        List<String> added = new ArrayList<>();
        if (request.has("currencies")) {
            List<String> next = JsonText.texts(request.get("currencies"));
            next.stream().filter(code -> !customer.currencyList().contains(code)).forEach(added::add);
            customer.setCurrencyList(next);
        }
        if (request.has("region")) {
            customer.region = request.get("region").asText();
        }
        if (request.has("email") && !request.get("email").asText().equals(customer.email)) {
            customer.email = request.get("email").asText();
            resetContactVerification(customer, "email");
        }
        if (request.has("phoneNumber") && !request.get("phoneNumber").asText().equals(customer.phoneNumber)) {
            customer.phoneNumber = request.get("phoneNumber").asText();
            resetContactVerification(customer, "phone");
        }
        if (request.has("umaAddress")) {
            customer.umaAddress = request.get("umaAddress").asText();
        }
        if (request.has("identifier")) {
            customer.identifier = request.get("identifier").asText();
        }
        ObjectNode profile = (ObjectNode) json.read(customer.profile);
        request.fields().forEachRemaining(field -> {
            if (COLUMN_FIELDS.contains(field.getKey())) {
                return;
            }
            if ("businessInfo".equals(field.getKey()) && profile.get("businessInfo") instanceof ObjectNode info) {
                info.setAll((ObjectNode) field.getValue());
            } else {
                profile.set(field.getKey(), field.getValue());
            }
        });
        customer.profile = json.write(profile);
        agreements.recordConsents(customer, request.get("endUserTermsConsent"), consents);
        customer.updatedAt = clock.now();
        return added;
    }

    private void resetContactVerification(Customer customer, String channel) {
        if (customer.contactVerification != null) {
            ObjectNode state = (ObjectNode) json.read(customer.contactVerification);
            state.put(channel, "PENDING");
            state.remove(channel + "CodeExpiresAt");
            customer.contactVerification = json.write(state);
        }
    }

    Uni<String> umaAddressFor(ObjectNode request, Customer customer, PlatformSettings settings) {
        if (request.has("umaAddress")) {
            return Uni.createFrom().item(request.get("umaAddress").asText());
        }
        String slug = customer.platformCustomerId.toLowerCase().replaceAll("[^a-z0-9._-]", "").replaceAll("^[._-]+", "");
        String local = slug.isEmpty() ? "customer" : slug.substring(0, Math.min(slug.length(), 48));
        String candidate = "$" + local + "@" + settings.umaDomain();
        return Customer.count("umaAddress = ?1 and deletedAt is null", candidate).map(taken -> taken == 0 ? candidate
                : "$" + local + "." + HexFormat.of().toHexDigits(customer.id.getLeastSignificantBits()).substring(8)
                        + "@" + settings.umaDomain());
    }
}
