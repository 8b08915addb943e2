package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** A notification of change received for an external account, and what it changed (the audit record; never deleted). */
@Entity
@Table(name = "external_account_changes")
public class ExternalAccountChange extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "external_account_id", nullable = false)
    public UUID externalAccountId;

    @Column(name = "change_code", nullable = false)
    public String changeCode;

    /** JSON: each corrected detail with its old and new value, account numbers masked to their last four digits. */
    @Column(nullable = false)
    public String changes;

    @Column(nullable = false)
    public boolean applied;

    @Column(nullable = false)
    public String detail;

    @Column(name = "original_trace", nullable = false)
    public String originalTrace;

    @Column(name = "file_sha256", nullable = false)
    public String fileSha256;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
