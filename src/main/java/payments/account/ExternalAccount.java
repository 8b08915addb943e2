package payments.account;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;

import java.time.Instant;
import java.util.UUID;

/** A bank account or wallet outside this service, of a customer or (customerId null) of the platform. */
@Entity
@Table(name = "external_accounts")
public class ExternalAccount extends PanacheEntityBase {

    public static final String ACTIVE = "ACTIVE";
    public static final String PENDING_OWNERSHIP_VERIFICATION = "PENDING_OWNERSHIP_VERIFICATION";
    public static final String UNVERIFIED = "UNVERIFIED";

    @Id
    public UUID id;

    @Column(name = "customer_id")
    public UUID customerId;

    @Column(nullable = false)
    public String currency;

    @Column(name = "account_type", nullable = false)
    public String accountType;

    @Column(name = "identity_key", nullable = false)
    public String identityKey;

    @Column(nullable = false)
    public String status;

    @Column(name = "platform_account_id")
    public String platformAccountId;

    @Column(name = "ownership_type")
    public String ownershipType;

    @Column(name = "default_uma_deposit", nullable = false)
    public boolean defaultUmaDeposit;

    @Column(name = "beneficiary_verification_status")
    public String beneficiaryVerificationStatus;

    @Column(name = "beneficiary_verified_name")
    public String beneficiaryVerifiedName;

    /** The accountInfo object as created (JSON). */
    @Column(name = "account_info", nullable = false)
    public String accountInfo;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    @Column(name = "deleted_at")
    public Instant deletedAt;

    /** A trusted beneficiary: its holder confirmed it with SCA, so payments to it skip the per-payment challenge. */
    @Column(name = "trusted_beneficiary", nullable = false)
    public boolean trustedBeneficiary;

    /** Not deleted and ACTIVE: its ownership, where checked, is verified. */
    public boolean isVerified() {
        return deletedAt == null && ACTIVE.equals(status);
    }

    /**
     * Whether a pull may debit an account whose holder-name check came back {@code verification}:
     * only when the bank confirmed the name (exactly or nearly). NOT_MATCHED, PENDING, UNSUPPORTED
     * and CHECKED_BY_RECEIVING_FI (a check the receiving bank makes on credits, never on a debit) do not prove
     * the payer owns the account.
     */
    public static boolean mayBePulledFrom(String verification) {
        return "MATCHED".equals(verification) || "PARTIAL_MATCH".equals(verification);
    }

    /**
     * Whether payments may reach it: ACTIVE, or a wallet whose ownership check is still pending (the
     * spec: usable below regulatory thresholds; pricing refuses amounts above, see QuotePricing).
     */
    public boolean canReceive() {
        return deletedAt == null && (ACTIVE.equals(status) || PENDING_OWNERSHIP_VERIFICATION.equals(status));
    }

    public String wireId() {
        return IdType.EXTERNAL_ACCOUNT.wireId(id);
    }
}
