package payments.wallet;

import payments.common.Ids;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ServerClock;

import java.util.UUID;

/** The audit trail of wallets (wallet_audit): written in the transaction of the change it records. */
@ApplicationScoped
public class WalletAudit {

    public static final String CREDENTIAL_ADDED = "CREDENTIAL_ADDED";
    public static final String CREDENTIAL_REVOKED = "CREDENTIAL_REVOKED";
    public static final String SESSION_OPENED = "SESSION_OPENED";
    public static final String SESSION_REVOKED = "SESSION_REVOKED";
    public static final String WALLET_EXPORTED = "WALLET_EXPORTED";
    public static final String DELEGATED_KEY_CREATED = "DELEGATED_KEY_CREATED";
    public static final String DELEGATED_KEY_ACTIVATED = "DELEGATED_KEY_ACTIVATED";
    public static final String DELEGATED_KEY_REVOKED = "DELEGATED_KEY_REVOKED";

    private final ServerClock clock;

    public WalletAudit(ServerClock clock) {
        this.clock = clock;
    }

    /** Records {@code event} on {@code subjectId}, signed by {@code signer} (null when no session signed). */
    public Uni<Void> record(UUID accountId, String event, UUID subjectId, AuthSession signer) {
        WalletAuditEvent entry = new WalletAuditEvent();
        entry.id = Ids.newUuid();
        entry.accountId = accountId;
        entry.event = event;
        entry.subjectId = subjectId;
        entry.signerSessionId = signer == null ? null : signer.id;
        entry.createdAt = clock.now();
        // Persisted with the change it records, after it (the session flushes in order).
        return entry.persist().replaceWithVoid();
    }
}
