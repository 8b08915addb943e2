package payments.wallet;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/** One line of a wallet's audit trail. */
@Entity
@Table(name = "wallet_audit")
public class WalletAuditEvent extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "account_id", nullable = false)
    public UUID accountId;

    @Column(nullable = false)
    public String event;

    @Column(name = "subject_id")
    public UUID subjectId;

    @Column(name = "signer_session_id")
    public UUID signerSessionId;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
