package payments.account;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** The outstanding ownership challenge of a wallet external account. */
@Entity
@Table(name = "ownership_challenges")
public class OwnershipChallenge extends PanacheEntityBase {

    public static final String WALLET_SIGNATURE = "WALLET_SIGNATURE";
    public static final String LIVENESS = "LIVENESS";

    @Id
    @Column(name = "account_id")
    public UUID accountId;

    @Column(nullable = false)
    public String method;

    /** The message to sign, or the hosted liveness page's token. */
    @Column(nullable = false)
    public String material;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
