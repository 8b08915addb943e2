package payments.stablecoin;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;

import java.time.Instant;
import java.util.UUID;

/** A provider-created stablecoin registered here, with the token metadata its provider reported. */
@Entity
@Table(name = "stablecoins")
public class Stablecoin extends PanacheEntityBase {

    public static final String PROVISIONED = "PROVISIONED";
    public static final String NOT_ENABLED = "NOT_ENABLED";

    @Id
    public UUID id;

    @Column(nullable = false)
    public String name;

    @Column(nullable = false)
    public String symbol;

    @Column(name = "base_currency", nullable = false)
    public String baseCurrency;

    @Column(nullable = false)
    public String network;

    @Column(nullable = false)
    public int decimals;

    @Column(name = "issuance_status", nullable = false)
    public String issuanceStatus;

    @Column(name = "grid_operations_status", nullable = false)
    public String gridOperationsStatus;

    @Column(name = "network_token_identifier", nullable = false)
    public String networkTokenIdentifier;

    /** Its currency code on internal accounts, once enabled for operations there; null until then. */
    public String currency;

    @Column(nullable = false)
    public String provider;

    @Column(name = "stablecoin_provider_account_id", nullable = false)
    public UUID providerAccountId;

    @Column(name = "provider_environment", nullable = false)
    public String providerEnvironment;

    @Column(name = "provider_token_identifier", nullable = false)
    public String providerTokenIdentifier;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    public String wireId() {
        return IdType.STABLECOIN.wireId(id);
    }
}
