package payments.sca;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;

import java.time.Instant;
import java.util.UUID;

/** A challenge a customer answers to log in or to change a beneficiary's trust; answered once, before it expires. */
@Entity
@Table(name = "sca_challenges")
public class AuthenticationChallenge extends PanacheEntityBase {

    public static final String LOGIN = "LOGIN";
    public static final String TRUST = "TRUST";
    public static final String UNTRUST = "UNTRUST";

    @Id
    public UUID id;

    @Column(name = "customer_id", nullable = false)
    public UUID customerId;

    @Column(nullable = false)
    public String purpose;

    @Column(name = "external_account_id")
    public UUID externalAccountId;

    /** The factor it was issued for: SMS_OTP, TOTP or PASSKEY. */
    @Column(nullable = false)
    public String factor;

    /** The WebAuthn challenge (its text), when a passkey may answer. */
    @Column(name = "passkey_challenge")
    public String passkeyChallenge;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    @Column(name = "completed_at")
    public Instant completedAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    public String wireId() {
        return IdType.SCA_CHALLENGE.wireId(id);
    }

    boolean openAt(Instant now) {
        return completedAt == null && now.isBefore(expiresAt);
    }
}
