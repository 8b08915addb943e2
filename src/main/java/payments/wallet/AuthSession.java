package payments.wallet;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** A verified credential's session: its public key signs the wallet's requests until expiresAt. */
@Entity
@Table(name = "auth_sessions")
public class AuthSession extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "account_id", nullable = false)
    public UUID accountId;

    @Column(name = "credential_id", nullable = false)
    public UUID credentialId;

    /** Compressed hex. */
    @Column(name = "public_key", nullable = false)
    public String publicKey;

    @Column(name = "revoked_at")
    public Instant revokedAt;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    public boolean isActive(Instant now) {
        return revokedAt == null && now.isBefore(expiresAt);
    }
}
