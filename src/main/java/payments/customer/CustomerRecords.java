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

    Customer newCustomer(CustomerRequest request, PlatformSettings settings) {
        Instant now = clock.now();
        Customer customer = new Customer();
        customer.id = Ids.newUuid();
        customer.customerType = request.customerType();
        customer.platformCustomerId = request.platformCustomerId() != null ? request.platformCustomerId()
                : customer.id.toString().replace("-", "");
        customer.region = request.region();
        customer.setCurrencyList(request.currencies() != null ? request.currencies() : settings.supportedCurrencyCodes());
        customer.email = request.email();
        customer.phoneNumber = request.phoneNumber();
        customer.verificationStatus = "UNVERIFIED";
        customer.identifier = request.identifier();
        customer.profile = json.write(profileFields(request));
        agreements.recordConsents(customer, request.endUserTermsConsent(), request.agreementConsents());
        if (Regions.requiresContactVerification(customer.region)) {
            customer.contactVerification = json.write(mapper.createObjectNode().put("email", "PENDING").put("phone", "PENDING"));
        }
        customer.createdAt = now;
        customer.updatedAt = now;
        return customer;
    }

    /** The request's fields the profile document keeps (those not in columns), as sent. */
    private ObjectNode profileFields(CustomerRequest request) {
        ObjectNode fields = mapper.valueToTree(request);
        fields.remove(COLUMN_FIELDS);
        return fields;
    }

    /**
     * The identity fields (wire names) a PATCH sets to new values, read before it is applied: fields
     * sent with the values on file change nothing.
     */
    List<String> identityChanges(Customer customer, CustomerRequest request) {
        JsonNode profile = json.read(customer.profile);
        ObjectNode given = profileFields(request);
        List<String> changed = new ArrayList<>(customer.isBusiness()
                ? IdentityChanges.differing(given.path("businessInfo"), profile.path("businessInfo"), BUSINESS_IDENTITY, "businessInfo.")
                : IdentityChanges.differing(given, profile, INDIVIDUAL_IDENTITY, ""));
        if (request.identifier() != null && !request.identifier().equals(customer.identifier)) {
            changed.add("identifier");
        }
        changed.addAll(IdentityChanges.differing(given, profile, List.of("address"), ""));
        return changed;
    }

    /** Applies a PATCH; returns the currencies it added (their accounts still need provisioning). */
    List<String> applyUpdate(Customer customer, CustomerRequest request) {
        List<String> added = new ArrayList<>();
        if (request.currencies() != null) {
            request.currencies().stream().filter(code -> !customer.currencyList().contains(code)).forEach(added::add);
            customer.setCurrencyList(request.currencies());
        }
        if (request.region() != null) {
            customer.region = request.region();
        }
        if (request.email() != null && !request.email().equals(customer.email)) {
            customer.email = request.email();
            resetContactVerification(customer, "email");
        }
        if (request.phoneNumber() != null && !request.phoneNumber().equals(customer.phoneNumber)) {
            customer.phoneNumber = request.phoneNumber();
            resetContactVerification(customer, "phone");
        }
        if (request.umaAddress() != null) {
            customer.umaAddress = request.umaAddress();
        }
        if (request.identifier() != null) {
            customer.identifier = request.identifier();
        }
        ObjectNode profile = (ObjectNode) json.read(customer.profile);
        profileFields(request).fields().forEachRemaining(field -> {
            if ("businessInfo".equals(field.getKey()) && profile.get("businessInfo") instanceof ObjectNode info) {
                info.setAll((ObjectNode) field.getValue());
            } else {
                profile.set(field.getKey(), field.getValue());
            }
        });
        customer.profile = json.write(profile);
        agreements.recordConsents(customer, request.endUserTermsConsent(), request.agreementConsents());
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

    Uni<String> umaAddressFor(CustomerRequest request, Customer customer, PlatformSettings settings) {
        if (request.umaAddress() != null) {
            return Uni.createFrom().item(request.umaAddress());
        }
        String slug = customer.platformCustomerId.toLowerCase().replaceAll("[^a-z0-9._-]", "").replaceAll("^[._-]+", "");
        String local = slug.isEmpty() ? "customer" : slug.substring(0, Math.min(slug.length(), 48));
        String candidate = "$" + local + "@" + settings.umaDomain();
        return Customer.count("umaAddress = ?1 and deletedAt is null", candidate).map(taken -> taken == 0 ? candidate
                : "$" + local + "." + HexFormat.of().toHexDigits(customer.id.getLeastSignificantBits()).substring(8)
                        + "@" + settings.umaDomain());
    }
}
