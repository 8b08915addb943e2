package payments.sca;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.quarkus.hibernate.reactive.panache.PanacheQuery;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.LockModeType;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A TOTP or passkey factor a customer enrolled (SMS_OTP needs no enrollment: it is the verified phone). */
@Entity
@Table(name = "sca_factors")
public class EnrolledFactor extends PanacheEntityBase {

    public static final String PENDING = "PENDING";
    public static final String ACTIVE = "ACTIVE";

    @Id
    public UUID id;

    @Column(name = "customer_id", nullable = false)
    public UUID customerId;

    /** TOTP or PASSKEY. */
    @Column(nullable = false)
    public String factor;

    @Column(nullable = false)
    public String status;

    public String name;

    /** Sealed (SecretsAtRest), bound to this row's id. */
    @Column(name = "totp_secret")
    public String totpSecret;

    /** The 30-second step of the last code this TOTP factor accepted: a code counts once. */
    @Column(name = "totp_last_step")
    public Long totpLastStep;

    /** SHA-256 hex of each unused recovery code, comma-separated. */
    @Column(name = "recovery_code_hashes")
    public String recoveryCodeHashes;

    /** base64url of the registration challenge, while PENDING. */
    @Column(name = "passkey_challenge")
    public String passkeyChallenge;

    @Column(name = "passkey_credential_id")
    public String passkeyCredentialId;

    @Column(name = "passkey_credential_data")
    public byte[] passkeyCredentialData;

    @Column(name = "passkey_sign_count")
    public Long passkeySignCount;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /** The customer's enrolled (ACTIVE) factor of this kind; null when none. */
    static Uni<EnrolledFactor> active(UUID customerId, ScaRecords.Factor kind) {
        return activeOf(customerId, kind).firstResult();
    }

    /** {@link #active}, locked for the caller's transaction: two answers with one code are checked one after the other. */
    static Uni<EnrolledFactor> activeLocked(UUID customerId, ScaRecords.Factor kind) {
        return activeOf(customerId, kind).withLock(LockModeType.PESSIMISTIC_WRITE).firstResult();
    }

    private static PanacheQuery<EnrolledFactor> activeOf(UUID customerId, ScaRecords.Factor kind) {
        return find("customerId = ?1 and factor = ?2 and status = ?3", customerId, kind.name(), ACTIVE);
    }

    /** Every enrolled factor of the customer, by kind. */
    static Uni<List<EnrolledFactor>> allActive(UUID customerId) {
        return list("customerId = ?1 and status = ?2 order by factor", customerId, ACTIVE);
    }

    String sealName() {
        return "sca-totp:" + id;
    }
}
