package payments.wallet;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.InternalAccount;
import payments.account.WalletOpening;
import payments.common.Ids;
import payments.customer.Customer;

/**
 * Every wallet starts with one EMAIL_OTP credential bound to its holder's e-mail address. A holder
 * without one gets none; the platform's first POST /auth/credentials then needs no signature.
 */
@ApplicationScoped
public class FirstCredential implements WalletOpening {

    private final WalletAudit audit;

    public FirstCredential(WalletAudit audit) {
        this.audit = audit;
    }

    @Override
    public Uni<Void> opened(InternalAccount wallet, Customer holder) {
        if (holder == null || holder.email == null || holder.email.isBlank()) {
            return Uni.createFrom().voidItem();
        }
        AuthCredential credential = new AuthCredential();
        credential.id = Ids.newUuid();
        credential.accountId = wallet.id;
        credential.type = AuthCredential.EMAIL_OTP;
        credential.nickname = holder.email;
        credential.createdAt = wallet.createdAt;
        credential.updatedAt = wallet.createdAt;
        return credential.persist().call(() -> audit.record(wallet.id, WalletAudit.CREDENTIAL_ADDED, credential.id, null)).replaceWithVoid();
    }
}
