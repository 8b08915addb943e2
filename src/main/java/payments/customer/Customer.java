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
import payments.common.Times;

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

    /** Every column, in the order {@link #fromRow} reads them. */
    public static final List<String> COLUMNS = List.of("id", "platform_customer_id", "customer_type", "region",
            "currencies", "email", "phone_number", "uma_address", "verification_status", "profile", "identifier",
            "terms_consent", "agreement_consents", "contact_verification", "created_at", "updated_at", "deleted_at");

    /**
     * A customer read with the raw client (not managed by any session): {@link #COLUMNS} from
     * position {@code first} of the row on.
     */
    public static Customer fromRow(Row row, int first) {
        Customer customer = new Customer();
        int i = first;
        customer.id = row.getUUID(i++);
        customer.platformCustomerId = row.getString(i++);
        customer.customerType = row.getString(i++);
        customer.region = row.getString(i++);
        customer.currencies = row.getString(i++);
        customer.email = row.getString(i++);
        customer.phoneNumber = row.getString(i++);
        customer.umaAddress = row.getString(i++);
        customer.verificationStatus = row.getString(i++);
        customer.profile = row.getString(i++);
        customer.identifier = row.getString(i++);
        customer.termsConsent = row.getString(i++);
        customer.agreementConsents = row.getString(i++);
        customer.contactVerification = row.getString(i++);
        customer.createdAt = Times.instant(row.getOffsetDateTime(i++));
        customer.updatedAt = Times.instant(row.getOffsetDateTime(i++));
        customer.deletedAt = Times.instant(row.getOffsetDateTime(i));
        return customer;
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
