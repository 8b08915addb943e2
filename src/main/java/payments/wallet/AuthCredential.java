package payments.wallet;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** A way the owner of an embedded wallet proves presence (an AuthMethod on the wire). */
@Entity
@Table(name = "auth_credentials")
public class AuthCredential extends PanacheEntityBase {

    public static final String EMAIL_OTP = "EMAIL_OTP";
    public static final String SMS_OTP = "SMS_OTP";
    public static final String OAUTH = "OAUTH";
    public static final String PASSKEY = "PASSKEY";

    @Id
    public UUID id;

    @Column(name = "account_id", nullable = false)
    public UUID accountId;

    @Column(nullable = false)
    public String type;

    @Column(nullable = false)
    public String nickname;

    @Column(name = "oauth_issuer")
    public String oauthIssuer;

    @Column(name = "oauth_audience")
    public String oauthAudience;

    @Column(name = "oauth_subject")
    public String oauthSubject;

    @Column(name = "passkey_credential_id")
    public String passkeyCredentialId;

    /** WebAuthn attested credential data (AAGUID, credential id, COSE public key). */
    @Column(name = "passkey_credential_data")
    public byte[] passkeyCredentialData;

    @Column(name = "passkey_challenge_hash")
    public String passkeyChallengeHash;

    @Column(name = "passkey_sign_count")
    public Long passkeySignCount;

    @Column(name = "passkey_transports")
    public String passkeyTransports;

    @Column(name = "deleted_at")
    public Instant deletedAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    public boolean isOtp() {
        return EMAIL_OTP.equals(type) || SMS_OTP.equals(type);
    }
}
