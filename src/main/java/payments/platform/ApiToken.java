package payments.platform;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** An API token. Only a SHA-256 hash of its secret is kept; the secret itself is shown once. */
@Entity
@Table(name = "api_tokens")
public class ApiToken extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "client_id", nullable = false)
    public String clientId;

    @Column(nullable = false)
    public String name;

    /** Comma-separated {@link payments.common.security.Permission} names. */
    @Column(nullable = false)
    public String permissions;

    @Column(name = "secret_hash", nullable = false)
    public byte[] secretHash;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    @Column(name = "deleted_at")
    public Instant deletedAt;

    /**
     * The setting of the operator's that made this token (SVC_COMPLIANCE_CLIENT_ID for the compliance
     * desk's); null for tokens made through the API. Such a token is deleted only by itself.
     */
    @Column(name = "configured_by")
    public String configuredBy;
}
