package payments.wallet;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** The pending challenge of a signed retry, named on the wire by its Request-Id. */
@Entity
@Table(name = "wallet_requests")
public class WalletRequest extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "account_id", nullable = false)
    public UUID accountId;

    @Column(nullable = false)
    public String operation;

    @Column(name = "target_id")
    public UUID targetId;

    /** SHA-256 (hex) of what identifies the request: operation, target and body. */
    @Column(name = "request_digest", nullable = false)
    public String requestDigest;

    @Column(name = "payload_to_sign", nullable = false)
    public String payloadToSign;

    /** The only key allowed to sign; null: any active session of the account. */
    @Column(name = "signer_key")
    public String signerKey;

    @Column(name = "client_public_key")
    public String clientPublicKey;

    /** Sessions of this credential may not sign (revoking a credential needs another one). */
    @Column(name = "excluded_credential_id")
    public UUID excludedCredentialId;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    @Column(name = "consumed_at")
    public Instant consumedAt;

    /** When the provider's activity behind this accepted retry settles; null when nothing is in flight. */
    @Column(name = "settles_at")
    public Instant settlesAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
