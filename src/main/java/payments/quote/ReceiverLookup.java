package payments.quote;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;

import java.time.Instant;
import java.util.UUID;

/** A receiver lookup a later quote refers to by its lookupId. */
@Entity
@Table(name = "receiver_lookups")
public class ReceiverLookup extends PanacheEntityBase {

    @Id
    public UUID id;

    /** The UMA address or the external account id that was looked up. */
    @Column(nullable = false)
    public String receiver;

    @Column(name = "customer_id")
    public UUID customerId;

    /** The requiredPayerDataFields answered, JSON. */
    @Column(name = "required_fields", nullable = false)
    public String requiredFields;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    public String wireId() {
        return IdType.LOOKUP.wireId(id);
    }
}
