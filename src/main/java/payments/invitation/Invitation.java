package payments.invitation;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** A UMA invitation, keyed by the code the inviter shares. Its status moves only through {@link InvitationStatus}. */
@Entity
@Table(name = "uma_invitations")
public class Invitation extends PanacheEntityBase {

    public static final String PENDING = "PENDING";
    public static final String CLAIMED = "CLAIMED";
    public static final String EXPIRED = "EXPIRED";
    public static final String CANCELLED = "CANCELLED";

    @Id
    public String code;

    @Column(name = "inviter_customer_id", nullable = false)
    public UUID inviterCustomerId;

    @Column(name = "inviter_uma", nullable = false)
    public String inviterUma;

    @Column(name = "invitee_uma")
    public String inviteeUma;

    @Column(name = "first_name")
    public String firstName;

    /** In the minor units of {@link #currency}; null when the invitation promises no amount. */
    @Column(name = "amount_to_send")
    public Long amountToSend;

    public String currency;

    /** As stored: PENDING, CLAIMED or CANCELLED; a pending one past its expiry reads as EXPIRED. */
    @Column(nullable = false)
    public String status;

    @Column(nullable = false)
    public String url;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    @Column(name = "expires_at")
    public Instant expiresAt;

    @Column(name = "claimed_at")
    public Instant claimedAt;
}
