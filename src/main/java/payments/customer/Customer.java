package payments.customer;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.IdType;
import payments.common.RawTable;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * A customer. Fields that are filtered on or drive rules are columns; the rest of the wire
 * profile (names, address, business info, due diligence) is kept as one JSON document.
 */
@Entity
@Table(name = "customers")
public class Customer extends PanacheEntityBase {

    public static final String INDIVIDUAL = "INDIVIDUAL";
    public static final String BUSINESS = "BUSINESS";

    @Id
    public UUID id;

    @Column(name = "platform_customer_id", nullable = false)
    public String platformCustomerId;

    @Column(name = "customer_type", nullable = false)
    public String customerType;

    public String region;

    /** Delimited as {@code ,USD,USDC,}; see {@link #currencyList()}. */
    @Column(nullable = false)
    public String currencies;

    public String email;

    @Column(name = "phone_number")
    public String phoneNumber;

    @Column(name = "uma_address", nullable = false)
    public String umaAddress;

    /** kycStatus of an individual, kybStatus of a business. */
    @Column(name = "verification_status", nullable = false)
    public String verificationStatus;

    @Column(nullable = false)
    public String profile;

    public String identifier;

    @Column(name = "terms_consent")
    public String termsConsent;

    @Column(name = "agreement_consents")
    public String agreementConsents;

    @Column(name = "contact_verification")
    public String contactVerification;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    @Column(name = "deleted_at")
    public Instant deletedAt;

    /** Every column, written and read by the raw client (see {@link RawTable}). */
    public static final RawTable<Customer> ROWS = RawTable.<Customer>into("customers")
            .uuid("id", c -> c.id, (c, v) -> c.id = v)
            .text("platform_customer_id", c -> c.platformCustomerId, (c, v) -> c.platformCustomerId = v)
            .text("customer_type", c -> c.customerType, (c, v) -> c.customerType = v)
            .text("region", c -> c.region, (c, v) -> c.region = v)
            .text("currencies", c -> c.currencies, (c, v) -> c.currencies = v)
            .text("email", c -> c.email, (c, v) -> c.email = v)
            .text("phone_number", c -> c.phoneNumber, (c, v) -> c.phoneNumber = v)
            .text("uma_address", c -> c.umaAddress, (c, v) -> c.umaAddress = v)
            .text("verification_status", c -> c.verificationStatus, (c, v) -> c.verificationStatus = v)
            .text("profile", c -> c.profile, (c, v) -> c.profile = v)
            .text("identifier", c -> c.identifier, (c, v) -> c.identifier = v)
            .text("terms_consent", c -> c.termsConsent, (c, v) -> c.termsConsent = v)
            .text("agreement_consents", c -> c.agreementConsents, (c, v) -> c.agreementConsents = v)
            .text("contact_verification", c -> c.contactVerification, (c, v) -> c.contactVerification = v)
            .timestamp("created_at", c -> c.createdAt, (c, v) -> c.createdAt = v)
            .timestamp("updated_at", c -> c.updatedAt, (c, v) -> c.updatedAt = v)
            .timestamp("deleted_at", c -> c.deletedAt, (c, v) -> c.deletedAt = v);

    /** A customer read with the raw client (not managed by any session): {@link #ROWS} from position {@code first} on. */
    public static Customer fromRow(Row row, int first) {
        return ROWS.read(row, first, Customer::new);
    }

    public String wireId() {
        return IdType.CUSTOMER.wireId(id);
    }

    public boolean isBusiness() {
        return BUSINESS.equals(customerType);
    }

    public boolean isDeleted() {
        return deletedAt != null;
    }

    /** This customer, unless deleted: a deleted customer answers 410 CUSTOMER_DELETED, and its accounts neither send nor receive. */
    public Customer requireNotDeleted() {
        if (isDeleted()) {
            throw new ApiException(ErrorCode.CUSTOMER_DELETED, "Customer " + wireId() + " has been deleted");
        }
        return this;
    }

    /**
     * This customer, if it may pay out of its accounts: verified (else 400 USER_NOT_READY) and
     * holding the end-user terms (else 400 END_USER_TERMS_NOT_ACCEPTED).
     */
    public Customer requireReadyToPay() {
        if (!"APPROVED".equals(verificationStatus)) {
            throw new ApiException(ErrorCode.USER_NOT_READY, "Customer " + wireId() + " is " + verificationStatus
                    + "; only verified customers can pay");
        }
        if (!CustomerConsents.hasAcceptedTerms(this)) {
            throw new ApiException(ErrorCode.END_USER_TERMS_NOT_ACCEPTED, "Customer " + wireId() + " has not accepted the end-user terms");
        }
        return this;
    }

    /** The currency the customer sends and is quoted in by default: the first one it uses, USD when it names none. */
    public String homeCurrency() {
        List<String> used = currencies == null ? List.of() : currencyList();
        return used.isEmpty() ? "USD" : used.get(0);
    }

    public List<String> currencyList() {
        return Arrays.stream(currencies.split(",")).filter(code -> !code.isEmpty()).toList();
    }

    public void setCurrencyList(List<String> codes) {
        currencies = "," + String.join(",", codes) + ",";
    }

    /** The wire name of {@link #verificationStatus}. */
    public String statusField() {
        return isBusiness() ? "kybStatus" : "kycStatus";
    }
}
