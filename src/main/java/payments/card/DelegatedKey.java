package payments.card;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** A service-held key that signs a card's funding from an embedded wallet in its owner's place. */
@Entity
@Table(name = "delegated_keys")
public class DelegatedKey extends PanacheEntityBase {

    /** Made by the first call of the creation flow; not shown until its owner signed once. */
    public static final String PROPOSED = "PROPOSED";
    public static final String PENDING = "PENDING";
    public static final String ACTIVE = "ACTIVE";
    public static final String REVOKED = "REVOKED";

    @Id
    public UUID id;

    @Column(name = "card_id", nullable = false)
    public UUID cardId;

    @Column(name = "account_id", nullable = false)
    public UUID accountId;

    @Column(name = "public_key", nullable = false)
    public String publicKey;

    @Column(name = "private_key", nullable = false)
    public String privateKey;

    @Column(nullable = false)
    public String nickname;

    @Column(nullable = false)
    public String status;

    @Column(name = "next_request_id")
    public UUID nextRequestId;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;
}
