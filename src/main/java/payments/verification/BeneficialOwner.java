package payments.verification;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/** A beneficial owner, director or officer of a business customer; goes through KYC of its own. */
@Entity
@Table(name = "beneficial_owners")
public class BeneficialOwner extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "customer_id", nullable = false)
    public UUID customerId;

    /** Delimited as {@code ,UBO,DIRECTOR,}; see {@link #roleList()}. */
    @Column(nullable = false)
    public String roles;

    @Column(name = "ownership_percentage", nullable = false)
    public int ownershipPercentage;

    /** The wire personalInfo object, as JSON. */
    @Column(name = "personal_info", nullable = false)
    public String personalInfo;

    @Column(name = "kyc_status", nullable = false)
    public String kycStatus;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    public String wireId() {
        return IdType.BENEFICIAL_OWNER.wireId(id);
    }

    public List<String> roleList() {
        return Arrays.stream(roles.split(",")).filter(role -> !role.isEmpty()).toList();
    }

    public void setRoleList(List<String> values) {
        roles = "," + String.join(",", values) + ",";
    }
}
