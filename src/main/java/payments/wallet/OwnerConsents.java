package payments.wallet;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.InternalAccount;
import payments.common.ServerClock;
import payments.common.WalletOwnerConsent;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** {@link WalletOwnerConsent} by the signed retry: any active session of the wallet signs. */
@ApplicationScoped
public class OwnerConsents implements WalletOwnerConsent {

    private final SignedRetries retries;
    private final WalletEnclave enclave;
    private final ServerClock clock;

    public OwnerConsents(SignedRetries retries, WalletEnclave enclave, ServerClock clock) {
        this.retries = retries;
        this.enclave = enclave;
        this.clock = clock;
    }

    @Override
    public Uni<Optional<Object>> require(UUID walletId, String operation, Object body, String activity, Map<String, Object> parameters,
                                         Signature signature) {
        SignedRetries.Ask ask = SignedRetries.Ask.of(walletId, operation, walletId, body);
        SignedRetries.Headers headers = new SignedRetries.Headers(signature.stamp(), signature.requestId());
        if (headers.firstCall()) {
            Map<String, Object> withUser = new java.util.HashMap<>(parameters);
            withUser.put("userId", AuthCredentials.userId(walletId));
            return retries.issue(ask, enclave.activity(activity, withUser, clock.now()), null, null).map(Optional::of);
        }
        return retries.consume(ask, headers).map(signed -> Optional.empty());
    }

    @Override
    public Uni<List<UUID>> walletsTiedTo(UUID customerId, Collection<String> credentialTypes) {
        return InternalAccount.<InternalAccount>find("customerId = ?1 and type = ?2 and id in (select c.accountId from AuthCredential c"
                                + " where c.type in ?3 and c.deletedAt is null) order by createdAt, id", customerId,
                        InternalAccount.EMBEDDED_WALLET, credentialTypes).list()
                .map(wallets -> wallets.stream().map(wallet -> wallet.id).toList());
    }

    @Override
    public Uni<Void> contactChanged(UUID customerId, String credentialType, String value) {
        return AuthCredential.update("nickname = ?1, updatedAt = ?2 where type = ?3 and deletedAt is null and accountId in"
                        + " (select a.id from InternalAccount a where a.customerId = ?4 and a.type = ?5)",
                value, clock.now(), credentialType, customerId, InternalAccount.EMBEDDED_WALLET).replaceWithVoid();
    }
}
