package payments.platform;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** The platform's settings, stored as one JSON document (see {@link PlatformSettings}). */
@Entity
@Table(name = "platform_config")
public class PlatformConfigEntity extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(nullable = false)
    public String document;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;
}
