package payments.stablecoin;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;

import java.math.BigInteger;
import java.time.Instant;
import java.util.UUID;

/** A mint or burn of a registered stablecoin. Its status moves only through {@link StablecoinOperationStatus}. */
@Entity
@Table(name = "stablecoin_operations")
public class StablecoinOperation extends PanacheEntityBase {

    public static final String MINT = "MINT";
    public static final String BURN = "BURN";

    public static final String PENDING_FUNDING = "PENDING_FUNDING";
    public static final String PENDING_PROVIDER = "PENDING_PROVIDER";
    public static final String PROCESSING = "PROCESSING";
    public static final String COMPLETED = "COMPLETED";
    public static final String FAILED = "FAILED";
    public static final String EXPIRED = "EXPIRED";

    @Id
    public UUID id;

    @Column(name = "stablecoin_id", nullable = false)
    public UUID stablecoinId;

    @Column(name = "operation_type", nullable = false)
    public String operationType;

    @Column(nullable = false)
    public String status;

    /** In the token's smallest unit. */
    @Column(nullable = false, precision = 40)
    public BigInteger amount;

    /** The same value in the minor units of the stablecoin's base currency. */
    @Column(name = "fiat_amount", nullable = false)
    public long fiatAmount;

    /** The stablecoin's base currency, which {@link #fiatAmount} is in. */
    @Column(name = "fiat_currency", nullable = false)
    public String fiatCurrency;

    @Column(name = "stablecoin_provider_account_id", nullable = false)
    public UUID providerAccountId;

    @Column(name = "provider_environment", nullable = false)
    public String providerEnvironment;

    /** JSON: the wire's StablecoinOperationSource. */
    public String source;

    /** JSON: the wire's StablecoinOperationDestination. */
    public String destination;

    @Column(name = "funding_instructions")
    public String fundingInstructions;

    @Column(name = "estimated_delivery")
    public String estimatedDelivery;

    /** The internal account a Grid-funded mint holds its amount on. */
    @Column(name = "funding_account_id")
    public UUID fundingAccountId;

    @Column(name = "expires_at")
    public Instant expiresAt;

    @Column(name = "provider_status")
    public String providerStatus;

    @Column(name = "failure_reason")
    public String failureReason;

    public String description;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    public String wireId() {
        return IdType.STABLECOIN_OPERATION.wireId(id);
    }

    boolean isMint() {
        return MINT.equals(operationType);
    }
}
