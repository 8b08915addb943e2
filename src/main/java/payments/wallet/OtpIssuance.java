package payments.wallet;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** One one-time code sent for an OTP credential, with the HPKE key the client seals its attempt to. */
@Entity
@Table(name = "auth_otp_issuances")
public class OtpIssuance extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "credential_id", nullable = false)
    public UUID credentialId;

    /** The 32-byte private scalar in hex, sealed by SecretsAtRest. */
    @Column(name = "target_private_key", nullable = false)
    public String targetPrivateKey;

    /** SHA-256 (hex) of the code. */
    @Column(name = "code_hash", nullable = false)
    public String codeHash;

    @Column(name = "failed_attempts", nullable = false)
    public int failedAttempts;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    @Column(name = "used_at")
    public Instant usedAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
