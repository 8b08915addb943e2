package payments.stablecoin;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;

import java.time.Instant;
import java.util.UUID;

/** The platform's link to an account at a stablecoin provider. The API secret is kept sealed ({@code SecretsAtRest}). */
@Entity
@Table(name = "stablecoin_provider_accounts")
public class StablecoinProviderAccount extends PanacheEntityBase {

    public static final String ACTIVE = "ACTIVE";
    public static final String INVALID = "INVALID";
    public static final String REVOKED = "REVOKED";

    @Id
    public UUID id;

    @Column(nullable = false)
    public String provider;

    @Column(name = "provider_account_id", nullable = false)
    public String providerAccountId;

    @Column(name = "provider_environment", nullable = false)
    public String providerEnvironment;

    @Column(nullable = false)
    public String status;

    @Column(name = "api_client_id", nullable = false)
    public String apiClientId;

    /** Sealed: readable only by this server, with its secrets key. */
    @Column(name = "api_client_secret", nullable = false)
    public String apiClientSecret;

    @Column(name = "last_verified_at")
    public Instant lastVerifiedAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    public String wireId() {
        return IdType.STABLECOIN_PROVIDER_ACCOUNT.wireId(id);
    }

    /** The name its sealed secret is bound to, so a sealed value cannot be moved to another row. */
    String sealName() {
        return "stablecoin-provider-account:" + id;
    }
}
